package dev.reviewgate.forge.http;

import dev.reviewgate.core.ToolException;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * A forge's answer after retries: the status (a 304 served from the cache reads as the cached 200, with
 * {@code fromCache} set), the headers and the raw body bytes, untouched.
 */
public record ForgeResponse(int status, MultiMap headers, Buffer body, boolean fromCache, String what) {

  public boolean ok() {
    return status >= 200 && status < 300;
  }

  /** The body as a JSON object (an empty body: an empty object); anything else is an upstream error naming {@code forge}. */
  public JsonObject jsonObject(String forge) {
    try {
      return body.length() == 0 ? new JsonObject() : new JsonObject(body);
    } catch (RuntimeException e) {
      throw ToolException.upstream(forge + " sent a body that is not a JSON object for " + what);
    }
  }

  /** The body as a JSON array (an empty body: an empty array); anything else is an upstream error naming {@code forge}. */
  public JsonArray jsonArray(String forge) {
    try {
      return body.length() == 0 ? new JsonArray() : new JsonArray(body);
    } catch (RuntimeException e) {
      throw ToolException.upstream(forge + " sent a body that is not a JSON array for " + what);
    }
  }
}
