package dev.reviewgate.app;

import dev.reviewgate.core.testing.Prerequisites;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Supplier;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's Chromium driven headless through Selenium and the system chromedriver; nothing downloads a browser. When
 * both are missing the calling test is skipped with the command that installs them (CI installs them); when one is
 * missing it fails.
 */
final class HeadlessChromium implements AutoCloseable {

  static final Path CHROMIUM = Path.of(System.getProperty("reviewgate.chromium", "/usr/bin/chromium"));
  static final Path DRIVER = Path.of(System.getProperty("reviewgate.chromedriver", "/usr/bin/chromedriver"));
  static final Path SCREENSHOTS = Path.of("target", "screenshots");

  final ChromeDriver driver;

  private HeadlessChromium(ChromeDriver driver) {
    this.driver = driver;
  }

  static HeadlessChromium start(int width, int height) {
    Prerequisites.requireBrowser(CHROMIUM, DRIVER);
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
      "--window-size=" + width + "," + height, "--lang=en-US");
    // The page's console is read by tests (a script error or a failed load is a defect); a beforeunload prompt is
    // left for the test to see and answer.
    options.setCapability("goog:loggingPrefs", java.util.Map.of("browser", "ALL"));
    options.setUnhandledPromptBehaviour(org.openqa.selenium.UnexpectedAlertBehaviour.IGNORE);
    ChromeDriverService service = new ChromeDriverService.Builder()
      .usingDriverExecutable(new File(DRIVER.toString())).usingAnyFreePort().build();
    return new HeadlessChromium(new ChromeDriver(service, options));
  }

  /** Polls until {@code condition} gives a non-null, non-false value; fails after {@code timeout}. */
  <T> T until(Duration timeout, String what, Supplier<T> condition) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    RuntimeException last = null;
    while (System.nanoTime() < deadline) {
      try {
        T value = condition.get();
        if (value != null && !Boolean.FALSE.equals(value)) {
          return value;
        }
      } catch (RuntimeException e) {
        last = e;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("timed out waiting for " + what, last);
  }

  /** The page's console messages of level SEVERE (script errors, failed loads) since the last call. */
  java.util.List<String> consoleErrors() {
    return driver.manage().logs().get(org.openqa.selenium.logging.LogType.BROWSER).getAll().stream()
      .filter(entry -> entry.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue())
      .map(entry -> entry.getMessage()).toList();
  }

  /** Sets the color scheme the page sees (prefers-color-scheme: light or dark), through the DevTools protocol. */
  void colorScheme(String scheme) {
    driver.executeCdpCommand("Emulation.setEmulatedMedia", java.util.Map.of("features",
      java.util.List.of(java.util.Map.of("name", "prefers-color-scheme", "value", scheme))));
  }

  /** Saves a screenshot under target/screenshots (test artifacts). */
  Path screenshot(String name) throws IOException {
    Files.createDirectories(SCREENSHOTS);
    Path file = SCREENSHOTS.resolve(name + ".png");
    Files.write(file, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
    return file;
  }

  @Override
  public void close() {
    driver.quit();
  }
}
