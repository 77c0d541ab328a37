package dev.reviewgate.forge.http;

/**
 * Where a forge is, for the texts that tell a caller what to check when it cannot be reached.
 *
 * @param forge  the forge's name in messages, e.g. {@code GitHub}
 * @param url    the API base the client reaches
 * @param urlKey the configuration key of that base, e.g. {@code github.apiUrl}
 */
public record ForgeSite(String forge, String url, String urlKey) {
}
