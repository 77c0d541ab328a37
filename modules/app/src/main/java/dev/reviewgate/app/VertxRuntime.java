package dev.reviewgate.app;

import dev.reviewgate.core.bus.CancelSignals;
import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxBuilder;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;

/** One Vert.x with the backends deployed: what every command that runs tools starts from. */
final class VertxRuntime {

  private VertxRuntime() {
  }

  /** Builds the Vert.x and deploys the backends; blocks until both are ready or failed. */
  static Vertx start(ReviewgateConfig config, boolean fileCaching) throws Exception {
    return start(config, fileCaching, VertxBuilder::with, (name, deployment) -> { });
  }

  /**
   * @param customize adds to the builder (e.g. metrics) given the options it must use
   * @param observer  told of each backend deployment (e.g. for /health)
   */
  static Vertx start(ReviewgateConfig config, boolean fileCaching,
                     BiFunction<VertxBuilder, VertxOptions, VertxBuilder> customize,
                     BiConsumer<String, Future<String>> observer) throws Exception {
    Vertx vertx = create(fileCaching, customize);
    try {
      Backends.deploy(vertx, config, observer).toCompletionStage().toCompletableFuture().get(config.startTimeoutMs(), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      close(vertx);
      throw e;
    }
    return vertx;
  }

  /** A Vert.x without backends yet. */
  static Vertx create(boolean fileCaching) {
    return create(fileCaching, VertxBuilder::with);
  }

  static Vertx create(boolean fileCaching, BiFunction<VertxBuilder, VertxOptions, VertxBuilder> customize) {
    // No file-cache or classpath-extraction directories for the command-line modes: they only cost start time.
    VertxOptions options = new VertxOptions().setFileSystemOptions(new FileSystemOptions()
      .setFileCachingEnabled(fileCaching).setClassPathResolvingEnabled(fileCaching));
    Vertx vertx = customize.apply(Vertx.builder(), options).build();
    // Made here, on the launcher's thread, so that the one cancel consumer belongs to no backend verticle.
    CancelSignals.of(vertx);
    return vertx;
  }

  static void close(Vertx vertx) {
    try {
      vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    } catch (Exception e) {
      // exiting anyway
    }
  }

  static <T> T await(Future<T> future, long timeoutMs) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(timeoutMs, TimeUnit.MILLISECONDS);
  }
}
