package dev.reviewgate.app;

import static dev.reviewgate.app.Messages.call;
import static dev.reviewgate.app.Messages.notification;
import static dev.reviewgate.app.Messages.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.review.TempRepo;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

/**
 * The whole loop end to end: an MCP client (this test, over the pipes of a real {@code reviewgate stdio} process)
 * asks for a review and blocks; a person (headless Chromium on the dashboard that the same process serves) comments
 * on a line; the blocked call returns that file, line and text; the agent answers; the page shows the answer without
 * reloading; the person completes with "request changes" and notes; review_status says so.
 */
class ReviewLoopIT {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final Pattern DASHBOARD = Pattern.compile("review dashboard at (http://127\\.0\\.0\\.1:\\d+/review/)");

  @TempDir
  Path repoDir;

  @Test
  @Timeout(180)
  void agentAndPersonCloseTheLoop() throws Exception {
    Assumptions.assumeTrue(ToolCatalog.standard().byName("git_diff").isPresent(),
      "the git tools are not in this build yet; reviews need them");
    new TempRepo(repoDir).greetingChange();
    try (McpProcess agent = McpProcess.start(repoDir);
         HeadlessChromium chromium = HeadlessChromium.start(1280, 900)) {
      agent.request(Messages.initialize(1, "2025-11-25"));
      agent.send(notification("notifications/initialized", null));
      String dashboard = chromium.until(WAIT, "the dashboard address on stderr", () -> {
        Matcher m = DASHBOARD.matcher(agent.stderr());
        return m.find() ? m.group(1) : null;
      });

      // The agent asks for a review and blocks until the person says something.
      JsonObject ask = call("review_request", new JsonObject().put("title", "Greet by name")
        .put("description", "Say hello to the caller instead of 'hi'.").put("commit_range", "HEAD"));
      agent.send(request(10, "tools/call", ask.put("_meta", new JsonObject().put("progressToken", "review-10"))));

      var driver = chromium.driver;
      // The person signs in with a one-time link, as 'reviewgate open' makes one; it leads to the dashboard.
      driver.get(SignIn.loginUrl(java.net.URI.create(dashboard).getPort(), null));
      // Found and clicked in one attempt: the list is drawn again as review events arrive, so an element found a
      // moment before may be gone by the click (a stale element reference); the next attempt finds the new one.
      chromium.until(WAIT, "the review in the list", () -> {
        driver.findElement(By.cssSelector(".review-link")).click();
        return true;
      });
      WebElement line = chromium.until(WAIT, "line 9 of src/App.java", () -> driver.findElement(
        By.cssSelector("button.line-no[data-file='src/App.java'][data-line='9'][data-side='new']")));
      ((JavascriptExecutor) driver).executeScript("window.__noReload = true;");
      line.sendKeys(Keys.ENTER);
      WebElement box = chromium.until(WAIT, "the comment box", () -> driver.switchTo().activeElement());
      box.sendKeys("Should the name come from the configuration?");
      box.sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));

      JsonObject first = result(agent, 10);
      JsonObject feedback = first.getJsonObject("structuredContent").getJsonObject("feedback");
      assertThat(feedback.getString("file")).isEqualTo("src/App.java");
      assertThat(feedback.getInteger("line")).isEqualTo(9);
      assertThat(feedback.getString("body")).isEqualTo("Should the name come from the configuration?");
      assertThat(first.getJsonArray("content").encode()).contains("Do not modify any files", "add_comment");
      assertThat(agent.notifications()).anyMatch(n -> "notifications/progress".equals(n.getString("method"))
        && "review-10".equals(n.getJsonObject("params").getValue("progressToken")));
      String id = first.getJsonObject("structuredContent").getString("review_id");
      assertThat(first.getJsonObject("structuredContent").getString("url")).startsWith(dashboard).endsWith(id);

      // The agent answers in the thread and waits again.
      JsonObject answered = result(agent, 11, call("review_update", new JsonObject().put("review_id", id)
        .put("action", "add_comment").put("thread_id", feedback.getString("thread_id"))
        .put("body", "It could: I would read it from reviewgate.json with 'world' as the default.")));
      assertThat(answered.getBoolean("isError")).isFalse();
      agent.send(request(12, "tools/call", call("review_update", new JsonObject().put("review_id", id)
        .put("action", "wait_for_feedback"))));

      chromium.until(WAIT, "the agent's answer in the page", () -> driver.findElements(By.cssSelector(".comment.author-agent"))
        .stream().anyMatch(c -> c.getText().contains("read it from reviewgate.json")));
      assertThat(((JavascriptExecutor) driver).executeScript("return window.__noReload === true;")).isEqualTo(true);
      chromium.screenshot("loop-answer");

      driver.findElement(By.id("complete-button")).click();
      driver.findElement(By.cssSelector("input[name='action'][value='request_changes']")).click();
      driver.findElement(By.id("complete-notes")).sendKeys("Read the name from the configuration.");
      driver.findElement(By.id("complete-submit")).click();

      JsonObject doneResult = result(agent, 12);
      JsonObject done = doneResult.getJsonObject("structuredContent");
      assertThat(done.getString("outcome")).isEqualTo("completion");
      assertThat(done.getJsonObject("feedback").getString("action")).isEqualTo("request_changes");
      assertThat(done.getJsonObject("feedback").getString("notes")).isEqualTo("Read the name from the configuration.");
      // The instructions are the result's text, sent once: structuredContent names their block.
      assertThat(doneResult.getJsonArray("content").getJsonObject(done.getInteger("instructions_in_content")).getString("text"))
        .contains("You may edit files now");
      chromium.until(WAIT, "the completion banner", () ->
        driver.findElement(By.cssSelector(".banner.done")).getText().contains("request changes"));
      chromium.screenshot("loop-completed");

      JsonObject status = result(agent, 13, call("review_status", new JsonObject().put("review_id", id)))
        .getJsonObject("structuredContent");
      assertThat(status.getString("status")).isEqualTo("completed");
      assertThat(status.getJsonObject("completion").getString("action")).isEqualTo("request_changes");
      assertThat(status.getJsonObject("completion").getString("notes")).isEqualTo("Read the name from the configuration.");
      assertThat(agent.pollution()).isEmpty();
    }
  }

  private static JsonObject result(McpProcess agent, int id, JsonObject params) throws Exception {
    agent.send(request(id, "tools/call", params));
    return result(agent, id);
  }

  /** The result of request {@code id}; progress notifications on the way are kept by the process helper. */
  private static JsonObject result(McpProcess agent, int id) throws Exception {
    long deadline = System.nanoTime() + WAIT.multipliedBy(3).toNanos();
    while (System.nanoTime() < deadline) {
      JsonObject message = agent.next(WAIT.multipliedBy(3));
      if (message.containsKey("method")) {
        agent.notifications().add(message);
      } else if (Integer.valueOf(id).equals(message.getInteger("id"))) {
        assertThat(message.getJsonObject("result")).as(message.encode()).isNotNull();
        return message.getJsonObject("result");
      } else {
        throw new AssertionError("unexpected response while waiting for " + id + ": " + message.encode());
      }
    }
    throw new AssertionError("no result for request " + id);
  }
}
