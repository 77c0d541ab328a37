package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.testing.TempGitRepo;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;

/**
 * "Hide whitespace" on the person's review page in headless Chromium, on a change that re-indents a C function and
 * changes one of its lines, and changes only the whitespace of another file: toggled on, the page shows exactly the
 * hunks of {@code git diff -w} (computed here with the machine's git), keeps a draft and shows an agent's thread on
 * a re-indented line outside the hunks; the choice survives a reload; toggled off, the full diff is back.
 */
class WhitespacePageIT {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@ ?(.*)$");

  @TempDir
  Path repoDir;
  @TempDir
  Path storeDir;

  private TempGitRepo repo;
  private DashboardServer server;

  @BeforeEach
  void setUp() throws Exception {
    repo = new TempGitRepo(repoDir);
    StringBuilder body = new StringBuilder();
    for (int i = 1; i <= 24; i++) {
      body.append("\tcount += weight(").append(i).append(");\n");
    }
    String before = "#include <stdio.h>\n\nstatic int\ntotal(void)\n{\n\tint count = 0;\n" + body
      + "\treturn count;\n}\n\nint main(void)\n{\n\treturn total();\n}\n";
    repo.write("src/total.c", before).write("src/notes.txt", "first note\nsecond note\n");
    repo.commit("first");
    String after = before.replace("\t", "    ").replace("return count;", "return count * 2;");
    repo.write("src/total.c", after).write("src/notes.txt", "first note  \nsecond note\t\n");
    repo.commit("re-indent total() and double what it returns");
    server = DashboardServer.start(repoDir, storeDir, vertx -> Future.succeededFuture());
  }

