package dev.reviewgate.forge.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.DiffOptions;
import dev.reviewgate.diff.render.UnifiedRenderer;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.revwalk.RevWalk;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The forge pipeline over real blobs: changes of a JGit repository, mapped as Azure DevOps maps them (blob ids, no
 * modes) and as GitLab does (files at a commit, with modes), fetched through the pipeline and written into the model,
 * render byte for byte what {@code git diff -M --histogram} prints. No git backend serves the repository here, so the
 * pipeline falls back to the blobs and says so.
 */
@ExtendWith(VertxExtension.class)
@Timeout(value = 60, timeUnit = TimeUnit.SECONDS)
class ForgeDiffsTest {

  private static final ForgeDiffs.Limits LIMITS = new ForgeDiffs.Limits(4, 1 << 20, 2_000);

  @TempDir
  Path tmp;

  private TempGitRepo repo;
  private String base;
  private String head;

  @BeforeEach
  void history() {
    repo = new TempGitRepo(tmp.resolve("repo"));
    repo.write("plain.txt", "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n")
      .write("moved.txt", "a line that stays\nanother\nand a third\nfourth line\nfifth\n")
      .write("gone.txt", "bye\n")
      .write("image.bin", new byte[] {0, 1, 2, 3, 0, 5})
      .write("tail.txt", "no newline at the end")
      .write("crlf.txt", "first\r\nsecond\r\nthird\r\n")
      .write("src/Func.java", "class Func {\n  void a() {\n    x();\n  }\n\n  void b() {\n    y();\n    z();\n  }\n}\n");
    base = repo.commit("base");
    repo.write("plain.txt", "one\ntwo\nTHREE\nfour\nfive\nsix\nseven\neight\nNINE\nten\neleven\n")
      .delete("moved.txt").write("renamed dir/moved.txt", "a line that stays\nanother\nand a third\nfourth line\nfifth!\n")
      .delete("gone.txt")
      .write("image.bin", new byte[] {0, 1, 2, 3, 4, 0, 6})
      .write("tail.txt", "no newline at the end, still")
      .write("crlf.txt", "first\r\nsecond changed\r\nthird\r\n")
      .write("empty-added.txt", "")
      .write("\u00fcnicode name.txt", "quoted path\n")
      .write("src/Func.java", "class Func {\n  void a() {\n    x();\n  }\n\n  void b() {\n    y();\n    w();\n  }\n}\n");
    head = repo.commit("head");
  }

  @Test
  void blobsNamedByIdWriteWhatGitDiffPrints(Vertx vertx, VertxTestContext test) {
    List<ChangedFile> changes = changes(true);
    pipeline(vertx).write(changes, Function.identity(), range(), ref -> Future.succeededFuture(blob(ref.id())))
      .onComplete(test.succeeding(written -> test.verify(() -> {
        assertThat(written.source()).isEqualTo("blobs");
        assertThat(written.warnings()).isEmpty();
        assertThat(rendered(written, changes)).isEqualTo(gitDiff());
        ChangeDiff plain = written.byChange().get(changes.stream().filter(c -> c.path().equals("plain.txt")).findFirst().get());
        assertThat(plain.additions()).isEqualTo(3);
        assertThat(plain.deletions()).isEqualTo(2);
        test.completeNow();
      })));
  }

  @Test
  void filesFetchedByPathAtACommitWriteWhatGitDiffPrints(Vertx vertx, VertxTestContext test) {
    List<ChangedFile> changes = changes(false);
    pipeline(vertx).write(changes, Function.identity(), range(), ref -> Future.succeededFuture(file(ref.path(), ref.commit())))
      .onComplete(test.succeeding(written -> test.verify(() -> {
        assertThat(written.source()).isEqualTo("blobs");
        assertThat(rendered(written, changes)).isEqualTo(gitDiff());
        test.completeNow();
      })));
  }

  @Test
  void aRenameGitWouldNotPairIsADeletionAndACreation(Vertx vertx, VertxTestContext test) {
    repo.delete("plain.txt").write("rewritten.txt", "nothing alike\n");
    String rewritten = repo.commit("rewrite");
    ChangedFile renamed = new ChangedFile(ChangedFile.Kind.RENAMED, "plain.txt", "rewritten.txt", 0, 0,
      ChangedFile.BlobRef.file("plain.txt", head), ChangedFile.BlobRef.file("rewritten.txt", rewritten));
    pipeline(vertx).write(List.of(renamed), Function.identity(), range(), ref -> Future.succeededFuture(file(ref.path(), ref.commit())))
      .onComplete(test.succeeding(written -> test.verify(() -> {
        ChangeDiff diff = written.byChange().get(renamed);
        assertThat(diff.files()).hasSize(2);
        assertThat(UnifiedRenderer.render(diff.diff()))
          .isEqualTo(repo.gitBytes("-c", "core.abbrev=7", "diff", "--histogram", "-M", head, rewritten));
        test.completeNow();
      })));
  }

