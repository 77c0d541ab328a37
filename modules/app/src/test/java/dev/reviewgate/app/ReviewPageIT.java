package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.testing.TempGitRepo;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;

/**
 * The person's review page in headless Chromium, on a 50-file change made in the test: a new 12,000-line C file,
 * one-line changes in Python, JavaScript and Java, a 40-line text file changed in its middle, and 45 small notes.
 * Nothing hidden (counts, cuts, the whole long file, a thread outside the hunks), nothing lost (a draft through view
 * switches, live events, a reload, a completion, a server restart), and the reviewer's tools.
 */
class ReviewPageIT {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final int BIG = 12_000;
  private static final int NOTES = 45;

  @TempDir
  Path repoDir;
  @TempDir
  Path storeDir;

  private TempGitRepo repo;
  private DashboardServer server;

  @BeforeEach
  void setUp() throws Exception {
    repo = new TempGitRepo(repoDir);
    StringBuilder list = new StringBuilder();
    for (int i = 1; i <= 40; i++) {
      list.append("line ").append(i).append('\n');
    }
    repo.write("src/list.txt", list.toString())
      .write("src/calc.py", "import math\n\ndef area(r):\n    return 3.14 * r * r\n")
      .write("src/app.js", "function greet(name) {\n  return 'hi ' + name;\n}\n")
      .write("src/Main.java", "public class Main {\n  public static void main(String[] args) {\n"
        + "    System.out.println(\"hi\");\n  }\n}\n");
    for (int n = 0; n < NOTES; n++) {
      repo.write(note(n), notes(n, "plain"));
    }
    repo.commit("first");
    StringBuilder big = new StringBuilder();
    for (int i = 1; i <= BIG; i++) {
      big.append("int v").append(i).append(" = ").append(i).append(";\n");
    }
    repo.write("src/big.c", big.toString())
      .write("src/list.txt", list.toString().replace("line 20\n", "line twenty\n"))
      .write("src/calc.py", "import math\n\ndef area(r):\n    return math.pi * r * r\n")
      .write("src/app.js", "function greet(name) {\n  return 'hello ' + name;\n}\n")
      .write("src/Main.java", "public class Main {\n  public static void main(String[] args) {\n"
        + "    System.out.println(\"hello\");\n  }\n}\n");
    for (int n = 0; n < NOTES; n++) {
      repo.write(note(n), notes(n, "changed"));
    }
    repo.commit("second");
    server = DashboardServer.start(repoDir, storeDir, vertx -> Future.succeededFuture());
  }

  @AfterEach
  void tearDown() throws Exception {
    server.close();
  }

  private static String note(int n) {
    return String.format("notes/f%02d.txt", n);
  }

