package dev.reviewgate.mcp;

import io.vertx.core.Context;
import io.vertx.core.Vertx;

/** Running a piece of work on the context that owns its state: at once when already there, else queued to it. */
public final class OnContext {

  private OnContext() {
  }

  /** Runs {@code action} on {@code context}; at once when it is the current one, or when there is none. */
  public static void run(Context context, Runnable action) {
    if (context == null || Vertx.currentContext() == context) {
      action.run();
    } else {
      context.runOnContext(v -> action.run());
    }
  }
}
