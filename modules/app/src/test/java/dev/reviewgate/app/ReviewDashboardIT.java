package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.security.Caller;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.GitVerticle;
import dev.reviewgate.http.HttpOptions;
import dev.reviewgate.http.HttpServerVerticle;
import dev.reviewgate.http.ops.DeploymentHealth;
import dev.reviewgate.review.ReviewOptions;
import dev.reviewgate.review.ReviewVerticle;
import dev.reviewgate.review.TempRepo;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.file.FileSystemOptions;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

/**
 * The dashboard in headless Chromium against the real review backend and HTTP server in one Vert.x: the person
 * comments on a line with the keyboard, the waiting agent gets that file, line and text, the agent's answer appears
 * without a reload, and the person completes the review with "request changes" and notes.
 */
class ReviewDashboardIT {

  private static final Duration WAIT = Duration.ofSeconds(20);

  @TempDir
  Path repoDir;
  @TempDir
  Path storeDir;

  private Vertx vertx;
  private String base;

  @BeforeEach
  void setUp() throws Exception {
    TempRepo repo = new TempRepo(repoDir);
    base = repo.greetingChange()[0];
    vertx = Vertx.builder().with(new VertxOptions().setFileSystemOptions(new FileSystemOptions()
      .setClassPathResolvingEnabled(true))).build();
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject().put("review",
      new JsonObject().put("storageDir", storeDir.toString())));
    HttpOptions http = HttpOptions.from(config.section("http"), System.getenv()).withAddress("127.0.0.1", 0);
    await(vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(ReviewgateConfig.defaults(), repoDir), ToolCatalog.standard())));
    await(vertx.deployVerticle(new ReviewVerticle(ReviewOptions.from(config.section("review"), repoDir),
      ToolCatalog.standard())));
    await(vertx.deployVerticle(new HttpServerVerticle(http, ToolCatalog.standard(), new DeploymentHealth(), null, null)));
  }

  @AfterEach
  void tearDown() throws Exception {
    await(vertx.close());
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void personAndAgentTalkThroughTheDashboard() throws Exception {
    JsonObject created = call(Addresses.REVIEW_REQUEST, new JsonObject().put("title", "Greet by name")
      .put("description", "Say hello to the caller instead of 'hi'.").put("commit_range", "HEAD").put("wait", false));
    String id = created.getString("review_id");
    String url = created.getString("url");
    assertThat(url).matches("http://127\\.0\\.0\\.1:\\d+/review/#/reviews/" + id);
    Future<JsonObject> firstWait = send(wait(id));

    try (HeadlessChromium chromium = HeadlessChromium.start(1280, 900)) {
      var driver = chromium.driver;
      // The person signs in with a one-time link (as 'reviewgate open ID' makes one), which leads to the review.
      driver.get(SignIn.loginUrl(java.net.URI.create(url).getPort(), id));
      chromium.until(WAIT, "the review page after signing in", () -> driver.getCurrentUrl().endsWith("#/reviews/" + id) ? true : null);
      WebElement line = chromium.until(WAIT, "line 9 of src/App.java", () ->
        driver.findElement(By.cssSelector("button.line-no[data-file='src/App.java'][data-line='9'][data-side='new']")));
      chromium.until(WAIT, "the agent-waiting badge", () ->
        driver.findElement(By.cssSelector("#waiting-badge .waiting")).isDisplayed());
      assertThat(driver.findElement(By.cssSelector(".marker-fixme")).getText()).isEqualTo("FIXME");
      ((JavascriptExecutor) driver).executeScript("window.__noReload = true;");
      chromium.screenshot("review-page-1280");

      // comment with the keyboard: focus the line number, Enter opens the form, Ctrl+Enter sends
      line.sendKeys(Keys.ENTER);
      WebElement box = chromium.until(WAIT, "the comment form", () -> driver.switchTo().activeElement());
      assertThat(box.getTagName()).isEqualTo("textarea");
      box.sendKeys("Should the name come from the configuration?");
      box.sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));

      JsonObject feedback = await(firstWait);
      assertThat(feedback.getString("outcome")).isEqualTo("comment");
      assertThat(feedback.getJsonObject("feedback").getString("file")).isEqualTo("src/App.java");
      assertThat(feedback.getJsonObject("feedback").getInteger("line")).isEqualTo(9);
      assertThat(feedback.getJsonObject("feedback").getString("body"))
        .isEqualTo("Should the name come from the configuration?");
      assertThat(feedback.getString("instructions")).contains("return \"world\"", "Do not modify any files");

      call(Addresses.REVIEW_UPDATE, new JsonObject().put("review_id", id).put("action", "add_comment")
        .put("thread_id", feedback.getJsonObject("feedback").getString("thread_id"))
        .put("body", "It could: I would read it from reviewgate.json with 'world' as the default."));
      Future<JsonObject> secondWait = send(wait(id));
      chromium.until(WAIT, "the agent's answer in the page", () -> driver.findElements(By.cssSelector(".comment.author-agent"))
        .stream().anyMatch(c -> c.getText().contains("read it from reviewgate.json")));
      assertThat(((JavascriptExecutor) driver).executeScript("return window.__noReload === true;")).isEqualTo(true);
      chromium.screenshot("review-conversation-1280");
      driver.manage().window().setSize(new Dimension(1280, 1250));
      ((JavascriptExecutor) driver).executeScript("document.activeElement.blur(); window.scrollTo(0, 0);");
      chromium.screenshot("review-dashboard"); // the README's picture (docs/review-dashboard.png)
      driver.manage().window().setSize(new Dimension(1280, 900));

      // the person replies in the thread; the agent's next wait gets the reply with the thread
      driver.findElement(By.cssSelector("#thread-t1 .reply-open")).click();
      WebElement reply = chromium.until(WAIT, "the reply box", () -> driver.switchTo().activeElement());
      reply.sendKeys("Fine, do that.");
      reply.sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
      JsonObject replied = await(secondWait);
      assertThat(replied.getJsonObject("feedback").getString("thread_id")).isEqualTo("t1");
      assertThat(replied.getJsonObject("feedback").getString("body")).isEqualTo("Fine, do that.");
      assertThat(replied.getString("instructions")).contains("- you: It could: I would read it");
      chromium.until(WAIT, "the reply in the thread", () -> driver.findElements(By.cssSelector("#thread-t1 .comment"))
        .size() == 3);
      Future<JsonObject> thirdWait = send(wait(id));

      driver.findElement(By.id("complete-button")).click();
      driver.findElement(By.cssSelector("input[name='action'][value='request_changes']")).click();
      driver.findElement(By.id("complete-notes")).sendKeys("Read the name from the configuration.");
      chromium.screenshot("review-complete-dialog");
      driver.findElement(By.id("complete-submit")).click();

      JsonObject done = await(thirdWait);
      assertThat(done.getString("outcome")).isEqualTo("completion");
      assertThat(done.getJsonObject("feedback").getString("action")).isEqualTo("request_changes");
      assertThat(done.getJsonObject("feedback").getString("notes")).isEqualTo("Read the name from the configuration.");
      chromium.until(WAIT, "the completion banner", () ->
        driver.findElement(By.cssSelector(".banner.done")).getText().contains("request changes"));

      JsonObject status = call(Addresses.REVIEW_STATUS, new JsonObject().put("review_id", id));
      assertThat(status.getString("status")).isEqualTo("completed");
      assertThat(status.getJsonObject("completion").getString("action")).isEqualTo("request_changes");
      assertThat(status.getString("base")).isEqualTo(base);
      chromium.screenshot("review-completed-1280");

      driver.findElement(By.cssSelector("button[aria-pressed='false']")).click(); // side by side
      chromium.until(WAIT, "the side-by-side view", () -> driver.findElement(By.cssSelector("table.diff.split")));
      chromium.screenshot("review-split-1280");

      driver.manage().window().setSize(new Dimension(390, 844));
      driver.navigate().refresh();
      chromium.until(WAIT, "the page at phone width", () -> driver.findElement(By.cssSelector("table.diff.unified")));
      Object overflow = ((JavascriptExecutor) driver).executeScript(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth;");
      assertThat(((Number) overflow).intValue()).as("no sideways scrolling at phone width").isLessThanOrEqualTo(0);
      chromium.screenshot("review-phone");

      driver.get(url.substring(0, url.indexOf('#')));
      chromium.until(WAIT, "the reviews list", () -> driver.findElement(By.cssSelector(".review-list .review-link"))
        .getText().equals("Greet by name"));
      chromium.screenshot("reviews-list");
    }
  }

  private static JsonObject wait(String id) {
    return new JsonObject().put("review_id", id).put("action", "wait_for_feedback");
  }

  private Future<JsonObject> send(JsonObject args) {
    return BusRequests.request(vertx.eventBus(), Addresses.REVIEW_UPDATE, args, 60_000);
  }

  private JsonObject call(String address, JsonObject args) throws Exception {
    return await(BusRequests.request(vertx.eventBus(), address, args, Caller.PERSON.stamp(new DeliveryOptions().setSendTimeout(30_000))));
  }

  private static <T> T await(Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
  }
}
