package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.bus.CancelSignals;
import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.security.Caller;
import dev.reviewgate.http.HttpOptions;
import dev.reviewgate.http.HttpServerVerticle;
import dev.reviewgate.http.ops.DeploymentHealth;
import dev.reviewgate.review.DraftApprovalVerticle;
import dev.reviewgate.review.ReviewOptions;
import dev.reviewgate.review.ReviewVerticle;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.file.FileSystemOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The draft approval page in headless Chromium against the real draft service and HTTP server in one Vert.x: the
 * person signs in, finds the draft an agent asked to post on the list page, reads its comments, edits its body and
 * clicks Approve; the forge (pr_review's address served by a recording stand-in) gets exactly the edited review and
 * the agent's task completes saying so.
 */
class DraftDashboardIT {

  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final Pattern PAGE = Pattern.compile("at (http://127\\.0\\.0\\.1:(\\d+)/review/#/drafts/(d[0-9a-f]+))");

  @TempDir
  Path storeDir;

  private Vertx vertx;
  private final List<JsonObject> posted = new CopyOnWriteArrayList<>();

  @BeforeEach
  void setUp() throws Exception {
    vertx = Vertx.builder().with(new VertxOptions().setFileSystemOptions(new FileSystemOptions()
      .setClassPathResolvingEnabled(true))).build();
    CancelSignals.of(vertx);
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject().put("review",
      new JsonObject().put("storageDir", storeDir.toString())));
    HttpOptions http = HttpOptions.from(config.section("http"), System.getenv()).withAddress("127.0.0.1", 0);
    await(ToolEndpoint.serve(vertx, ToolCatalog.standard(), "pr_review", args -> {
      posted.add(args);
      return Future.succeededFuture(new JsonObject().put("forge", "github").put("review_id", 77)
        .put("url", "https://github.com/octo/shop/pull/5#pullrequestreview-77"));
    }));
    ReviewOptions review = ReviewOptions.from(config.section("review"), storeDir);
    await(vertx.deployVerticle(new ReviewVerticle(review, ToolCatalog.standard()))); // the list page lists reviews too
    await(vertx.deployVerticle(new DraftApprovalVerticle(review, ToolCatalog.standard())));
    await(vertx.deployVerticle(new HttpServerVerticle(http, ToolCatalog.standard(), new DeploymentHealth(), null, null)));
  }

  @AfterEach
  void tearDown() throws Exception {
    await(vertx.close());
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void thePersonEditsTheBodyAndApprovesTheDraftWithTheButton() throws Exception {
    JsonObject task = await(BusRequests.request(vertx.eventBus(), Addresses.REVIEW_DRAFTS, new JsonObject()
      .put("action", "submit").put("tool", "pr_review").put("arguments", arguments()).put("draft", arguments())
      .put("editable", true), Caller.AGENT.stamp(new CallContext("c1", null, true)
        .applyTo(new DeliveryOptions().setSendTimeout(20_000))))).getJsonObject("task");
    Matcher page = PAGE.matcher(task.getString("status_message"));
    assertThat(page.find()).as(task.getString("status_message")).isTrue();
    int port = Integer.parseInt(page.group(2));
    String draftId = page.group(3);

    try (HeadlessChromium chromium = HeadlessChromium.start(1280, 900)) {
      var driver = chromium.driver;
      driver.get(SignIn.loginUrl(port, null));
      WebElement link = chromium.until(WAIT, "the draft on the list page", () ->
        driver.findElement(By.cssSelector("#pending-drafts a[href='#/drafts/" + draftId + "']")));
      assertThat(link.getText()).contains("pull request #5");
      chromium.screenshot("drafts-list");
      link.click();

      WebElement approve = chromium.until(WAIT, "the Approve button", () -> driver.findElement(By.id("draft-approve")));
      assertThat(driver.findElement(By.id("draft-verdict")).getText()).isEqualTo("request_changes");
      List<WebElement> rows = driver.findElements(By.cssSelector("tr.draft-comment"));
      assertThat(rows).hasSize(1);
      assertThat(rows.get(0).getText()).contains("src/App.java", "9", "new", "Read the name from the config.");
      WebElement body = driver.findElement(By.id("draft-body"));
      assertThat(body.getTagName()).isEqualTo("textarea");
      body.clear();
      body.sendKeys("Two things, please.");
      chromium.screenshot("draft-approval-1280");
      assertThat(posted).as("nothing posted before the click").isEmpty();
      approve.click();

      chromium.until(WAIT, "the posted banner", () ->
        driver.findElement(By.id("draft-outcome")).getText().contains("after editing its body") ? true : null);
      assertThat(driver.findElements(By.id("draft-approve"))).as("no second decision offered").isEmpty();
      chromium.screenshot("draft-posted-1280");
    }
    assertThat(posted).hasSize(1);
    assertThat(posted.get(0)).isEqualTo(arguments().put("body", "Two things, please."));
    JsonObject done = await(BusRequests.request(vertx.eventBus(), Addresses.REVIEW_DRAFTS, new JsonObject()
      .put("action", "get").put("task_id", task.getString("task_id")), 10_000));
    assertThat(done.getString("status")).isEqualTo("completed");
    assertThat(done.getString("note")).contains("after editing its body");
  }

  private static JsonObject arguments() {
    return new JsonObject().put("owner", "octo").put("repo", "shop").put("pr_number", 5).put("verdict", "request_changes")
      .put("body", "Two things.").put("commit_id", "0123456789abcdef0123456789abcdef01234567")
      .put("comments", new JsonArray().add(new JsonObject().put("path", "src/App.java").put("line", 9).put("side", "new")
        .put("body", "Read the name from the config.")));
  }

  private static <T> T await(Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
  }
}
