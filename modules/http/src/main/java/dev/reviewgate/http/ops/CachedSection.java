package dev.reviewgate.http.ops;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.util.function.Supplier;

/**
 * One extra section of {@code /health} (e.g. {@code cluster}), whose report may take long to make: when a cluster
 * member stalls, a read of cluster-wide state can wait for seconds. {@code /health} must not: it asks for a fresh
 * report, waits at most a bound for it, and otherwise answers with the last report it has, marked {@code stale} with
 * its age. At most one report is being made at a time; one that takes longer than {@code abandonAfterMs} is no
 * longer waited for, and the next request starts another.
 */
final class CachedSection {

  private final Supplier<Future<JsonObject>> report;
  private final long abandonAfterMs;
  private JsonObject last;
  private long lastAt;
  private Future<JsonObject> making;
  private long makingSince;

  CachedSection(Supplier<Future<JsonObject>> report, long abandonAfterMs) {
    this.report = report;
    this.abandonAfterMs = abandonAfterMs;
  }

  /** A report being made (started now unless one is under way), completed when it is ready. */
  synchronized Future<JsonObject> refresh() {
    long now = System.currentTimeMillis();
    if (making == null || making.isComplete() || now - makingSince > abandonAfterMs) {
      makingSince = now;
      Future<JsonObject> started;
      try {
        started = report.get();
      } catch (RuntimeException e) {
        started = Future.failedFuture(e);
      }
      making = started.otherwise(failure -> new JsonObject().put("error", String.valueOf(failure.getMessage())))
        .onSuccess(this::keep);
    }
    return making;
  }

  private synchronized void keep(JsonObject report) {
    last = report;
    lastAt = System.currentTimeMillis();
  }

  /** The last report made, with {@code stale} and {@code ageMs} when a newer one is still being made. */
  synchronized JsonObject current() {
    if (last == null) {
      return new JsonObject().put("stale", true).put("error", "no report yet: the first one is still being made");
    }
    JsonObject copy = last.copy();
    if (making != null && !making.isComplete()) {
      copy.put("stale", true).put("ageMs", System.currentTimeMillis() - lastAt);
    }
    return copy;
  }
}
