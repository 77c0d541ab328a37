package dev.reviewgate.http.ops;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.function.Supplier;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * What {@code /health} reports: the state of each deployed verticle as the launcher saw it. Liveness is "the
 * process answers HTTP"; readiness is "every tracked verticle is up".
 */
public final class DeploymentHealth {

  /** Lifecycle of one deployment. */
  public enum State { STARTING, UP, FAILED, STOPPED }

  private record Entry(State state, String detail) {
  }

  /**
   * The {@code http.health*} keys.
   *
   * @param freshWithinMs    how long /health waits for fresh extra sections before it answers with the last ones
   * @param sectionAbandonMs a section's report still being made after this long is no longer waited for; the next
   *                         request starts another
   */
  public record Timing(long freshWithinMs, long sectionAbandonMs) {
  }

  private final Map<String, Entry> verticles = new ConcurrentSkipListMap<>();
  private final Map<String, CachedSection> sections = new ConcurrentSkipListMap<>();
  private final Timing timing;

  public DeploymentHealth(Timing timing) {
    this.timing = timing;
  }

  /**
   * Adds a section to {@code /health} (e.g. {@code cluster}), made afresh for each request but never waited for
   * longer than {@link Timing#freshWithinMs}: see {@link CachedSection}.
   */
  public void section(String name, Supplier<Future<JsonObject>> report) {
    CachedSection section = new CachedSection(report, timing.sectionAbandonMs());
    sections.put(name, section);
    section.refresh(); // so that the first /health has a report to give
  }

  /** The extra sections, fresh when they were made within {@link Timing#freshWithinMs}, else the last ones made. */
  public Future<JsonObject> sectionsJson(Vertx vertx) {
    if (sections.isEmpty()) {
      return Future.succeededFuture(new JsonObject());
    }
    Promise<JsonObject> answer = Promise.promise();
    long timer = vertx.setTimer(timing.freshWithinMs(), id -> answer.tryComplete(snapshot()));
    Future.join(sections.values().stream().map(CachedSection::refresh).toList()).onComplete(done -> {
      vertx.cancelTimer(timer);
      answer.tryComplete(snapshot());
    });
    return answer.future();
  }

  private JsonObject snapshot() {
    JsonObject json = new JsonObject();
    sections.forEach((name, section) -> json.put(name, section.current()));
    return json;
  }

  /** Follows a deployment: STARTING now, then UP or FAILED (with the failure's message) when it completes. */
  public <T> Future<T> track(String name, Future<T> deployment) {
    verticles.put(name, new Entry(State.STARTING, null));
    return deployment.onComplete(done -> verticles.put(name, done.succeeded()
      ? new Entry(State.UP, null) : new Entry(State.FAILED, String.valueOf(done.cause().getMessage()))));
  }

  public void set(String name, State state) {
    verticles.put(name, new Entry(state, null));
  }

  public boolean ready() {
    return verticles.values().stream().allMatch(entry -> entry.state() == State.UP);
  }

  public JsonObject verticlesJson() {
    JsonObject json = new JsonObject();
    verticles.forEach((name, entry) -> {
      JsonObject one = new JsonObject().put("state", entry.state().name());
      if (entry.detail() != null) {
        one.put("detail", entry.detail());
      }
      json.put(name, one);
    });
    return json;
  }
}
