package dev.reviewgate.app;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import java.util.concurrent.TimeUnit;

/** One Vert.x with the backends deployed: what every command that runs tools starts from. */
final class VertxRuntime {

  private VertxRuntime() {
  }

  /** Builds the Vert.x and deploys the backends; blocks until both are ready or failed. */
  static Vertx start(ReviewgateConfig config, boolean fileCaching) throws Exception {
    Vertx vertx = create(fileCaching);
    try {
      Backends.deploy(vertx, config).toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      close(vertx);
      throw e;
    }
    return vertx;
  }

  /** A Vert.x without backends yet. */
  static Vertx create(boolean fileCaching) {
    // No file-cache or classpath-extraction directories for the command-line modes: they only cost start time.
    return Vertx.builder()
      .with(new VertxOptions().setFileSystemOptions(new FileSystemOptions()
        .setFileCachingEnabled(fileCaching).setClassPathResolvingEnabled(fileCaching)))
      .build();
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
