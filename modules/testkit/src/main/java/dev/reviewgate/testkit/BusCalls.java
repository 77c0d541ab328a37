package dev.reviewgate.testkit;

import dev.reviewgate.core.bus.BusRequests;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;

/**
 * A tool called over the event bus as every front-end calls it, blocking the test's thread: the reply, or the
 * {@link dev.reviewgate.core.ToolException} the tool failed with. {@code fixed} arguments (the forge, the repository,
 * the pull request) go into every call; a call's own arguments win over them.
 *
 * @param timeoutMs the bus timeout, as a front-end would apply it
 */
public record BusCalls(Vertx vertx, JsonObject fixed, long timeoutMs) {

  public static BusCalls on(Vertx vertx) {
    return new BusCalls(vertx, new JsonObject(), 30_000);
  }

  /** The same calls with {@code args} in each. */
  public BusCalls with(JsonObject args) {
    return new BusCalls(vertx, fixed.copy().mergeIn(args), timeoutMs);
  }

  public BusCalls timeoutMs(long ms) {
    return new BusCalls(vertx, fixed, ms);
  }

  public JsonObject call(String address, JsonObject args) {
    JsonObject full = fixed.copy().mergeIn(args);
    return Await.result(BusRequests.request(vertx.eventBus(), address, full, timeoutMs), timeoutMs / 1000 + 10);
  }

  /** A comment of {@code pr_review}: on a line and side, or on the whole file when {@code line} is null. */
  public static JsonObject comment(String path, Integer line, String side, String body) {
    JsonObject c = new JsonObject().put("path", path).put("body", body);
    return line == null ? c : c.put("line", line).put("side", side);
  }
}
