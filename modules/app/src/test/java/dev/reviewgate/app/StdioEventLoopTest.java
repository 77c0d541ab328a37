package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.mcp.McpOptions;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A stdio process runs its transport and every backend on one event loop (mcp.stdioEventLoops, default 1). */
class StdioEventLoopTest {

  @Test
  void everyVerticleOfAStdioNodeRunsOnTheOneEventLoop() throws Exception {
    ReviewgateConfig config = ReviewgateConfig.defaults();
    assertThat(McpOptions.from(config).stdioEventLoops()).isEqualTo(1);
    Node node = VertxRuntime.create(config, false, McpOptions.from(config).stdioEventLoops());
    try {
      List<String> threads = threadsOfThreeVerticles(node);
      assertThat(threads).containsOnly(threads.get(0));
    } finally {
      VertxRuntime.close(node.vertx());
    }
  }

  @Test
  void aNodeWithMoreLoopsSpreadsItsVerticles() throws Exception {
    Node node = VertxRuntime.create(ReviewgateConfig.defaults(), false, 4);
    try {
      assertThat(threadsOfThreeVerticles(node)).doesNotHaveDuplicates();
    } finally {
      VertxRuntime.close(node.vertx());
    }
  }

  private static List<String> threadsOfThreeVerticles(Node node) throws Exception {
    List<String> threads = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      VertxRuntime.await(node.vertx().deployVerticle(new VerticleBase() {
        @Override
        public Future<?> start() {
          synchronized (threads) {
            threads.add(Thread.currentThread().getName());
          }
          return Future.succeededFuture();
        }
      }), 10_000);
    }
    return threads;
  }
}
