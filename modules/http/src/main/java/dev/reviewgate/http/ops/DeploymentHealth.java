package dev.reviewgate.http.ops;

import io.vertx.core.Future;
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

  private final Map<String, Entry> verticles = new ConcurrentSkipListMap<>();
  private final Map<String, Supplier<Future<JsonObject>>> sections = new ConcurrentSkipListMap<>();

  /** Adds a section to {@code /health} (e.g. {@code cluster}), computed on each request. */
  public void section(String name, Supplier<Future<JsonObject>> report) {
    sections.put(name, report);
  }

  /** The extra sections, each as its supplier reported it (or its failure's message). */
  public Future<JsonObject> sectionsJson() {
    JsonObject json = new JsonObject();
    Future<Void> all = Future.succeededFuture();
    for (Map.Entry<String, Supplier<Future<JsonObject>>> section : sections.entrySet()) {
      all = all.compose(v -> section.getValue().get()
        .otherwise(failure -> new JsonObject().put("error", String.valueOf(failure.getMessage())))
        .map(report -> {
          json.put(section.getKey(), report);
          return null;
        }));
    }
    return all.map(json);
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
