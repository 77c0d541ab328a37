package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Readers kept open between calls: given back on close and lent again, at most {@code capacity} idle for all the
 * repositories (the least recently used closed first), never usable after close, and never stale: objects written,
 * packed and repacked by git since a reader was first opened are read.
 */
class KeptReadersTest {

  @TempDir
  Path tmp;

  private static String text(ObjectReader reader, String id) throws Exception {
    return new String(reader.open(ObjectId.fromString(id)).getCachedBytes(), StandardCharsets.UTF_8);
  }

  private static String body(int version) {
    StringBuilder text = new StringBuilder();
    for (int line = 0; line < 400; line++) {
      text.append("line ").append(line).append(line % 37 == 0 ? " changed in " + version : "").append('\n');
    }
    return text.toString();
  }

  /** A repository of one commit, opened with JGit. */
  private Repository oneCommit() throws Exception {
    return oneCommit(tmp);
  }

  private static Repository oneCommit(Path parent) throws Exception {
    TestRepo repo = new TestRepo(parent);
    repo.write("a.txt", body(1)).commit("one");
    return FileRepositoryBuilder.create(repo.dir().resolve(".git").toFile());
  }

  @Test
  void aClosedReaderIsGivenBackOnceAndAtMostCapacityStayIdle() throws Exception {
    try (Repository repository = oneCommit(); KeptReaders readers = new KeptReaders(2)) {
      List<ObjectReader> lent = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        lent.add(readers.lend(repository));
      }
      assertThat(readers.idle()).isZero();
      ObjectReader first = lent.get(0);
      first.close();
      first.close();
      assertThat(readers.idle()).as("closing twice gives back once").isEqualTo(1);
      assertThatThrownBy(() -> first.has(ObjectId.zeroId())).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("after close");
      lent.get(1).close();
      lent.get(2).close();
      assertThat(readers.idle()).as("the third is closed for good").isEqualTo(2);
      try (ObjectReader again = readers.lend(repository)) {
        assertThat(readers.idle()).isEqualTo(1);
        assertThat(again.has(repository.resolve("HEAD"))).isTrue();
      }
      assertThat(readers.idle()).isEqualTo(2);
    }
  }

  @Test
  void theBoundIsForAllRepositoriesAndTheLeastRecentlyUsedGoesFirst() throws Exception {
    try (Repository one = oneCommit(tmp.resolve("one")); Repository two = oneCommit(tmp.resolve("two"));
         Repository three = oneCommit(tmp.resolve("three")); KeptReaders readers = new KeptReaders(2)) {
      ObjectReader a = readers.lend(one);
      ObjectReader b = readers.lend(two);
      ObjectReader c = readers.lend(three);
      a.close();
      b.close();
      c.close();
      assertThat(readers.idle()).as("three repositories, two kept in all").isEqualTo(2);
      // one's reader, the least recently given back, was closed: lending for one opens a new reader, and two's and
      // three's still wait.
      try (ObjectReader again = readers.lend(one)) {
        assertThat(readers.idle()).isEqualTo(2);
        assertThat(again.has(one.resolve("HEAD"))).isTrue();
      }
      // Now one's is the most recent: two's (least recent) went; a repository being closed takes its own along.
      assertThat(readers.idle()).isEqualTo(2);
      readers.forget(one);
      assertThat(readers.idle()).isEqualTo(1);
      try (ObjectReader fromThree = readers.lend(three)) {
        assertThat(readers.idle()).as("three's reader was the one kept").isZero();
        assertThat(fromThree.has(three.resolve("HEAD"))).isTrue();
      }
    }
  }

  @Test
  void noCapacityMeansAFreshReaderEachTime() throws Exception {
    try (Repository repository = oneCommit(); KeptReaders readers = new KeptReaders(0)) {
      ObjectReader reader = readers.lend(repository);
      reader.close();
      assertThat(readers.idle()).isZero();
    }
  }

  @Test
  void aKeptReaderReadsWhatGitWroteAndRepackedSinceItWasOpened() throws Exception {
    TestRepo repo = new TestRepo(tmp);
    String blobOne = repo.write("a.txt", body(1)).git("hash-object", "-w", "a.txt").trim();
    repo.commit("one");
    repo.git("gc", "-q");
    try (Repository repository = FileRepositoryBuilder.create(repo.dir().resolve(".git").toFile());
         KeptReaders readers = new KeptReaders(1)) {
      try (ObjectReader reader = readers.lend(repository)) {
        assertThat(text(reader, blobOne)).isEqualTo(body(1));
      }
      // New objects, then every object repacked into one new pack (the old pack deleted): deltas now likely.
      List<String> blobs = new ArrayList<>();
      for (int version = 2; version <= 6; version++) {
        blobs.add(repo.write("a.txt", body(version)).git("hash-object", "-w", "a.txt").trim());
        repo.commit("version " + version);
      }
      repo.git("gc", "-q", "--aggressive", "--prune=now");
      try (ObjectReader reader = readers.lend(repository)) {
        assertThat(readers.idle()).as("the kept reader was lent again").isZero();
        assertThat(text(reader, blobOne)).isEqualTo(body(1));
        for (int i = 0; i < blobs.size(); i++) {
          assertThat(text(reader, blobs.get(i))).isEqualTo(body(i + 2));
        }
      }
    }
  }

  @Test
  void diffsThroughKeptReadersMatchGitAfterTheRepositoryIsRepacked() {
    TestRepo repo = new TestRepo(tmp);
    repo.write("a.txt", body(1)).write("b.txt", body(10)).commit("one");
    repo.write("a.txt", body(2)).commit("two");
    GitReader reader = RepoRegistry.create(new JsonObject().put("t", repo.dir().toString()), null,
      TestRepo.options(new JsonObject().put("keptReaders", 1))).reader("t");
    try {
      assertThat(diff(reader, "HEAD")).isEqualTo(repo.git("diff", "--histogram", "-M", "HEAD~1", "HEAD"));
      repo.write("b.txt", body(11)).commit("three");
      repo.git("gc", "-q", "--aggressive", "--prune=now");
      assertThat(diff(reader, "HEAD")).isEqualTo(repo.git("diff", "--histogram", "-M", "HEAD~1", "HEAD"));
      assertThat(diff(reader, "HEAD~1")).isEqualTo(repo.git("diff", "--histogram", "-M", "HEAD~2", "HEAD~1"));
    } finally {
      reader.close();
    }
  }

  private static String diff(GitReader reader, String commit) {
    GitReader.Pair pair = reader.pair(new DiffTarget(null, null, commit, null));
    byte[] bytes = reader.diff(pair, new GitReader.DiffOptions(
      org.eclipse.jgit.diff.DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, 3, List.of()), Cancellation.NONE).bytes();
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
