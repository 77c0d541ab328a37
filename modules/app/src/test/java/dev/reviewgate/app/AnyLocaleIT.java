package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.testing.TempGitRepo;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;

/**
 * The same text in any locale: started as an MCP client starts it ({@code env -i PATH=… HOME=…}, no {@code LANG}, so
 * Java 17's default charset is US-ASCII), the dashboard renders "…", "·" and an emoji right in Chromium, and
 * {@code reviewgate call} prints them as UTF-8.
 */
class AnyLocaleIT {

  private static final String LINE = "naïve … · 🤖";
  private static final String SUBJECT = "Say it in UTF-8: … · 🤖";
  /** UTF-8 read as windows-1252 (what a browser does with {@code charset=US-ASCII}): "â€¦", "Â·", "ðŸ¤–". */
  private static final Pattern MOJIBAKE = Pattern.compile("â€|Â|Ã|ð\u0178|\uFFFD");
  private static final Duration WAIT = Duration.ofSeconds(30);

  @TempDir
  Path repoDir;

  @BeforeEach
  void repository() {
    TempGitRepo repo = new TempGitRepo(repoDir);
    repo.write("notes.txt", "plain\n").commit("first");
    repo.write("notes.txt", "plain\n" + LINE + "\n");
    repo.git("add", "-A");
    // The subject through stdin, not argv: the test runner's own locale must not matter either.
    repo.gitWithInput(SUBJECT.getBytes(StandardCharsets.UTF_8), "commit", "-q", "-F", "-");
  }

  @Test
  void theDashboardRendersEveryCharacterRight() throws Exception {
    assertTheDefaultCharsetIsNotUtf8();
    try (ServeProcess serve = ServeProcess.startWithoutLocale(repoDir);
         HeadlessChromium chromium = HeadlessChromium.start(1280, 900)) {
      int port = serve.port();
      for (String file : List.of("/review/", "/review/review.js", "/review/review.css", "/console/")) {
        assertThat(contentType(port, file)).as(file).containsIgnoringCase("charset=utf-8");
      }
      String title = "Greet … · 🤖";
      String id = McpHttp.structured(port, "review_request", new JsonObject().put("title", title)
        .put("commit_range", "HEAD").put("wait", false)).getString("review_id");
      McpHttp.structured(port, "review_update", new JsonObject().put("review_id", id).put("action", "add_comment")
        .put("file", "notes.txt").put("line", 2).put("side", "new").put("body", "An answer · with “quotes” 🤖"));

      var driver = chromium.driver;
      driver.get(SignIn.loginUrl(port, id));
      String text = chromium.until(WAIT, "the review, its diff and the agent's comment", () -> {
        String body = driver.findElement(By.tagName("body")).getText();
        return body.contains(LINE) && body.contains("with “quotes”") ? body : null;
      });
      chromium.screenshot("any-locale-review");
      JavascriptExecutor js = (JavascriptExecutor) driver;
      // Every script and stylesheet the page loaded from us (modules, libraries) names its charset too.
      @SuppressWarnings("unchecked")
      List<String> loaded = (List<String>) js.executeScript("return performance.getEntriesByType('resource')"
        + ".map(e => e.name).filter(n => n.startsWith(location.origin) && /\\.(m?js|css|html)(\\?|$)/.test(n));");
      assertThat(loaded).isNotEmpty();
      for (String url : loaded) {
        assertThat(contentType(port, URI.create(url).getRawPath())).as(url).containsIgnoringCase("charset=utf-8");
      }
      assertThat(js.executeScript("return document.characterSet;")).isEqualTo("UTF-8");
      assertThat(text).contains(title).contains("🤖").doesNotContainPattern(MOJIBAKE);
      assertThat((String) js.executeScript("return document.title;")).contains(title).doesNotContainPattern(MOJIBAKE);

      driver.get("http://127.0.0.1:" + port + "/review/");
      String list = chromium.until(WAIT, "the list of reviews", () -> {
        String body = driver.findElement(By.tagName("body")).getText();
        return body.contains(title) ? body : null;
      });
      assertThat(list).contains("·").doesNotContainPattern(MOJIBAKE);
      assertThat((String) js.executeScript("return document.title;")).contains("·").doesNotContainPattern(MOJIBAKE);
    }
  }

