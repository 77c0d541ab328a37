package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** A text file over git.maxBlobBytes is shown as binary, and the result says why and how to see its lines. */
@ExtendWith(VertxExtension.class)
class BlobLimitTest {

  @TempDir
  Path tmp;

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aFileOverTheBlobLimitIsBinaryWithAWarningThatSaysWhy(Vertx vertx, VertxTestContext test) {
    TestRepo repo = new TestRepo(tmp);
    repo.write("big.txt", "line\n".repeat(1000)).write("small.txt", "a\n");
    repo.commit("base");
    repo.write("big.txt", "line\n".repeat(999) + "changed\n").write("small.txt", "b\n");
    String head = repo.commit("change both");
    GitBackendOptions backend = repo.servedAsDemo(new JsonObject().put("maxBlobBytes", 4096));
    vertx.deployVerticle(new GitVerticle(backend, ToolCatalog.standard()))
      .compose(id -> BusRequests.request(vertx.eventBus(), Addresses.GIT_DIFF,
        new JsonObject().put("repo", "demo").put("commit", head), 10_000))
      .compose(result -> {
        test.verify(() -> {
          assertThat(result.getString("diff")).contains("Binary files a/big.txt and b/big.txt differ").contains("+b");
          assertThat(result.getJsonArray("warnings").encode()).contains("big.txt").contains("git.maxBlobBytes (4096 bytes)")
            .doesNotContain("small.txt");
        });
        // Ignoring whitespace reads a change's sides before its header: the file is still named once.
        return BusRequests.request(vertx.eventBus(), Addresses.GIT_DIFF,
          new JsonObject().put("repo", "demo").put("commit", head).put("ignore_whitespace", "all"), 10_000);
      })
      .onComplete(test.succeeding(result -> test.verify(() -> {
        assertThat(result.getString("diff")).contains("Binary files a/big.txt and b/big.txt differ").contains("+b");
        String warnings = result.getJsonArray("warnings").encode();
        assertThat(warnings.indexOf("big.txt")).as(warnings).isEqualTo(warnings.lastIndexOf("big.txt")).isNotNegative();
        test.completeNow();
      })));
  }
}
