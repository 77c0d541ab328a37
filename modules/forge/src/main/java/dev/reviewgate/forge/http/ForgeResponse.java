package dev.reviewgate.forge.http;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;

/**
 * A forge's answer after retries: the status (a 304 served from the cache reads as the cached 200, with
 * {@code fromCache} set), the headers and the raw body bytes, untouched.
 */
public record ForgeResponse(int status, MultiMap headers, Buffer body, boolean fromCache, String what) {

  public boolean ok() {
    return status >= 200 && status < 300;
  }
}
