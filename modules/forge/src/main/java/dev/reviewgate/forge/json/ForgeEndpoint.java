package dev.reviewgate.forge.json;

/**
 * A forge's endpoint as its API reference names it, for messages about its replies.
 *
 * @param forge the forge's name as users know it: {@code GitHub}, {@code GitLab}, {@code Azure DevOps}
 * @param endpoint the method and path template, e.g. {@code GET /repos/{owner}/{repo}/pulls/{pull_number}}, or a
 *     GraphQL field path
 */
public record ForgeEndpoint(String forge, String endpoint) {

  @Override
  public String toString() {
    return forge + " " + endpoint;
  }
}
