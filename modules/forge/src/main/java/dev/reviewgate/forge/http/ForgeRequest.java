package dev.reviewgate.forge.http;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;

/**
 * One request to a forge's API.
 *
 * @param headers every header to send, the secret's {@code Authorization} included (never logged: only {@code what} is)
 * @param body    null for none
 * @param write   whether it changes state on the forge: serialised and spaced, and not retried once it may have been applied
 * @param what    the request in words for logs and messages, e.g. {@code GET /repos/o/r/pulls/1}
 */
public record ForgeRequest(HttpMethod method, String url, MultiMap headers, Buffer body, boolean write, String what) {
}
