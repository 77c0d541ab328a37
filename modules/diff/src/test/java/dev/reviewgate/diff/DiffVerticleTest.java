package dev.reviewgate.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(VertxExtension.class)
@Timeout(value = 20, timeUnit = TimeUnit.SECONDS)
class DiffVerticleTest {

  private static final String PR = new String(Fixtures.resource("PullRequest_diff__1.diff"), StandardCharsets.UTF_8);

  @BeforeEach
  void deploy(Vertx vertx, VertxTestContext test) {
    vertx.deployVerticle(new DiffVerticle(DiffOptions.from(ReviewgateConfig.defaults().section("diff")), ToolCatalog.standard()))
      .onComplete(test.succeedingThenComplete());
  }

  @Test
  void parsesAndShapesOverTheBus(Vertx vertx, VertxTestContext test) {
    JsonObject args = new JsonObject().put("diff", PR).put("files_only", true);
    BusRequests.request(vertx.eventBus(), Addresses.DIFF_PARSE, args, 10_000)
      .onComplete(test.succeeding(reply -> test.verify(() -> {
        assertThat(reply.getJsonObject("summary").getInteger("files")).isEqualTo(2);
        assertThat(reply.getJsonArray("warnings")).isEmpty();
        JsonArray files = reply.getJsonArray("files");
        assertThat(files.getJsonObject(0).getString("path")).isEqualTo("github3/repos/release.py");
        assertThat(files.getJsonObject(0).getInteger("additions")).isEqualTo(2);
        assertThat(files.getJsonObject(0).getInteger("deletions")).isEqualTo(0);
        assertThat(files.getJsonObject(0).getString("status")).isEqualTo("modified");
        assertThat(ToolCatalog.standard().require("diff_parse").outputSchema()).isNotNull();
        test.completeNow();
      })));
  }

  @Test
  void unifiedTextComesBackUnchanged(Vertx vertx, VertxTestContext test) {
    BusRequests.request(vertx.eventBus(), Addresses.DIFF_PARSE, new JsonObject().put("diff", PR), 10_000)
      .onComplete(test.succeeding(reply -> test.verify(() -> {
        assertThat(reply.getString("diff")).isEqualTo(PR);
        test.completeNow();
      })));
  }

  @Test
  void schemaViolationsFailWith400BeforeParsing(Vertx vertx, VertxTestContext test) {
    JsonObject args = new JsonObject().put("diff", PR).put("format", "html");
    BusRequests.request(vertx.eventBus(), Addresses.DIFF_PARSE, args, 10_000)
      .onComplete(test.failing(failure -> test.verify(() -> {
        assertThat(((ToolException) failure).code()).isEqualTo(Failure.INVALID_ARGUMENTS);
        assertThat(failure.getMessage()).contains("format");
        test.completeNow();
      })));
  }

  @Test
  void malformedDiffsFailWith400NamingTheLine(Vertx vertx, VertxTestContext test) {
    String truncated = PR.substring(0, PR.indexOf("+            \"size\": 1024"));
    BusRequests.request(vertx.eventBus(), Addresses.DIFF_PARSE, new JsonObject().put("diff", "x\n" + truncated), 10_000)
      .onComplete(test.failing(failure -> test.verify(() -> {
        assertThat(((ToolException) failure).code()).isEqualTo(Failure.INVALID_ARGUMENTS);
        assertThat(failure.getMessage()).startsWith("invalid diff at line ").contains("the input ends inside the hunk");
        test.completeNow();
      })));
  }
}
