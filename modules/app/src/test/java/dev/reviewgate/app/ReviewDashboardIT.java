package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.security.Caller;
import dev.reviewgate.review.TempRepo;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
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
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

/**
 * The dashboard in headless Chromium against the real review backend and HTTP server in one Vert.x: the person
 * comments on a line with the keyboard, the waiting agent gets that file, line and text, the agent's answer appears
 * without a reload, and the person completes the review with "request changes" and notes. And a draft review an agent
 * asked to post: the person finds it on the list page, reads its comment, edits its body and clicks Approve; the
 * forge (pr_review's address, served by a recording stand-in) gets exactly the edited review and the agent's task
 * completes saying so.
 */
class ReviewDashboardIT {

  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final Pattern DRAFT_PAGE = Pattern.compile("at (http://127\\.0\\.0\\.1:(\\d+)/review/#/drafts/(d[0-9a-f]+))");

  @TempDir
  Path repoDir;
  @TempDir
  Path storeDir;

  private DashboardServer server;
  private Vertx vertx;
  private String base;
  private final List<JsonObject> posted = new CopyOnWriteArrayList<>();

  @BeforeEach
  void setUp() throws Exception {
    TempRepo repo = new TempRepo(repoDir);
    base = repo.greetingChange()[0];
    // The forge: pr_review's catalog address, served by a stand-in that records what an approved draft posts.
    server = DashboardServer.start(repoDir, storeDir, v -> ToolEndpoint.serve(v, ToolCatalog.standard(), "pr_review", args -> {
      posted.add(args);
      return Future.succeededFuture(new JsonObject().put("forge", "github").put("review_id", 77)
        .put("url", "https://github.com/octo/shop/pull/5#pullrequestreview-77"));
    }));
    vertx = server.vertx;
  }

  @AfterEach
  void tearDown() throws Exception {
    server.close();
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
      assertThat(driver.findElement(By.cssSelector(".review-list")).getText()).doesNotContain("null", "undefined");
      chromium.screenshot("reviews-list");
    }
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void thePersonEditsTheBodyAndApprovesTheDraftWithTheButton() throws Exception {
    JsonObject task = await(BusRequests.request(vertx.eventBus(), Addresses.REVIEW_DRAFTS, new JsonObject()
      .put("action", "submit").put("tool", "pr_review").put("arguments", draftArguments()).put("draft", draftArguments())
      .put("editable", true), Caller.AGENT.stamp(new CallContext("c1", null, true)
        .applyTo(new DeliveryOptions().setSendTimeout(20_000))))).getJsonObject("task");
    Matcher page = DRAFT_PAGE.matcher(task.getString("status_message"));
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
    assertThat(posted.get(0)).isEqualTo(draftArguments().put("body", "Two things, please."));
    JsonObject done = await(BusRequests.request(vertx.eventBus(), Addresses.REVIEW_DRAFTS, new JsonObject()
      .put("action", "get").put("task_id", task.getString("task_id")), 10_000));
    assertThat(done.getString("status")).isEqualTo("completed");
    assertThat(done.getString("note")).contains("after editing its body");
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void thePersonSeesAMergeInWordsAndApprovesItsEditedMessage() throws Exception {
    List<JsonObject> merged = new java.util.concurrent.CopyOnWriteArrayList<>();
    await(ToolEndpoint.serve(vertx, ToolCatalog.standard(), "github_update_pull_request_state", args -> {
      merged.add(args);
      return Future.succeededFuture(new JsonObject().put("action", "merge").put("pr_number", 5).put("result", "merged"));
    }));
    JsonObject merge = new JsonObject().put("owner", "octo").put("repo", "shop").put("pr_number", 5).put("action", "merge")
      .put("commit_message", "Faster cache");
    JsonObject task = await(BusRequests.request(vertx.eventBus(), Addresses.REVIEW_DRAFTS, new JsonObject()
      .put("action", "submit").put("tool", "github_update_pull_request_state").put("arguments", merge).put("draft", merge)
      .put("editable", true), Caller.AGENT.stamp(new CallContext("c2", null, true)
        .applyTo(new DeliveryOptions().setSendTimeout(20_000))))).getJsonObject("task");
    Matcher page = DRAFT_PAGE.matcher(task.getString("status_message"));
    assertThat(page.find()).as(task.getString("status_message")).isTrue();

    try (HeadlessChromium chromium = HeadlessChromium.start(1280, 900)) {
      var driver = chromium.driver;
      driver.get(SignIn.loginUrl(Integer.parseInt(page.group(2)), null));
      WebElement link = chromium.until(WAIT, "the merge on the list page", () ->
        driver.findElement(By.cssSelector("#pending-drafts a[href='#/drafts/" + page.group(3) + "']")));
      assertThat(link.getText()).contains("Change (merge)", "pull request #5");
      link.click();

      WebElement approve = chromium.until(WAIT, "the Approve button", () -> driver.findElement(By.id("draft-approve")));
      assertThat(driver.findElement(By.id("draft-shown")).getText()).contains("pull request #5 of octo/shop", "Action: merge");
      assertThat(driver.findElements(By.id("draft-verdict"))).as("no review verdict for a merge").isEmpty();
      WebElement message = driver.findElement(By.id("draft-body"));
      assertThat(message.getAttribute("value")).isEqualTo("Faster cache");
      message.clear();
      message.sendKeys("Faster cache, reviewed");
      chromium.screenshot("merge-approval-1280");
      assertThat(merged).as("nothing merged before the click").isEmpty();
      approve.click();
      chromium.until(WAIT, "the outcome banner", () ->
        driver.findElement(By.id("draft-outcome")).getText().contains("after editing") ? true : null);
    }
    assertThat(merged).containsExactly(merge.copy().put("commit_message", "Faster cache, reviewed"));
  }

  private static JsonObject draftArguments() {
    return new JsonObject().put("owner", "octo").put("repo", "shop").put("pr_number", 5).put("verdict", "request_changes")
      .put("body", "Two things.").put("commit_id", "0123456789abcdef0123456789abcdef01234567")
      .put("comments", new JsonArray().add(new JsonObject().put("path", "src/App.java").put("line", 9).put("side", "new")
        .put("body", "Read the name from the config.")));
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