  @AfterEach
  void tearDown() throws Exception {
    server.close();
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void hideWhitespaceShowsTheHunksOfGitDiffW() throws Exception {
    List<String> full = gitHunks("src/total.c");
    List<String> ignoring = gitHunks("-w", "src/total.c");
    assertThat(ignoring).as("git's -w shows the real change only").hasSizeLessThan(full.size())
      .contains("-\treturn count;", "+    return count * 2;").noneMatch(line -> line.contains("weight(3)"));
    assertThat(gitHunks("-w", "src/notes.txt")).as("a whitespace-only file has no -w hunks").isEmpty();
    String id = server.call(Addresses.REVIEW_REQUEST, new JsonObject().put("title", "Re-indent")
      .put("commit_range", "HEAD").put("wait", false)).getString("review_id");
    server.call(Addresses.REVIEW_UPDATE, new JsonObject().put("review_id", id).put("action", "add_comment")
      .put("file", "src/total.c").put("line", 9).put("body", "Why re-indent this line?"));
    try (HeadlessChromium chromium = HeadlessChromium.start(1280, 900)) {
      chromium.driver.get(SignIn.loginUrl(server.port(), id));
      chromium.until(WAIT, "the review page", () -> chromium.driver.findElements(By.cssSelector("section.file")).size() == 2);
      chromium.until(WAIT, "the full diff", () -> full.equals(shownHunks(chromium, "src/total.c")));

      WebElement changed = chromium.driver.findElement(By.cssSelector(
        "section.file[data-path='src/total.c'] button.line-no[data-side='new'][data-line='31']"));
      ((JavascriptExecutor) chromium.driver).executeScript("arguments[0].scrollIntoView({block: 'center'});", changed);
      changed.click();
      WebElement box = chromium.until(WAIT, "the comment box", () -> chromium.driver.switchTo().activeElement());
      assertThat(box.getTagName()).isEqualTo("textarea");
      String draft = "Doubling on purpose? (draft)";
      box.sendKeys(draft);

      toggle(chromium);
      chromium.until(WAIT, "the hunks of git diff -w", () -> ignoring.equals(shownHunks(chromium, "src/total.c")));
      assertThat(section(chromium, "src/notes.txt").getText()).contains("Only whitespace changed");
      assertThat(section(chromium, "src/total.c").findElement(By.cssSelector(".counts")).getText())
        .as("the counts are git's numstat with -w").isEqualTo(numstat("-w", "src/total.c"));
      WebElement outside = chromium.until(WAIT, "the thread on a re-indented line, outside the hunks",
        () -> section(chromium, "src/total.c").findElement(By.cssSelector(".outside .outside-thread")));
      assertThat(outside.getText()).contains("Why re-indent this line?");
      assertThat(draftText(chromium)).as("the draft is kept").isEqualTo(draft);

      chromium.driver.navigate().refresh();
      chromium.until(WAIT, "the -w diff after a reload", () -> ignoring.equals(shownHunks(chromium, "src/total.c")));
      assertThat(chromium.driver.findElement(By.cssSelector("button.whitespace-toggle")).getAttribute("aria-pressed"))
        .isEqualTo("true");

      toggle(chromium);
      chromium.until(WAIT, "the full diff again", () -> full.equals(shownHunks(chromium, "src/total.c")));
      assertThat(section(chromium, "src/notes.txt").findElements(By.cssSelector("tr.line.add"))).hasSize(2);
      assertThat(section(chromium, "src/total.c").findElement(By.cssSelector(".counts")).getText())
        .isEqualTo(numstat("", "src/total.c"));
      assertThat(draftText(chromium)).isEqualTo(draft);

      // A second round re-indents main() and changes a note: since round 1, with whitespace hidden, only the note.
      repo.write("src/total.c", repo.git("show", "HEAD:src/total.c").replace("    return total();", "\treturn total();"))
        .write("src/notes.txt", "first note  \nsecond note, amended\t\n").commit("third");
      server.call(Addresses.REVIEW_UPDATE, new JsonObject().put("review_id", id).put("action", "new_round"));
      chromium.until(WAIT, "the round picker", () -> !chromium.driver.findElements(By.id("round-view")).isEmpty());
      toggle(chromium);
      ((JavascriptExecutor) chromium.driver).executeScript("const s = document.getElementById('round-view');"
        + " s.value = '1'; s.dispatchEvent(new Event('change'));");
      List<String> notes = gitHunks("-w", "src/notes.txt");
      assertThat(notes).contains("+second note, amended\t");
      chromium.until(WAIT, "only the note since round 1", () -> chromium.driver.findElements(By.cssSelector("section.file"))
        .stream().map(e -> e.getAttribute("data-path")).toList().equals(List.of("src/notes.txt")));
      assertThat(shownHunks(chromium, "src/notes.txt")).isEqualTo(notes);
      toggle(chromium);
      chromium.until(WAIT, "both files since round 1 with whitespace shown", () -> chromium.driver
        .findElements(By.cssSelector("section.file")).size() == 2);
      assertThat(shownHunks(chromium, "src/notes.txt")).isEqualTo(gitHunks("src/notes.txt"));
    }
  }

  private static void toggle(HeadlessChromium chromium) throws InterruptedException {
    WebElement button = chromium.driver.findElement(By.cssSelector("button.whitespace-toggle"));
    String pressed = button.getAttribute("aria-pressed");
    button.click();
    chromium.until(WAIT, "the toggle to change", () -> !pressed.equals(chromium.driver
      .findElement(By.cssSelector("button.whitespace-toggle")).getAttribute("aria-pressed")));
  }

  /** git's hunks of {@code path} in the last commit, with {@code option}: headers as the page writes them, then lines. */
  private List<String> gitHunks(String option, String path) {
    List<String> args = new ArrayList<>(List.of("diff", "--histogram", "--no-color"));
    if (!option.isEmpty()) {
      args.add(option);
    }
    args.addAll(List.of("HEAD~", "HEAD", "--", path));
    String text = new String(repo.gitBytes(args.toArray(String[]::new)), StandardCharsets.UTF_8);
    List<String> hunks = new ArrayList<>();
    boolean inHunks = false;
    for (String line : text.split("\n")) {
      Matcher header = HUNK.matcher(line);
      if (header.matches()) {
        inHunks = true;
        hunks.add(("@@ -" + header.group(1) + "," + count(header.group(2)) + " +" + header.group(3) + ","
          + count(header.group(4)) + " @@ " + header.group(5)).trim());
      } else if (inHunks) {
        hunks.add(line);
      }
    }
    return hunks;
  }

  private List<String> gitHunks(String path) {
    return gitHunks("", path);
  }

  private static String count(String given) {
    return given == null ? "1" : given;
  }

  /** The page's "+a −d" for {@code path} from {@code git diff --numstat} with {@code option}. */
  private String numstat(String option, String path) {
    List<String> args = new ArrayList<>(List.of("diff", "--histogram", "--numstat"));
    if (!option.isEmpty()) {
      args.add(option);
    }
    args.addAll(List.of("HEAD~", "HEAD", "--", path));
    String[] counts = repo.git(args.toArray(String[]::new)).split("\t");
    return "+" + counts[0] + " −" + counts[1];
  }

  /** The hunks the page shows for {@code path} (unified view): each header, then each line as sign and text. */
  @SuppressWarnings("unchecked")
  private static List<String> shownHunks(HeadlessChromium chromium, String path) {
    return (List<String>) ((JavascriptExecutor) chromium.driver).executeScript(
      "const table = arguments[0].querySelector('table[aria-label^=\"Diff of\"]');"
        + " if (!table) return [];"
        + " return [...table.querySelectorAll('tr.hunk, tr.line')].map((r) => r.classList.contains('hunk')"
        + "   ? r.textContent.trim()"
        + "   : ({add: '+', delete: '-', context: ' '})[[...r.classList].find((c) => c !== 'line')]"
        + "     + r.querySelector('td.code').textContent);", section(chromium, path));
  }

  private static WebElement section(HeadlessChromium chromium, String path) {
    return chromium.driver.findElement(By.cssSelector("section.file[data-path='" + path + "']"));
  }

  private static String draftText(HeadlessChromium chromium) {
    List<WebElement> boxes = chromium.driver.findElements(By.cssSelector("textarea[data-draft*='src/total.c']"));
    return boxes.isEmpty() ? null : boxes.get(0).getAttribute("value");
  }
}
