package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * An agent's stdio process restarts under the open review page: the person signed in in Chromium and is typing a
 * comment; the process is killed and started again with the same state directory and review store. It serves the
 * dashboard at the same address (review.dashboardPort 0 takes the port of its last start), the page reconnects by
 * itself with the same sign-in, and the unsent text is still in its box.
 */
class DashboardRestartIT {

  private static final Duration WAIT = Duration.ofSeconds(45);
  private static final Pattern DASHBOARD = Pattern.compile("review dashboard at http://127\\.0\\.0\\.1:(\\d+)/review/(.*)");

  @TempDir
  Path repoDir;
  @TempDir
  Path storeDir;

  @Test
  @Timeout(240)
  void aRestartedAgentServesTheOpenPageAtTheSameAddressWithItsSignInAndDraft() throws Exception {
    GitFixture.create(repoDir);
    Map<String, String> env = Map.of("REVIEWGATE_REVIEW_STORAGE_DIR", storeDir.toString());
    String draft = "Why a second line? (unsent)";
    try (HeadlessChromium chromium = HeadlessChromium.start(1280, 900)) {
      int port;
      String id;
      McpProcess first = McpProcess.start(repoDir, env);
      try {
        port = announced(first, 1);
        JsonObject created = first.request(Messages.request(2, "tools/call", Messages.call("review_request",
          new JsonObject().put("title", "Restart").put("commit_range", "HEAD").put("wait", false))));
        id = created.getJsonObject("result").getJsonObject("structuredContent").getString("review_id");
        chromium.driver.get(SignIn.loginUrl(port, id));
        chromium.until(WAIT, "the review page", () -> !chromium.driver.findElements(By.cssSelector("section.file")).isEmpty());
        WebElement line = chromium.driver.findElement(By.cssSelector("button.line-no[data-side='new'][data-line='2']"));
        line.click();
        chromium.until(WAIT, "the comment box", () -> chromium.driver.switchTo().activeElement()).sendKeys(draft);
        chromium.until(WAIT, "the draft kept", () -> draft.equals(draftText(chromium)));
      } finally {
        first.kill();
      }
      chromium.until(WAIT, "the page to see the connection drop", () -> chromium.driver.findElement(By.id("connection"))
        .getText().startsWith("connection lost"));

      try (McpProcess second = McpProcess.start(repoDir, env)) {
        int again = announced(second, 1);
        assertThat(again).as("the same address as before the restart").isEqualTo(port);
        assertThat(second.stderr()).doesNotContain("is taken");
        chromium.until(WAIT, "the page to reconnect", () -> chromium.driver.findElement(By.id("connection"))
          .getText().equals("live"));
        chromium.until(WAIT, "the review drawn again", () -> !chromium.driver.findElements(By.cssSelector("section.file")).isEmpty());
        assertThat(chromium.driver.getCurrentUrl()).startsWith("http://127.0.0.1:" + port + "/review/#/reviews/" + id);
        assertThat(chromium.driver.findElements(By.id("sign-in"))).as("no new sign-in asked").isEmpty();
        assertThat(draftText(chromium)).as("the unsent text in its box").isEqualTo(draft);
      }
    }
  }

  /** Initializes the session and waits for the dashboard's address on stderr; returns its port. */
  private static int announced(McpProcess process, int id) throws Exception {
    process.request(Messages.initialize(id, "2025-11-25")); // the door opens after the handshake
    process.send(Messages.notification("notifications/initialized", null));
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      Matcher m = DASHBOARD.matcher(process.stderr());
      if (m.find()) {
        return Integer.parseInt(m.group(1));
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no dashboard address on stderr:\n" + process.stderr());
  }

  private static String draftText(HeadlessChromium chromium) {
    return chromium.driver.findElements(By.cssSelector("textarea[data-draft*='hello.txt']")).stream()
      .map(box -> box.getAttribute("value")).findFirst().orElse(null);
  }
}
