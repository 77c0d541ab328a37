package dev.reviewgate.diff.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.git.GitDirs;
import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.diff.ModelFields;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.parse.DiffParser;
import dev.reviewgate.diff.render.UnifiedRenderer;
import dev.reviewgate.xdiff.Abbreviator;
import dev.reviewgate.xdiff.Blobs;
import dev.reviewgate.xdiff.CancelCheck;
import dev.reviewgate.xdiff.ContentSource;
import dev.reviewgate.xdiff.DiffAttributes;
import dev.reviewgate.xdiff.FileChange;
import dev.reviewgate.xdiff.PatchBytes;
import dev.reviewgate.xdiff.PatchWriter;
import dev.reviewgate.xdiff.Renames;
import dev.reviewgate.xdiff.RepoDiffConfig;
import dev.reviewgate.xdiff.TreeChanges;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.diff.HistogramDiff;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The model {@link DiffBuilder} builds while xdiff writes equals what the diff engine's parser reads from the same
 * text, in every field, and renders to that text byte for byte: on a repository holding every kind of change git
 * writes, and on this repository's own last 200 commits.
 */
class DiffBuilderTest {

  private static final DiffParser PARSER = new DiffParser(Integer.MAX_VALUE);

  @TempDir
  Path tmp;

  @Test
  void everyKindOfChangeBuildsWhatTheParserReads() throws IOException {
    TempGitRepo repo = new TempGitRepo(tmp.resolve("repo"));
    repo.write("plain.txt", "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n")
      .write("moved.txt", "a line that stays\nanother\nand a third\nfourth line\nfifth\n")
      .write("mode.sh", "echo hi\n")
      .write("gone.txt", "bye\n")
      .write("link-to-be", "was a file\n")
      .write("image.bin", new byte[] {0, 1, 2, 3, 0, 5})
      .write("tail.txt", "no newline at the end")
      .write("latin1.txt", "caf\u00e9\n1\n2\n3\n4\nend\n".getBytes(StandardCharsets.ISO_8859_1))
      .write("crlf.txt", "first\r\nsecond\r\nthird\r\n")
      .write("src/Func.java", "class Func {\n  void a() {\n    x();\n  }\n\n  void b() {\n    y();\n    z();\n  }\n}\n");
    Files.createSymbolicLink(repo.dir().resolve("link"), Path.of("plain.txt"));
    String base = repo.commit("base");
    repo.write("plain.txt", "one\ntwo\nTHREE\nfour\nfive\nsix\nseven\neight\nNINE\nten\neleven\n")
      .delete("moved.txt").write("renamed dir/moved.txt", "a line that stays\nanother\nand a third\nfourth line\nfifth!\n")
      .delete("gone.txt")
      .delete("link-to-be")
      .write("image.bin", new byte[] {0, 1, 2, 3, 4, 0, 6})
      .write("tail.txt", "no newline at the end, still")
      .write("latin1.txt", "caf\u00e9\n1\n2\n3\n4\ncr\u00e8me\n".getBytes(StandardCharsets.ISO_8859_1))
      .write("crlf.txt", "first\r\nsecond changed\r\nthird\r\n")
      .write("empty-added.txt", "")
      .write("\u00fcnicode name.txt", "quoted path\n")
      .write("src/Func.java", "class Func {\n  void a() {\n    x();\n  }\n\n  void b() {\n    y();\n    w();\n  }\n}\n");
    Files.setPosixFilePermissions(repo.dir().resolve("mode.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.delete(repo.dir().resolve("link"));
    repo.write("link", "now a file\n");
    Files.createSymbolicLink(repo.dir().resolve("link-to-be"), Path.of("plain.txt"));
    String head = repo.commit("head");

    try (Repository repository = new FileRepositoryBuilder().setGitDir(repo.dir().resolve(".git").toFile()).build()) {
      Compared compared = compare(repository, ObjectId.fromString(base), ObjectId.fromString(head));
      assertThat(compared.text()).contains("rename from moved.txt", "old mode 100644", "Binary files a/image.bin",
        "\\ No newline at end of file", "new file mode 120000", "deleted file mode 120000", "diff --git a/empty-added.txt",
        "\"b/\\303\\274nicode name.txt\"", "second changed\r\n", "@@ -5,6 +5,6 @@ class Func {\n", "@@ -3,4 +3,4 @@ caf\n", "-end\n+cr\ufffdme\n");
      assertThat(compared.files()).as("a type change is two files").isEqualTo(15);
    }
  }

  @Test
  void thisRepositorysLastCommitsBuildWhatTheParserReads() throws IOException {
    Path gitDir = GitDirs.common(Path.of("").toAbsolutePath()).orElseThrow();
    try (Repository repository = new FileRepositoryBuilder().setGitDir(gitDir.toFile()).build();
         RevWalk walk = new RevWalk(repository)) {
      walk.markStart(walk.parseCommit(repository.resolve("HEAD")));
      int commits = 0;
      int files = 0;
      for (RevCommit commit : walk) {
        if (commits++ == 200) {
          break;
        }
        if (commit.getParentCount() > 0) {
          files += compare(repository, walk.parseCommit(commit.getParent(0)).getTree(), commit.getTree()).files();
        }
      }
      assertThat(files).as("files compared").isGreaterThan(200);
    }
  }

  private record Compared(String text, int files) {
  }

  /** Writes the diff of two commits or trees as text and as a model, and holds the model equal to the parsed text. */
  private static Compared compare(Repository repository, ObjectId base, ObjectId head) throws IOException {
    try (ObjectReader reader = repository.newObjectReader(); RevWalk walk = new RevWalk(reader)) {
      ObjectId oldTree = tree(walk, base);
      ObjectId newTree = tree(walk, head);
      Blobs blobs = new Blobs(ContentSource.of(reader), 50 << 20);
      DiffAttributes attributes = DiffAttributes.of(reader, newTree, 50 << 20, RepoDiffConfig.NONE);
      List<FileChange> changes = new Renames(blobs, attributes, 50, 1000, CancelCheck.NEVER)
        .detect(TreeChanges.between(reader, oldTree, newTree, List.of(), CancelCheck.NEVER));
      PatchBytes text = new PatchBytes();
      DiffBuilder builder = new DiffBuilder();
      List<PatchWriter.Stats> written = new ArrayList<>();
      for (FileChange change : changes) {
        PatchWriter.Stats stats = writer(reader, repository, blobs, attributes).write(change, text);
        assertThat(builder.write(writer(reader, repository, blobs, attributes), change)).isEqualTo(stats);
        written.add(stats);
      }
      byte[] bytes = text.toByteArray();
      Diff built = builder.diff();
      Diff parsed = bytes.length == 0 ? new Diff(List.of(), dev.reviewgate.diff.model.ByteSlice.EMPTY) : PARSER.parse(bytes);
      assertThat(UnifiedRenderer.render(built)).isEqualTo(bytes);
      assertThat(builder.size()).isEqualTo(bytes.length);
      assertThat(built.files()).hasSameSizeAs(parsed.files());
      for (int i = 0; i < parsed.files().size(); i++) {
        assertThat(ModelFields.describe(built.files().get(i))).isEqualTo(ModelFields.describe(parsed.files().get(i)));
      }
      return new Compared(new String(bytes, StandardCharsets.UTF_8), built.files().size());
    }
  }

  private static ObjectId tree(RevWalk walk, ObjectId commitOrTree) throws IOException {
    return walk.parseAny(commitOrTree) instanceof RevCommit commit ? commit.getTree() : commitOrTree;
  }

  private static PatchWriter writer(ObjectReader reader, Repository repository, Blobs blobs, DiffAttributes attributes) {
    return new PatchWriter(blobs, attributes, new Abbreviator(reader, repository.getObjectDatabase(), () -> 7),
      new HistogramDiff(), 3, CancelCheck.NEVER);
  }
}
