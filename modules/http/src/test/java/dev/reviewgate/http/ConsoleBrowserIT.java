package dev.reviewgate.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.testing.Prerequisites;
import io.vertx.core.Vertx;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The console page served from the jar, in a real headless Chromium: it opens the bridge over WebSocket, calls a
 * tool and shows the structured result; a bad argument shows the validation error. Uses Debian's chromium and
 * chromium-driver; nothing is downloaded (both paths are given, so Selenium Manager never runs).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ConsoleBrowserIT {

  private static final Path CHROMIUM = Path.of(System.getProperty("reviewgate.chromium", "/usr/bin/chromium"));
  private static final Path CHROMEDRIVER = Path.of(System.getProperty("reviewgate.chromedriver", "/usr/bin/chromedriver"));

  private Vertx vertx;
  private WebDriver browser;
  private int port;

  @BeforeEach
  void start() throws Exception {
    Prerequisites.requireBrowser(CHROMIUM, CHROMEDRIVER);
    vertx = Vertx.vertx();
    port = TestServer.start(vertx, TestServer.options(), null).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
      "--disable-background-networking", "--disable-extensions", "--disable-sync", "--no-first-run",
      "--disable-component-update", "--disable-default-apps");
    ChromeDriverService service = new ChromeDriverService.Builder()
      .usingDriverExecutable(new File(CHROMEDRIVER.toString())).usingAnyFreePort().build();
    browser = new ChromeDriver(service, options);
  }

  @AfterEach
  void stop() throws Exception {
    if (browser != null) {
      browser.quit();
    }
    if (vertx != null) {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  private String callFromThePage(String address, String arguments) {
    WebElement call = browser.findElement(By.id("call"));
    waitUntil(call::isEnabled);
    WebElement addressField = browser.findElement(By.id("address"));
    addressField.clear();
    addressField.sendKeys(address);
    WebElement args = browser.findElement(By.id("args"));
    args.clear();
    args.sendKeys(arguments);
    call.click();
    WebElement status = browser.findElement(By.id("status"));
    waitUntil(() -> {
      String state = status.getDomAttribute("data-state");
      return "ok".equals(state) || "error".equals(state);
    });
    return status.getDomAttribute("data-state") + "|" + status.getText() + "|" + browser.findElement(By.id("result")).getText();
  }

  /** Polls the page (at most 20 s); selenium-support's waits are not worth a dependency. */
  private static void waitUntil(java.util.function.BooleanSupplier condition) {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the page did not reach the expected state in 20 s");
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted", e);
      }
    }
  }

  @Test
  void pageCallsAToolThroughTheBridgeAndShowsTheResult() {
    browser.get("http://127.0.0.1:" + port + "/console/?access_token=" + TestServer.TOKEN);
    assertThat(browser.getTitle()).isEqualTo("reviewgate console");

    String ok = callFromThePage("reviewgate.test.echo", "{\"text\": \"hello from chromium\"}");
    assertThat(ok).startsWith("ok|done|");
    assertThat(ok).contains("\"echo\": \"hello from chromium\"");

    String invalid = callFromThePage("reviewgate.test.echo", "{\"text\": 42}");
    assertThat(invalid).startsWith("error|failed (400): invalid arguments for echo_bridge");

    String refused = callFromThePage("reviewgate.test.hidden", "{}");
    assertThat(refused).startsWith("error|failed (403): refused by the bridge");
  }
}
