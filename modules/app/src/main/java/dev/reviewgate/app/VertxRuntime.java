package dev.reviewgate.app;

import dev.reviewgate.cluster.ClusterNode;
import dev.reviewgate.cluster.ClusterOptions;
import dev.reviewgate.core.bus.CancelSignals;
import dev.reviewgate.core.bus.ReadOnlyResend;
import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxBuilder;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;

/** One Vert.x (clustered or not) with its backends deployed: what every command that runs tools starts from. */
final class VertxRuntime {

  private VertxRuntime() {
  }

  /** Builds the node and deploys its backends; blocks until both are ready or failed. */
  static Node start(ReviewgateConfig config, boolean fileCaching) throws Exception {
    return start(config, fileCaching, VertxBuilder::with, (name, deployment) -> { });
  }

  /**
   * @param customize adds to the builder (e.g. metrics) given the options it must use
   * @param observer  told of each backend deployment (e.g. for /health)
   */
  static Node start(ReviewgateConfig config, boolean fileCaching,
                    BiFunction<VertxBuilder, VertxOptions, VertxBuilder> customize,
                    BiConsumer<String, Future<String>> observer) throws Exception {
    Node node = create(config, fileCaching, customize);
    try {
      await(Backends.deploy(node, config, observer), config.startTimeoutMs());
    } catch (Exception e) {
      close(node.vertx());
      throw e;
    }
    return node;
  }

  /** A node without backends yet; clustered, it has joined when this returns. */
  static Node create(ReviewgateConfig config, boolean fileCaching) throws Exception {
    return create(config, fileCaching, VertxBuilder::with);
  }

  /** As {@link #create(ReviewgateConfig, boolean)} with {@code eventLoops} event-loop threads (stdio: one client). */
  static Node create(ReviewgateConfig config, boolean fileCaching, int eventLoops) throws Exception {
    return create(config, fileCaching, (builder, options) -> builder.with(options.setEventLoopPoolSize(eventLoops)));
  }

  static Node create(ReviewgateConfig config, boolean fileCaching,
                     BiFunction<VertxBuilder, VertxOptions, VertxBuilder> customize) throws Exception {
    ClusterOptions cluster = ClusterOptions.from(config.section("cluster"), Backends.ROLES);
    if (!cluster.enabled() && cluster.roles().size() != Backends.ROLES.size() + 1) {
      throw new IllegalArgumentException("--roles / cluster.roles choose a node's share of a cluster: add --cluster "
        + "(an unclustered process serves every role)");
    }
    // No file-cache or classpath-extraction directories for the command-line modes: they only cost start time.
    VertxOptions options = new VertxOptions().setFileSystemOptions(new FileSystemOptions()
      .setFileCachingEnabled(fileCaching).setClassPathResolvingEnabled(fileCaching));
    Node node;
    if (cluster.enabled()) {
      // Infinispan and JGroups are touched only here, so an unclustered start never loads them.
      ClusterNode joined = await(ClusterNode.start(customize.apply(Vertx.builder(), options), options, cluster),
        cluster.joinTimeoutMs() + config.startTimeoutMs());
      node = new Node(joined.vertx(), cluster.roles(), joined);
      // A read-only call a stalled node holds is sent again to another: by the time the stalled node is declared dead
      // (cluster.failureDetectionMs), a call has had two chances to reach a survivor.
      ReadOnlyResend.set(joined.vertx(), Math.max(1, cluster.failureDetectionMs() / 2));
    } else {
      node = new Node(customize.apply(Vertx.builder(), options).build(), cluster.roles(), null);
    }
    // Made here, on the launcher's thread, so that the one cancel consumer belongs to no backend verticle.
    CancelSignals.of(node.vertx());
    return node;
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