  private static String notes(int n, String fifth) {
    StringBuilder text = new StringBuilder();
    for (int k = 1; k <= 10; k++) {
      text.append(k == 5 ? fifth : "note " + n + " line " + k).append('\n');
    }
    return text.toString();
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void theLongFileReadsToItsLastLineAndEveryCountIsGits() throws Exception {
    String id = review();
    try (HeadlessChromium chromium = opened(id)) {
      Map<String, String> expected = new HashMap<>();
      for (String row : repo.git("diff", "--numstat", "HEAD~1", "HEAD").strip().split("\n")) {
        String[] cells = row.split("\t");
        expected.put(cells[2], String.format("%,d added, %,d removed", Integer.parseInt(cells[0]), Integer.parseInt(cells[1])));
      }
      @SuppressWarnings("unchecked")
      Map<String, String> shown = (Map<String, String>) js(chromium, """
        const out = {};
        for (const s of document.querySelectorAll('section.file'))
          out[s.dataset.path] = s.querySelector('.file-head .counts').getAttribute('aria-label');
        return out;""");
      assertThat(shown).as("every file's counts are git's numstat").isEqualTo(expected);
      assertThat(expected).hasSize(50);

      // Rendered to the end, each file shows all its changed lines, or says on the file that it does not.
      Object partial = js(chromium, """
        const bad = [];
        for (const s of document.querySelectorAll('section.file')) {
          for (let n = 0, b; (b = s.querySelector('tr.more button')) && n < 1000; n++) b.click();
          const [add, del] = s.querySelector('.file-head .counts').getAttribute('aria-label')
            .match(/\\d[\\d,]*/g).map((x) => Number(x.replace(/,/g, '')));
          const shownAdd = s.querySelectorAll('tr.line.add').length, shownDel = s.querySelectorAll('tr.line.delete').length;
          if ((shownAdd !== add || shownDel !== del) && !s.querySelector('.cut-notice'))
            bad.push(`${s.dataset.path} shows +${shownAdd} -${shownDel} of +${add} -${del}`);
        }
        return bad;""");
      assertThat((List<?>) partial).as("files showing part of their diff without a notice").isEmpty();
      WebElement bigFile = section(chromium, "src/big.c");
      assertThat(bigFile.findElement(By.cssSelector(".cut-notice")).getText()).contains("of 12,000 changed lines");

      chromium.driver.navigate().refresh();
      open(chromium, id, "");
      section(chromium, "src/big.c").findElement(By.cssSelector("button.load-diff")).click();
      chromium.until(WAIT, "the whole diff of big.c", () -> section(chromium, "src/big.c")
        .findElements(By.cssSelector(".cut-notice")).isEmpty());
      // Scrolled down, the rows come in chunks as they near the window.
      for (int chunk = 0; chunk < 100; chunk++) {
        long before = rows(chromium, "src/big.c");
        Object more = js(chromium, "const m = arguments[0].querySelector('tr.more'); m?.scrollIntoView({block: 'start'});"
          + " return !!m;", section(chromium, "src/big.c"));
        if (Boolean.FALSE.equals(more)) {
          break;
        }
        chromium.until(WAIT, "the next rows of big.c", () -> rows(chromium, "src/big.c") > before);
      }
      assertThat(rows(chromium, "src/big.c")).isEqualTo(BIG);
      WebElement last = section(chromium, "src/big.c").findElement(By.cssSelector("button.line-no[data-side='new'][data-line='12000']"));
      assertThat(last.findElement(By.xpath("ancestor::tr")).getText()).contains("int v12000 = 12000;");
      assertThat(chromium.consoleErrors()).as("no script error or failed load (favicon included)").isEmpty();
    }
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void aDraftSurvivesViewSwitchesLiveEventsAReloadAndTheCompletion() throws Exception {
    String id = review();
    String draft = "Why does line 18 stay? (draft)";
    try (HeadlessChromium chromium = opened(id)) {
      lineButton(chromium, "src/list.txt", "new", 18).click();
      WebElement box = chromium.until(WAIT, "the comment box", () -> chromium.driver.switchTo().activeElement());
      assertThat(box.getTagName()).isEqualTo("textarea");
      box.sendKeys(draft);

      chromium.driver.findElement(By.xpath("//button[text()='Side by side']")).click();
      chromium.until(WAIT, "the side by side view", () -> section(chromium, "src/list.txt").findElement(By.cssSelector("table.split")));
      assertThat(draftText(chromium)).isEqualTo(draft);
      chromium.driver.findElement(By.xpath("//button[text()='Unified']")).click();
      chromium.until(WAIT, "the unified view", () -> section(chromium, "src/list.txt").findElement(By.cssSelector("table.unified")));
      assertThat(draftText(chromium)).isEqualTo(draft);

      agentComment(id, "src/calc.py", 4, "An agent's note on another file.");
      chromium.until(WAIT, "the agent's comment on calc.py", () -> section(chromium, "src/calc.py")
        .getText().contains("An agent's note on another file."));
      assertThat(draftText(chromium)).isEqualTo(draft);
      assertThat(chromium.driver.findElement(By.id("announcer")).getAttribute("textContent"))
        .as("a new comment is announced").contains("New comment from the agent on src/calc.py line 4");

      agentComment(id, "src/list.txt", 3, "Line 3 is outside the hunks.");
      WebElement outside = chromium.until(WAIT, "the thread outside the hunks", () -> section(chromium, "src/list.txt")
        .findElement(By.cssSelector(".outside .outside-thread")));
      chromium.until(WAIT, "its context lines", () -> outside.findElements(By.cssSelector("tr.line")).size() == 6);
      assertThat(outside.findElement(By.cssSelector("tr.target")).getText()).contains("3", "line 3");
      assertThat(outside.getText()).contains("line 1", "line 6", "Line 3 is outside the hunks.");
      assertThat(draftText(chromium)).isEqualTo(draft);

      // Leaving asks first while something is unsent (the browser shows its prompt when the handler cancels the
      // event; WebDriver's own reload bypasses that prompt); a reload brings the draft and the outside thread back.
      assertThat(js(chromium, "const e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e);"
        + " return e.defaultPrevented;")).as("the page warns before unload").isEqualTo(true);
      chromium.driver.navigate().refresh();
      open(chromium, id, "");
      chromium.until(WAIT, "the draft after the reload", () -> draft.equals(draftText(chromium)));
      chromium.until(WAIT, "the outside thread after the reload", () -> section(chromium, "src/list.txt")
        .findElement(By.cssSelector(".outside tr.target")).getText().contains("line 3"));

      server.call(Addresses.REVIEW_COMPLETE, new JsonObject().put("review_id", id).put("action", "checkpoint"));
      chromium.until(WAIT, "the completion banner", () -> chromium.driver.findElement(By.cssSelector(".banner.done")));
      assertThat(draftText(chromium)).as("the draft is kept when the review is completed elsewhere").isEqualTo(draft);
      chromium.screenshot("page-draft-kept-after-completion");
    }
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void tokensChangedWordsAndExpandedContext() throws Exception {
    String id = review();
    try (HeadlessChromium chromium = opened(id)) {
      for (String path : List.of("src/big.c", "src/Main.java", "src/calc.py", "src/app.js")) {
        assertThat(section(chromium, path).findElements(By.cssSelector("td.code [class^='hljs-']")))
          .as("syntax tokens in " + path).isNotEmpty();
      }
      WebElement calc = section(chromium, "src/calc.py");
      assertThat(calc.findElement(By.cssSelector("tr.line.add mark.word")).getText()).isEqualTo("math.pi");
      assertThat(calc.findElement(By.cssSelector("tr.line.delete mark.word")).getText()).isEqualTo("3.14");
      assertThat(section(chromium, "src/app.js").findElement(By.cssSelector("tr.line.add mark.word")).getText())
        .isEqualTo("hello");
      assertThat(js(chromium, "const r = document.createRange(); r.selectNodeContents(arguments[0]);"
        + " getSelection().removeAllRanges(); getSelection().addRange(r); return getSelection().toString();",
        calc.findElement(By.cssSelector("tr.line.add td.code")))).as("copied code carries no sign")
        .isEqualTo("    return math.pi * r * r");

      WebElement list = section(chromium, "src/list.txt");
      list.findElement(By.xpath(".//tr[contains(@class,'expander')]//button[contains(., 'Show all 16 hidden lines')]")).click();
      chromium.until(WAIT, "the lines above the hunk", () -> !section(chromium, "src/list.txt")
        .findElements(By.cssSelector("button.line-no[data-side='new'][data-line='1']")).isEmpty());
      assertThat(row(chromium, "src/list.txt", 10).getText()).isEqualTo("10 10 line 10");
      section(chromium, "src/list.txt").findElement(By.xpath(".//button[contains(., 'Show 20 more lines')]")).click();
      chromium.until(WAIT, "the lines below the hunk", () -> !section(chromium, "src/list.txt")
        .findElements(By.cssSelector("button.line-no[data-side='new'][data-line='40']")).isEmpty());
      assertThat(row(chromium, "src/list.txt", 40).getText()).isEqualTo("40 40 line 40");
      assertThat(section(chromium, "src/list.txt").findElements(By.cssSelector("tr.expander"))).as("nothing left to expand").isEmpty();
      assertThat(rows(chromium, "src/list.txt")).isEqualTo(2);
    }
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void rangeFileAndSuggestionCommentsReachTheAgentAndMarkdownRendersSafely() throws Exception {
    String id = review();
    try (HeadlessChromium chromium = opened(id)) {
      Future<JsonObject> wait = waitForFeedback(id);
      lineButton(chromium, "src/list.txt", "new", 18).click();
      new Actions(chromium.driver).keyDown(Keys.SHIFT).click(lineButton(chromium, "src/list.txt", "new", 21))
        .keyUp(Keys.SHIFT).perform();
      WebElement box = chromium.until(WAIT, "the range's box", () -> chromium.driver.switchTo().activeElement());
      assertThat(box.findElement(By.xpath("ancestor::td")).getText()).contains("src/list.txt:18–21");
      box.sendKeys("These four lines read oddly.", Keys.chord(Keys.CONTROL, Keys.ENTER));
      JsonObject range = DashboardServer.await(wait).getJsonObject("feedback");
      assertThat(range.getInteger("start_line")).isEqualTo(18);
      assertThat(range.getInteger("line")).isEqualTo(21);
      assertThat(range.getString("side")).isEqualTo("new");

      wait = waitForFeedback(id);
      lineButton(chromium, "src/list.txt", "old", 19).click();
      new Actions(chromium.driver).keyDown(Keys.SHIFT).click(lineButton(chromium, "src/list.txt", "old", 20))
        .keyUp(Keys.SHIFT).perform();
      chromium.until(WAIT, "the old range's box", () -> chromium.driver.switchTo().activeElement())
        .sendKeys("Was line 20 needed?", Keys.chord(Keys.CONTROL, Keys.ENTER));
      JsonObject old = DashboardServer.await(wait).getJsonObject("feedback");
      assertThat(List.of(old.getInteger("start_line"), old.getInteger("line"), old.getString("side")))
        .containsExactly(19, 20, "old");

      wait = waitForFeedback(id);
      section(chromium, "src/calc.py").findElement(By.cssSelector("button.file-comment")).click();
      chromium.until(WAIT, "the file's box", () -> chromium.driver.switchTo().activeElement())
        .sendKeys("Is math imported everywhere?", Keys.chord(Keys.CONTROL, Keys.ENTER));
      JsonObject file = DashboardServer.await(wait).getJsonObject("feedback");
      assertThat(file.getString("file")).isEqualTo("src/calc.py");
      assertThat(file.getValue("line")).isNull();
      chromium.until(WAIT, "the file's thread", () -> section(chromium, "src/calc.py").findElement(By.cssSelector(".file-threads"))
        .getText().contains("Is math imported everywhere?"));

      wait = waitForFeedback(id);
      lineButton(chromium, "src/calc.py", "new", 4).click();
      WebElement suggest = chromium.until(WAIT, "the suggestion box", () -> chromium.driver.switchTo().activeElement());
      section(chromium, "src/calc.py").findElement(By.cssSelector("button.suggest")).click();
      assertThat(suggest.getAttribute("value")).isEqualTo("```suggestion\n    return math.pi * r * r\n```\n");
      suggest.clear();
      suggest.sendKeys("Square once:\n```suggestion\n    return math.pi * r ** 2\n```");
      suggest.sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
      JsonObject suggested = DashboardServer.await(wait);
      assertThat(suggested.getJsonObject("suggestion")).isEqualTo(new JsonObject().put("path", "src/calc.py")
        .put("side", "new").put("start_line", 4).put("line", 4).put("replacement", "    return math.pi * r ** 2\n"));
      WebElement shownSuggestion = chromium.until(WAIT, "the suggestion as a diff", () -> section(chromium, "src/calc.py")
        .findElement(By.cssSelector(".thread .suggestion")));
      assertThat(shownSuggestion.findElement(By.cssSelector("tr.delete")).getText()).contains("return math.pi * r * r");
      assertThat(shownSuggestion.findElement(By.cssSelector("tr.add")).getText()).contains("return math.pi * r ** 2");

      String thread = suggested.getJsonObject("feedback").getString("thread_id");
      server.call(Addresses.REVIEW_UPDATE, new JsonObject().put("review_id", id).put("action", "add_comment")
        .put("thread_id", thread).put("body", "Use `math.pi` and **square** it.\n\n"
          + "<img src=x onerror=\"window.__xss = 1\"><script>window.__xss = 2</script>"));
      WebElement answer = chromium.until(WAIT, "the agent's Markdown", () -> chromium.driver
        .findElement(By.cssSelector("#thread-" + thread + " .comment.author-agent .comment-body")));
      assertThat(answer.findElement(By.cssSelector("code")).getText()).isEqualTo("math.pi");
      assertThat(answer.findElement(By.cssSelector("strong")).getText()).isEqualTo("square");
      assertThat(answer.findElements(By.cssSelector("img, script"))).isEmpty();
      assertThat(answer.getText()).contains("<img src=x onerror=");
      assertThat(js(chromium, "return window.__xss === undefined;")).isEqualTo(true);
      chromium.screenshot("page-suggestion-and-markdown");
    }
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void aPendingReviewOnTwoFilesSurvivesAReloadAndReachesTheWaitingAgentAsOneBatch() throws Exception {
    String id = review();
    try (HeadlessChromium chromium = opened(id)) {
      Future<JsonObject> wait = waitForFeedback(id);
      lineButton(chromium, "src/list.txt", "new", 20).click();
      chromium.until(WAIT, "the comment box", () -> chromium.driver.switchTo().activeElement())
        .sendKeys("Spell the number as the others.");
      section(chromium, "src/list.txt").findElement(By.xpath(".//button[text()='Start a review']")).click();
      chromium.until(WAIT, "the pending comment", () -> section(chromium, "src/list.txt")
        .findElement(By.cssSelector(".thread .pending-badge")));
      assertThat(chromium.driver.findElement(By.id("pending-count")).getText()).isEqualTo("Pending review: 1 comment(s)");

      lineButton(chromium, "src/calc.py", "new", 4).click();
      WebElement second = chromium.until(WAIT, "the second box", () -> chromium.driver.switchTo().activeElement());
      assertThat(section(chromium, "src/calc.py").findElement(By.cssSelector("button.hold")).getText()).isEqualTo("Add to review");
      second.sendKeys("Square once.", Keys.chord(Keys.CONTROL, Keys.ENTER));
      chromium.until(WAIT, "two pending comments", () -> chromium.driver.findElement(By.id("pending-count")).getText()
        .equals("Pending review: 2 comment(s)"));
      JsonObject status = server.call(Addresses.REVIEW_STATUS, new JsonObject().put("review_id", id));
      assertThat(status.getJsonArray("threads")).as("nothing reached the agent's view").isEmpty();
      assertThat(status.getBoolean("agent_waiting")).isTrue();
      assertThat(wait.isComplete()).as("the agent's wait goes on").isFalse();

      chromium.driver.navigate().refresh();
      open(chromium, id, "");
      chromium.until(WAIT, "the pending comments after the reload", () -> section(chromium, "src/calc.py")
        .findElement(By.cssSelector(".thread .pending-badge")));
      assertThat(section(chromium, "src/list.txt").findElement(By.cssSelector(".thread")).getText())
        .contains("Pending", "Spell the number as the others.");
      assertThat(chromium.driver.findElement(By.id("complete-button")).getText()).isEqualTo("Finish your review (2)…");
      assertThat(wait.isComplete()).isFalse();

      // Another tab shows the same pending review, and a comment deleted there goes from this one live.
      String mine = chromium.driver.getWindowHandle();
      chromium.driver.switchTo().newWindow(WindowType.TAB);
      chromium.driver.get("http://127.0.0.1:" + server.port() + "/review/#/reviews/" + id);
      open(chromium, id, "");
      chromium.until(WAIT, "the pending count in the other tab", () -> chromium.driver.findElement(By.id("pending-count"))
        .getText().equals("Pending review: 2 comment(s)"));
      lineButton(chromium, "src/app.js", "new", 2).click();
      chromium.until(WAIT, "a third box", () -> chromium.driver.switchTo().activeElement())
        .sendKeys("Held, then deleted.", Keys.chord(Keys.CONTROL, Keys.ENTER));
      chromium.until(WAIT, "three pending comments", () -> chromium.driver.findElement(By.id("pending-count")).getText()
        .equals("Pending review: 3 comment(s)"));
      String otherTab = chromium.driver.getWindowHandle();
      chromium.driver.switchTo().window(mine);
      chromium.until(WAIT, "the other tab's comment here", () -> section(chromium, "src/app.js").getText()
        .contains("Held, then deleted."));
      section(chromium, "src/app.js").findElement(By.cssSelector(".thread button.delete")).click();
      chromium.until(WAIT, "the confirmation", () -> chromium.driver.switchTo().alert()).accept();
      chromium.until(WAIT, "two pending comments again", () -> chromium.driver.findElement(By.id("pending-count"))
        .getText().equals("Pending review: 2 comment(s)"));
      chromium.driver.switchTo().window(otherTab);
      chromium.until(WAIT, "the deletion in the other tab", () -> !section(chromium, "src/app.js").getText()
        .contains("Held, then deleted."));
      chromium.driver.close();
      chromium.driver.switchTo().window(mine);

      chromium.driver.findElement(By.id("complete-button")).click();
      assertThat(chromium.driver.findElement(By.id("complete-title")).getText()).isEqualTo("Finish your review");
      chromium.driver.findElement(By.cssSelector("#complete-form input[value='request_changes']")).click();
      chromium.driver.findElement(By.id("complete-notes")).sendKeys("Two small things.");
      chromium.driver.findElement(By.id("complete-submit")).click();
      JsonObject result = DashboardServer.await(wait);
      assertThat(result.getString("outcome")).isEqualTo("review");
      JsonObject batch = result.getJsonObject("feedback");
      assertThat(batch.getString("verdict")).isEqualTo("request_changes");
      assertThat(batch.getString("notes")).isEqualTo("Two small things.");
      assertThat(batch.getJsonArray("comments").stream().map(JsonObject.class::cast)
        .map(c -> c.getString("file") + ":" + c.getInteger("line") + ":" + c.getString("side") + " " + c.getString("body")))
        .containsExactly("src/list.txt:20:new Spell the number as the others.", "src/calc.py:4:new Square once.");
      chromium.until(WAIT, "the sent comments in their threads", () -> section(chromium, "src/calc.py")
        .findElements(By.cssSelector(".thread .pending-badge")).isEmpty()
        && section(chromium, "src/calc.py").getText().contains("Square once."));
      chromium.until(WAIT, "the completion", () -> chromium.driver.findElement(By.cssSelector(".banner.done")));
      assertThat(chromium.consoleErrors()).isEmpty();
    }
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void thePersonEditsAndDeletesUnreadCommentsAndResolvesThreads() throws Exception {
    String id = review();
    try (HeadlessChromium chromium = opened(id)) {
      lineButton(chromium, "src/calc.py", "new", 4).click();
      chromium.until(WAIT, "the comment box", () -> chromium.driver.switchTo().activeElement())
        .sendKeys("Pi is rouded.", Keys.chord(Keys.CONTROL, Keys.ENTER));
      WebElement thread = chromium.until(WAIT, "the thread", () -> section(chromium, "src/calc.py").findElement(By.cssSelector(".thread")));
      thread.findElement(By.cssSelector("button.edit")).click();
      WebElement edit = chromium.driver.switchTo().activeElement();
      assertThat(edit.getAttribute("value")).isEqualTo("Pi is rouded.");
      edit.sendKeys(Keys.chord(Keys.CONTROL, "a"), "Pi is rounded.", Keys.chord(Keys.CONTROL, Keys.ENTER));
      chromium.until(WAIT, "the edited comment", () -> section(chromium, "src/calc.py").findElement(By.cssSelector(".thread .comment-text"))
        .getText().equals("Pi is rounded."));

      lineButton(chromium, "src/app.js", "new", 2).click();
      chromium.until(WAIT, "another comment box", () -> chromium.driver.switchTo().activeElement())
        .sendKeys("Never mind.", Keys.chord(Keys.CONTROL, Keys.ENTER));
      chromium.until(WAIT, "the second thread", () -> section(chromium, "src/app.js").findElement(By.cssSelector(".thread button.delete")))
        .click();
      chromium.until(WAIT, "the confirmation", () -> chromium.driver.switchTo().alert()).accept();
      chromium.until(WAIT, "the deleted comment gone", () -> section(chromium, "src/app.js").findElements(By.cssSelector(".thread")).isEmpty());

      JsonObject got = DashboardServer.await(waitForFeedback(id));
      assertThat(got.getJsonObject("feedback").getString("body")).isEqualTo("Pi is rounded.");
      assertThat(got.getInteger("pending")).isZero();

      section(chromium, "src/calc.py").findElement(By.cssSelector(".thread button.resolve")).click();
      chromium.until(WAIT, "the resolved thread", () -> section(chromium, "src/calc.py").findElement(By.cssSelector(".thread.resolved details")));
      assertThat(section(chromium, "src/calc.py").findElement(By.cssSelector(".thread.resolved .comment-text")).isDisplayed())
        .as("a resolved thread is folded").isFalse();
      section(chromium, "src/calc.py").findElement(By.cssSelector(".thread button.resolve")).click();
      chromium.until(WAIT, "the thread open again", () -> section(chromium, "src/calc.py")
        .findElements(By.cssSelector(".thread.resolved")).isEmpty());
    }
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void viewedMarksTheFilterKeysAndDeepLinks() throws Exception {
    String id = review();
    try (HeadlessChromium chromium = opened(id)) {
      assertThat(js(chromium, "const e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e);"
        + " return e.defaultPrevented;")).as("nothing unsent, no warning").isEqualTo(false);
      section(chromium, note(0)).findElement(By.cssSelector("input.viewed")).click();
      section(chromium, note(1)).findElement(By.cssSelector("input.viewed")).click();
      assertThat(progress(chromium)).isEqualTo("2 of 50 files viewed");
      assertThat(section(chromium, note(0)).findElement(By.cssSelector(".file-body")).isDisplayed()).isFalse();
      chromium.driver.navigate().refresh();
      open(chromium, id, "");
      assertThat(progress(chromium)).isEqualTo("2 of 50 files viewed");
      assertThat(section(chromium, note(1)).findElement(By.cssSelector("input.viewed")).isSelected()).isTrue();

      WebElement filter = chromium.driver.findElement(By.cssSelector(".file-filter"));
      filter.sendKeys(".py");
      assertThat(visibleFiles(chromium)).containsExactly("src/calc.py");
      filter.sendKeys(Keys.chord(Keys.CONTROL, "a"), "notes f1");
      assertThat(visibleFiles(chromium)).hasSize(10).allMatch(p -> p.startsWith("notes/f1"));
      filter.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.BACK_SPACE);
      chromium.driver.findElement(By.cssSelector(".hide-viewed input")).click();
      List<String> unviewed = visibleFiles(chromium);
      assertThat(unviewed).hasSize(48).doesNotContain(note(0), note(1));

      js(chromium, "document.activeElement.blur(); window.scrollTo(0, 0);");
      new Actions(chromium.driver).sendKeys("j").perform();
      assertThat(focusedFile(chromium)).isEqualTo(unviewed.get(0));
      new Actions(chromium.driver).sendKeys("j").perform();
      assertThat(focusedFile(chromium)).isEqualTo(unviewed.get(1));
      new Actions(chromium.driver).sendKeys("k").perform();
      assertThat(focusedFile(chromium)).isEqualTo(unviewed.get(0));
      new Actions(chromium.driver).sendKeys("?").perform();
      assertThat(chromium.driver.findElement(By.id("keys-help")).isDisplayed()).isTrue();
      assertThat(chromium.driver.findElement(By.id("keys-help")).getText()).contains("next file", "previous file");
      new Actions(chromium.driver).sendKeys(Keys.ESCAPE).perform();

      chromium.driver.get("about:blank");
      open(chromium, id, "?file=src/big.c&side=new&line=4000");
      WebElement target = chromium.until(WAIT, "the linked line", () -> chromium.driver.findElement(By.cssSelector("tr.target")));
      assertThat(target.findElement(By.cssSelector("button.line-no[data-side='new']")).getText()).isEqualTo("4000");
      assertThat(js(chromium, "const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight;", target))
        .as("the linked line is in the window").isEqualTo(true);
      assertThat(chromium.driver.switchTo().activeElement().getText()).isEqualTo("4000");
    }
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void aSecondRoundShowsWhatChangedSinceTheFirstAndResetsTheViewedMarksOfWhatItChanged() throws Exception {
    String id = review();
    try (HeadlessChromium chromium = opened(id)) {
      section(chromium, "src/calc.py").findElement(By.cssSelector("input.viewed")).click();
      section(chromium, "src/app.js").findElement(By.cssSelector("input.viewed")).click();
      assertThat(progress(chromium)).isEqualTo("2 of 50 files viewed");

      repo.write("src/calc.py", "import math\n\ndef area(r):\n    return math.pi * r ** 2\n").commit("third");
      server.call(Addresses.REVIEW_UPDATE, new JsonObject().put("review_id", id).put("action", "new_round"));
      chromium.until(WAIT, "the round picker", () -> chromium.driver.findElement(By.id("round-view")));
      open(chromium, id, "");
      assertThat(section(chromium, "src/calc.py").findElement(By.cssSelector("input.viewed")).isSelected())
        .as("the file the round changed is to be viewed again").isFalse();
      assertThat(section(chromium, "src/app.js").findElement(By.cssSelector("input.viewed")).isSelected()).isTrue();
      assertThat(progress(chromium)).isEqualTo("1 of 50 files viewed");

      chromium.driver.findElement(By.cssSelector("#round-view option[value='1']")).click();
      chromium.until(WAIT, "only the changes since round 1", () -> visibleFiles(chromium).equals(List.of("src/calc.py")));
      WebElement calc = section(chromium, "src/calc.py");
      assertThat(calc.findElement(By.cssSelector("tr.line.delete")).getText()).contains("return math.pi * r * r");
      assertThat(calc.findElement(By.cssSelector("tr.line.add")).getText()).contains("return math.pi * r ** 2");
      assertThat(chromium.driver.findElement(By.cssSelector(".banner.since")).getText()).contains("since round 1");
    }
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void fewTabStopsHeadingsNamedTablesAndContrastInBothThemes() throws Exception {
    String id = review();
    try (HeadlessChromium chromium = opened(id)) {
      long stops = (Long) js(chromium, """
        return [...document.querySelectorAll('a[href], button, input, textarea, select, [tabindex]')]
          .filter((e) => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length > 0).length;""");
      assertThat(stops).as("Tab stops on the 50-file review").isLessThan(300).isGreaterThan(50);
      assertThat(chromium.driver.findElements(By.cssSelector("section.file h3 .file-toggle"))).hasSize(50);
      assertThat(js(chromium, "return [...document.querySelectorAll('table')].every((t) => t.getAttribute('aria-label'));"))
        .as("every table has a name").isEqualTo(true);
      // Inside a diff the arrow keys move between lines.
      WebElement first = lineButton(chromium, "src/list.txt", "old", 17);
      js(chromium, "arguments[0].focus();", first);
      new Actions(chromium.driver).sendKeys(Keys.ARROW_DOWN).perform();
      assertThat(chromium.driver.switchTo().activeElement().getAttribute("data-side")).isEqualTo("new");
      new Actions(chromium.driver).sendKeys(Keys.ARROW_DOWN).perform();
      assertThat(chromium.driver.switchTo().activeElement().getText()).isEqualTo("18");

      agentComment(id, "src/calc.py", 4, "A comment to measure.");
      chromium.until(WAIT, "the agent's comment", () -> section(chromium, "src/calc.py").getText().contains("A comment to measure."));
      for (String scheme : List.of("light", "dark")) {
        chromium.colorScheme(scheme);
        @SuppressWarnings("unchecked")
        List<Object> worst = (List<Object>) js(chromium, CONTRAST);
        assertThat(worst).as("text under 4.5:1 in the " + scheme + " theme").isEmpty();
        chromium.screenshot("page-" + scheme);
      }
    }
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void thePageReconnectsAfterTheServerRestartsAndKeepsTheDraft() throws Exception {
    String id = review();
    String draft = "Typed before the restart.";
    try (HeadlessChromium chromium = HeadlessChromium.start(1280, 900)) {
      ChromeDriver driver = chromium.driver;
      open(chromium, id, "");
      String page = driver.getWindowHandle();
      lineButton(chromium, "src/list.txt", "new", 20).click();
      chromium.until(WAIT, "the comment box", () -> driver.switchTo().activeElement()).sendKeys(draft);

      server.restartHttp();
      chromium.until(WAIT, "the page noticing", () -> driver.findElement(By.id("connection")).getText().contains("reconnecting"));
      // The restarted server forgot the session: the person signs in again (reviewgate open), in another tab.
      driver.switchTo().newWindow(WindowType.TAB);
      driver.get(SignIn.loginUrl(server.port(), id));
      driver.switchTo().window(page);
      chromium.until(WAIT, "the page live again", () -> driver.findElement(By.id("connection")).getText().equals("live"));
      chromium.until(WAIT, "the draft after reconnecting", () -> draft.equals(draftText(chromium)));
      agentComment(id, "src/app.js", 2, "Heard after the restart.");
      chromium.until(WAIT, "a live event after reconnecting", () -> section(chromium, "src/app.js").getText()
        .contains("Heard after the restart."));
    }
  }

  // --- helpers ----------------------------------------------------------------------------------------------------

  /** Every visible text in the page whose contrast with what is behind it is under 4.5:1 (at most 10 listed). */
  private static final String CONTRAST = """
    const rgba = (c) => {
      const p = c.match(/[\\d.]+/g).map(Number);
      const scale = c.startsWith('color(') ? 255 : 1;  // color(srgb r g b / a) has channels from 0 to 1
      return [p[0] * scale, p[1] * scale, p[2] * scale, p.length > 3 ? p[3] : 1];
    };
    const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
    const over = (top, base) => [0, 1, 2].map((i) => top[i] * top[3] + base[i] * (1 - top[3]));
    const behind = (el) => {
      const layers = [];
      for (let e = el; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
      }
      let base = [255, 255, 255];
      for (let i = layers.length - 1; i >= 0; i--) base = over(layers[i], base);
      return base;
    };
    const bad = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(), count = 0; n && count < 6000; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!n.data.trim() || !el || el.closest('[hidden], dialog:not([open]), .visually-hidden, button:disabled')) continue;
      if (!el.getClientRects().length) continue;
      count++;
      const bg = behind(el);
      const fg = over(rgba(getComputedStyle(el).color), bg);
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      const ratio = (a + 0.05) / (b + 0.05);
      if (ratio < 4.5 && bad.length < 10) bad.push(ratio.toFixed(2) + ' ' + el.tagName + '.' + el.className + ': ' + n.data.trim().slice(0, 30));
    }
    return bad;""";

  private String review() throws Exception {
    return server.call(Addresses.REVIEW_REQUEST, new JsonObject().put("title", "Fifty files").put("commit_range", "HEAD")
      .put("wait", false)).getString("review_id");
  }

  /** Chromium signed in and showing review {@code id}. */
  private HeadlessChromium opened(String id) throws Exception {
    HeadlessChromium chromium = HeadlessChromium.start(1280, 900);
    open(chromium, id, "");
    return chromium;
  }

  private void open(HeadlessChromium chromium, String id, String query) throws Exception {
    if (!chromium.driver.getCurrentUrl().startsWith("http")) {
      chromium.driver.get(SignIn.loginUrl(server.port(), id));
      chromium.until(WAIT, "the review after signing in", () -> chromium.driver.getCurrentUrl().contains("#/reviews/" + id));
      if (!query.isEmpty()) {
        chromium.driver.get("http://127.0.0.1:" + server.port() + "/review/#/reviews/" + id + query);
      }
    }
    chromium.until(WAIT, "the review page", () -> chromium.driver.findElements(By.cssSelector("section.file")).size() == 50);
  }

  private Future<JsonObject> waitForFeedback(String id) {
    return server.send(Addresses.REVIEW_UPDATE, new JsonObject().put("review_id", id).put("action", "wait_for_feedback"));
  }

  private void agentComment(String id, String file, int line, String body) throws Exception {
    server.call(Addresses.REVIEW_UPDATE, new JsonObject().put("review_id", id).put("action", "add_comment")
      .put("file", file).put("line", line).put("body", body));
  }

  private static Object js(HeadlessChromium chromium, String script, Object... args) {
    return ((JavascriptExecutor) chromium.driver).executeScript(script, args);
  }

  private static WebElement section(HeadlessChromium chromium, String path) {
    return chromium.driver.findElement(By.cssSelector("section.file[data-path='" + path + "']"));
  }

  /** The line number button, scrolled to the middle of the window (clear of the file's sticky heading). */
  private static WebElement lineButton(HeadlessChromium chromium, String path, String side, int line) {
    WebElement button = section(chromium, path).findElement(By.cssSelector("button.line-no[data-side='" + side
      + "'][data-line='" + line + "']"));
    js(chromium, "arguments[0].scrollIntoView({block: 'center'});", button);
    return button;
  }

  private static WebElement row(HeadlessChromium chromium, String path, int newLine) {
    return lineButton(chromium, path, "new", newLine).findElement(By.xpath("ancestor::tr"));
  }

  private static long rows(HeadlessChromium chromium, String path) {
    return (Long) js(chromium, "return arguments[0].querySelectorAll('tr.line.add, tr.line.delete').length;",
      section(chromium, path));
  }

  private static String draftText(HeadlessChromium chromium) {
    List<WebElement> boxes = chromium.driver.findElements(By.cssSelector("textarea[data-draft*='src/list.txt']"));
    return boxes.isEmpty() ? null : boxes.get(0).getAttribute("value");
  }

  private static String progress(HeadlessChromium chromium) {
    return chromium.driver.findElement(By.cssSelector(".tree .progress-text")).getText();
  }

  @SuppressWarnings("unchecked")
  private static List<String> visibleFiles(HeadlessChromium chromium) {
    return (List<String>) js(chromium, "return [...document.querySelectorAll('section.file')].filter((s) => !s.hidden)"
      + ".map((s) => s.dataset.path);");
  }

  private static String focusedFile(HeadlessChromium chromium) {
    return (String) js(chromium, "return document.activeElement.closest('section.file')?.dataset.path;");
  }
}
