package dev.reviewgate.forge.json;

/**
 * A forge's reply lacks a member the call cannot do without, or has it in a form we cannot use. Thrown while reading
 * a reply and turned into the caller's error by {@link ForgeReplies#read}; it carries no stack trace, since it
 * describes the forge's data, not a bug of ours. Its message names the forge, the endpoint and the member's dotted
 * path (e.g. {@code diff_refs.head_sha}).
 */
public final class ForgeDataException extends RuntimeException {

  public ForgeDataException(ForgeEndpoint endpoint, String field, String problem) {
    super(endpoint.forge() + "'s reply to " + endpoint.endpoint() + ": " + field + " " + problem, null, false, false);
  }
}
