package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Results for SHAs come from the object database only: garbage in the working tree, staged content and a branch
 * switch change nothing, byte for byte.
 */
class HermeticTest {

  @TempDir
  Path tmp;

  private List<String> snapshot(GitReader reader, String base, String head) {
    GitReader.DiffOptions options = new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, 3, List.of());
    GitReader.Pair pair = reader.pair(new DiffTarget(base, head, null, null));
    List<String> out = new ArrayList<>();
    out.add(new String(reader.diff(pair, options, Cancellation.NONE).bytes()));
    out.add(new String(reader.diff(reader.pair(new DiffTarget(null, null, head, null)), options, Cancellation.NONE).bytes()));
    out.add(GitJson.changedFiles(reader.changedFiles(pair, options, Cancellation.NONE)).encode());
    out.add(GitJson.fileContent(reader.showFile(head, "src/App.java", null, null)).encode());
    out.add(GitJson.fileContent(reader.showFile(head, "README.md", 2, 3)).encode());
    out.add(GitJson.grep(reader.grep(head, "line", false, false, List.of(), null, Cancellation.NONE)).encode());
    out.add(GitJson.logPage(reader.log(base + ".." + head, List.of(), null, null, Cancellation.NONE)).encode());
    out.add(GitJson.resolved(reader.resolve(head)).encode());
    return out;
  }

  @Test
  void resultsForShasIgnoreWorkingTreeIndexAndBranch() throws Exception {
    TestRepo repo = new TestRepo(tmp);
    repo.write("README.md", "# title\nline one\nline two\nline three\n").write("src/App.java", "class App {\n  // line\n}\n");
    String base = repo.commit("base");
    repo.write("src/App.java", "class App {\n  // line changed\n  void run() {}\n}\n").write("docs/new.md", "new line\n");
    String head = repo.commit("head");
    GitReader reader = repo.reader();
    List<String> before = snapshot(reader, base, head);

    // garbage in the working tree, over tracked and untracked paths
    repo.write("src/App.java", "GARBAGE line\u0000\n").write("untracked.txt", "line garbage\n");
    Files.delete(repo.dir().resolve("README.md"));
    // staged content that is not committed
    repo.write("docs/new.md", "staged line\n");
    repo.git("add", "docs/new.md", "untracked.txt");
    assertThat(snapshot(reader, base, head)).isEqualTo(before);

    // a branch switch with a different tree checked out
    repo.git("stash", "-q", "-u");
    repo.git("checkout", "-q", "-b", "other", base);
    repo.write("src/App.java", "class Other {}\n");
    repo.commit("other branch");
    assertThat(snapshot(reader, base, head)).isEqualTo(before);
    // a fresh reader (no cached state) agrees too
    assertThat(snapshot(repo.reader(), base, head)).isEqualTo(before);
    assertThat(new JsonObject(before.get(3)).getString("content")).isEqualTo("class App {\n  // line changed\n  void run() {}\n}\n");
  }
}