  @Test
  void theFirstFailedFetchIsTheAnswerAndNothingPartialIsShown(Vertx vertx, VertxTestContext test) {
    List<ChangedFile> changes = changes(true);
    ObjectId failing = changes.get(0).newBlob().id();
    pipeline(vertx).write(changes, Function.identity(), range(), ref -> ref.id().equals(failing)
        ? Future.failedFuture(ToolException.upstream("blob " + ref.id().name() + " is gone"))
        : Future.succeededFuture(blob(ref.id())))
      .onComplete(test.failing(failure -> test.verify(() -> {
        assertThat(failure).isInstanceOf(ToolException.class).hasMessageContaining(failing.name());
        test.completeNow();
      })));
  }

  @Test
  void atMostTheLimitOfBlobsIsFetchedAtOnce(Vertx vertx, VertxTestContext test) {
    List<ChangedFile> changes = changes(true);
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    AtomicInteger fetched = new AtomicInteger();
    ForgeDiffs twoAtOnce = new ForgeDiffs(vertx, new ForgeDiffs.Limits(2, 1 << 20, 2_000));
    twoAtOnce.write(changes, Function.identity(), range(), ref -> {
      most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
      fetched.incrementAndGet();
      // Answered later, on the event loop: the next fetch may only start once this one is done.
      return vertx.<Buffer>executeBlocking(() -> blob(ref.id()), false).onComplete(done -> inFlight.decrementAndGet());
    }).onComplete(test.succeeding(written -> test.verify(() -> {
      assertThat(fetched.get()).isGreaterThan(4);
      assertThat(most.get()).isEqualTo(2);
      test.completeNow();
    })));
  }

  @Test
  void aSubmoduleWithoutIdsIsLeftOutSayingWhy(Vertx vertx, VertxTestContext test) {
    ChangedFile submodule = new ChangedFile(ChangedFile.Kind.MODIFIED, "lib", "lib", 0160000, 0160000,
      ChangedFile.BlobRef.file("lib", base), ChangedFile.BlobRef.file("lib", head));
    ChangedFile noIds = new ChangedFile(ChangedFile.Kind.MODIFIED, "x.txt", "x.txt", 0, 0, null, null);
    pipeline(vertx).write(List.of(submodule, noIds), Function.identity(), range(),
        ref -> Future.failedFuture("a submodule's side is never fetched"))
      .onComplete(test.succeeding(written -> test.verify(() -> {
        assertThat(written.byChange()).isEmpty();
        assertThat(written.warnings()).singleElement().asString().contains("lib is a submodule");
        test.completeNow();
      })));
  }

  private ForgeDiffs pipeline(Vertx vertx) {
    return new ForgeDiffs(vertx, LIMITS);
  }

  private ForgeDiffs.Range range() {
    return new ForgeDiffs.Range("not-served-here", base, head, 3);
  }

  private byte[] gitDiff() {
    return repo.gitBytes("-c", "core.abbrev=7", "diff", "--histogram", "-M", base, head);
  }

  private static byte[] rendered(ForgeDiffs.Written<ChangedFile> written, List<ChangedFile> changes) {
    return UnifiedRenderer.render(ChangeDiff.joined(changes.stream().map(written.byChange()::get).toList()));
  }

  /**
   * git's own list of the changes ({@code --raw -M -z}), as a forge would send it: with blob ids and no modes (Azure
   * DevOps), or with each side as a file at its commit and the modes (GitLab).
   */
  private List<ChangedFile> changes(boolean byId) {
    String[] raw = repo.git("diff", "--raw", "-M", "-z", "--no-abbrev", base, head).split("\0");
    List<ChangedFile> out = new ArrayList<>();
    for (int i = 0; i < raw.length; ) {
      String[] meta = raw[i++].substring(1).split(" ");
      int oldMode = byId ? 0 : Integer.parseInt(meta[0], 8);
      int newMode = byId ? 0 : Integer.parseInt(meta[1], 8);
      char status = meta[4].charAt(0);
      String path = raw[i++];
      String newPath = status == 'R' ? raw[i++] : path;
      ChangedFile.BlobRef before = byId ? ChangedFile.BlobRef.blob(ObjectId.fromString(meta[2])) : ChangedFile.BlobRef.file(path, base);
      ChangedFile.BlobRef after = byId ? ChangedFile.BlobRef.blob(ObjectId.fromString(meta[3])) : ChangedFile.BlobRef.file(newPath, head);
      out.add(switch (status) {
        case 'A' -> ChangedFile.added(path, newMode, after);
        case 'D' -> ChangedFile.deleted(path, oldMode, before);
        case 'R' -> new ChangedFile(ChangedFile.Kind.RENAMED, path, newPath, oldMode, newMode, before, after);
        default -> new ChangedFile(ChangedFile.Kind.MODIFIED, path, path, oldMode, newMode, before, after);
      });
    }
    assertThat(out).extracting(ChangedFile::kind).contains(ChangedFile.Kind.values());
    return out;
  }

  private Buffer blob(ObjectId id) {
    try (Repository repository = repository()) {
      return Buffer.buffer(repository.open(id).getBytes());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Buffer file(String path, String commit) {
    try (Repository repository = repository(); RevWalk walk = new RevWalk(repository);
         TreeWalk tree = TreeWalk.forPath(repository, path, walk.parseCommit(ObjectId.fromString(commit)).getTree())) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      repository.open(tree.getObjectId(0)).copyTo(bytes);
      return Buffer.buffer(bytes.toByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Repository repository() throws IOException {
    return new FileRepositoryBuilder().setGitDir(repo.dir().resolve(".git").toFile()).build();
  }
}
