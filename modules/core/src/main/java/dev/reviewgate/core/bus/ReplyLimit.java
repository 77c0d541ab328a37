package dev.reviewgate.core.bus;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;

/**
 * The largest reply a backend may send when the event bus is clustered ({@code cluster.maxMessageBytes}): any reply
 * may cross to another node, where it travels as one JSON message, so a result too large for that fails with 413 and
 * a text that says how to ask for less. Unclustered, replies stay in the process and only each tool's own limits apply.
 */
public final class ReplyLimit {

  private static final String MAP = "reviewgate.bus";
  private static final String KEY = "maxReplyBytes";

  private ReplyLimit() {
  }

  /** Sets the limit for every backend of this Vert.x (the launcher does, once, when it joins a cluster). */
  public static void set(Vertx vertx, long maxBytes) {
    vertx.sharedData().<String, Long>getLocalMap(MAP).put(KEY, maxBytes);
  }

  /** The limit in force, or 0 when none is. */
  public static long of(Vertx vertx) {
    Long limit = vertx.sharedData().<String, Long>getLocalMap(MAP).get(KEY);
    return limit == null ? 0 : limit;
  }

  /** Fails with 413 when {@code reply} is larger than the limit in force. */
  static void check(Vertx vertx, String tool, JsonObject reply) {
    long limit = of(vertx);
    if (limit <= 0) {
      return;
    }
    int size = reply.toBuffer().length();
    if (size > limit) {
      throw new ToolException(Failure.TOO_LARGE, "the result of " + tool + " is " + size + " bytes, more than the "
        + limit + " bytes a message may carry between cluster nodes (cluster.maxMessageBytes). Ask for less: page "
        + "through it (the tool's page, offset, skip or max_* arguments), narrow it to paths or globs, or take the "
        + "files-only view first; or raise cluster.maxMessageBytes on every node.");
    }
  }
}
