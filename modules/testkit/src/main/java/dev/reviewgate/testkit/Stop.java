package dev.reviewgate.testkit;

import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;

/**
 * The end of a test that started things: stops each (in the order given; nulls, for what never started, are
 * skipped), every one even when an earlier one fails, and then throws the first failure with the others suppressed.
 */
public final class Stop {

  private Stop() {
  }

  /** @param things {@link AutoCloseable}s (processes, servers, fakes) and {@link Vertx} instances */
  public static void all(Object... things) throws Exception {
    List<Exception> failures = new ArrayList<>();
    for (Object thing : things) {
      try {
        if (thing instanceof Vertx vertx) {
          Await.result(vertx.close());
        } else if (thing instanceof AutoCloseable closeable) {
          closeable.close();
        } else if (thing != null) {
          throw new IllegalArgumentException("cannot stop a " + thing.getClass().getName());
        }
      } catch (Exception e) {
        failures.add(e);
      }
    }
    if (!failures.isEmpty()) {
      Exception first = failures.get(0);
      failures.subList(1, failures.size()).forEach(first::addSuppressed);
      throw first;
    }
  }
}