  @Test
  void callPrintsUtf8() throws Exception {
    assertTheDefaultCharsetIsNotUtf8();
    ProcessRun log = call("git_log", "{\"limit\": 1}");
    assertThat(log.exit()).as(log.stderr()).isZero();
    assertThat(new JsonObject(log.stdout()).getJsonArray("commits").getJsonObject(0).getString("subject")).isEqualTo(SUBJECT);

    ProcessRun diff = call("git_diff", "{\"commit\": \"HEAD\"}");
    assertThat(diff.exit()).as(diff.stderr()).isZero();
    assertThat(new JsonObject(diff.stdout()).getString("diff")).as("byte for byte what git prints")
      .isEqualTo(GitFixture.git(repoDir, "diff", "--histogram", "HEAD~1", "HEAD")).contains(LINE);
  }

  @Test
  void aCommandLineTheLocaleCannotReadIsRefusedNotSentOnMangled() throws Exception {
    ProcessRun refused = grepNaive(null);
    assertThat(refused.exit()).as(refused.stderr()).isEqualTo(2);
    assertThat(refused.stderr()).contains("the locale cannot read").contains("LANG=C.UTF-8");
    assertThat(refused.stdout()).isEmpty();
    ProcessRun read = grepNaive("C.UTF-8");
    assertThat(read.exit()).as(read.stderr()).isZero();
    assertThat(new JsonObject(read.stdout()).getJsonArray("matches")).hasSize(1);
  }

  /** {@code call git_grep '{"pattern": "naïve"}'}, the argument's bytes made by the shell whatever the runner's locale. */
  private ProcessRun grepNaive(String lang) throws Exception {
    ProcessBuilder builder = new ProcessBuilder("sh", "-c",
      "exec sh \"$0\" call git_grep \"$(printf '{\"pattern\": \"na\\303\\257ve\"}')\"",
      Path.of(System.getProperty("reviewgate.home"), "bin", "reviewgate").toString()).directory(repoDir.toFile());
    McpProcess.withoutLocale(builder.environment());
    builder.environment().put("PATH", Path.of(McpProcess.java()).getParent() + ":" + builder.environment().get("PATH"));
    if (lang != null) {
      builder.environment().put("LANG", lang);
    }
    return ProcessRun.of(builder);
  }

  /** Without it the tests above would prove nothing: the child's Java must really default to something else. */
  private void assertTheDefaultCharsetIsNotUtf8() throws Exception {
    if (Runtime.version().feature() >= 18) {
      return; // Java 18 and later default to UTF-8 in every locale; stdout still follows the locale
    }
    ProcessBuilder probe = new ProcessBuilder(McpProcess.java(), "-XshowSettings:properties", "-version");
    McpProcess.withoutLocale(probe.environment());
    ProcessRun settings = ProcessRun.of(probe);
    assertThat(settings.stderr()).containsPattern("file\\.encoding = (?!UTF-8)");
  }

  /** {@code reviewgate call} through the launcher, environment emptied as {@code env -i PATH=… HOME=…} does. */
  private ProcessRun call(String tool, String json) throws Exception {
    ProcessBuilder builder = new ProcessBuilder("sh", Path.of(System.getProperty("reviewgate.home"), "bin", "reviewgate")
      .toString(), "call", tool, json).directory(repoDir.toFile());
    McpProcess.withoutLocale(builder.environment());
    // The launcher finds the java of the tests first on PATH.
    builder.environment().put("PATH", Path.of(McpProcess.java()).getParent() + ":" + builder.environment().get("PATH"));
    return ProcessRun.of(builder);
  }

  private static String contentType(int port, String path) throws Exception {
    HttpResponse<Void> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
      + port + path)).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.discarding());
    assertThat(response.statusCode()).as(path).isEqualTo(200);
    return response.headers().firstValue("Content-Type").orElse("");
  }
}
