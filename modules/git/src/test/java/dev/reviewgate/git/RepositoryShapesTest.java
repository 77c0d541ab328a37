package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.testing.TempGitRepo;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.eclipse.jgit.lib.ObjectReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Repositories as users have them, each built here with the machine's git and asked what git would be asked: shallow
 * clones (CI's default), partial clones, replace refs and grafts, names that are not UTF-8 or need quoting, SHA-256,
 * empty repositories, merges. Each answer is git's own, byte for byte, or an error with its own code that names the
 * cause and the fix.
 */
class RepositoryShapesTest {

  private static final GitReader.DiffOptions HISTOGRAM = new GitReader.DiffOptions(
    DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, 3, List.of());

  @TempDir
  Path tmp;

  // ---------------------------------------------------------------- helpers

  private static GitReader readerOf(Path dir) {
    return RepoRegistry.create(new JsonObject().put("t", dir.toString()), null, TestRepo.options()).reader("t");
  }

  private static String latin1(byte[] bytes) {
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }

  private static String ourCommitDiff(GitReader reader, String commit) {
    GitReader.Pair pair = reader.pair(new DiffTarget(null, null, commit, null));
    return latin1(reader.diff(pair, HISTOGRAM, Cancellation.NONE).bytes());
  }

  private static String ourDiff(GitReader reader, String base, String head) {
    GitReader.Pair pair = reader.pair(new DiffTarget(base, head, null, null));
    return latin1(reader.diff(pair, HISTOGRAM, Cancellation.NONE).bytes());
  }

  private static ToolException failure(Runnable call) {
    return catchThrowableOfType(ToolException.class, call::run);
  }

  /** A source of {@code count} commits, each adding a file and changing {@code common.txt}; fetchable with filters. */
  private TempGitRepo source(int count) {
    TempGitRepo src = new TempGitRepo(tmp.resolve("src"));
    src.git("config", "uploadpack.allowFilter", "true");
    src.git("config", "uploadpack.allowAnySHA1InWant", "true");
    for (int i = 1; i <= count; i++) {
      src.write("f" + i + ".txt", "file " + i + "\n").write("common.txt", "version " + i + "\nsame\n");
      src.commit("commit " + i);
    }
    return src;
  }

  private TempGitRepo cloneOf(TempGitRepo src, String name, String... options) {
    List<String> args = new ArrayList<>(List.of("clone", "-q"));
    args.addAll(List.of(options));
    args.add("file://" + src.dir());
    args.add(tmp.resolve(name).toString());
    TempGitRepo.at(tmp).git(args.toArray(String[]::new));
    return TempGitRepo.at(tmp.resolve(name));
  }

  // ---------------------------------------------------------------- shallow clones

  @Test
  void aShallowBoundaryCommitIsNeverDiffedAsARootCommit() {
    TempGitRepo src = source(3);
    TempGitRepo clone = cloneOf(src, "depth1", "--depth", "1");
    String boundary = clone.git("rev-parse", "HEAD").strip();
    GitReader reader = readerOf(clone.dir());

    ToolException commit = failure(() -> reader.pair(new DiffTarget(null, null, "HEAD", null)));
    assertThat(commit.code()).isEqualTo(Failure.SHALLOW_HISTORY);
    assertThat(commit.getMessage()).contains(boundary).contains("shallow clone").contains("git fetch --deepen=N")
      .contains("--unshallow").contains("fetch-depth: 0");

    ToolException parent = failure(() -> reader.pair(new DiffTarget("HEAD~1", "HEAD", null, null)));
    assertThat(parent.code()).isEqualTo(Failure.SHALLOW_HISTORY);
    assertThat(parent.getMessage()).contains("base 'HEAD~1'").contains(boundary);
    assertThat(failure(() -> reader.log("HEAD^..HEAD", List.of(), null, null, Cancellation.NONE)).code())
      .isEqualTo(Failure.SHALLOW_HISTORY);
  }

  @Test
  void insideTheBoundaryEverythingIsExactAndTheLogEndsWhereGitsDoes() {
    TempGitRepo src = source(4);
    TempGitRepo clone = cloneOf(src, "depth2", "--depth", "2");
    GitReader reader = readerOf(clone.dir());

    assertThat(ourCommitDiff(reader, "HEAD")).isEqualTo(latin1(clone.gitBytes("diff", "HEAD~1", "HEAD")));
    assertThat(failure(() -> reader.pair(new DiffTarget(null, null, "HEAD~1", null))).code())
      .isEqualTo(Failure.SHALLOW_HISTORY);

    LogPage log = reader.log(null, List.of(), null, null, Cancellation.NONE);
    List<String> ours = new ArrayList<>();
    for (LogCommit commit : log.commits()) {
      ours.add((commit.sha() + " " + String.join(" ", commit.parents())).strip());
    }
    assertThat(ours).containsExactlyElementsOf(List.of(clone.git("log", "--format=%H %P").strip().split("\n")));
    assertThat(log.commits()).extracting(LogCommit::shallowBoundary).containsExactly(false, true);
    assertThat(GitJson.logPage(log).getJsonArray("commits").getJsonObject(1).getBoolean("shallow_boundary")).isTrue();
  }

  @Test
  void aMergeBaseBeyondTheBoundarySaysTheCloneIsShallow() {
    TempGitRepo src = source(2);
    src.branch("feature").write("feature.txt", "feature\n").commit("feature work");
    src.checkout("main").write("main.txt", "main\n").commit("main work");
    TempGitRepo clone = cloneOf(src, "ci", "--depth", "1", "--no-single-branch");
    GitReader reader = readerOf(clone.dir());

    ToolException range = failure(() -> reader.pair(new DiffTarget(null, null, null, "origin/main...origin/feature")));
    assertThat(range.code()).isEqualTo(Failure.SHALLOW_HISTORY);
    assertThat(range.getMessage()).contains("shallow clone").contains("merge base").contains("git fetch --deepen=N");
    // A SHA the clone never fetched: not "check the spelling", but where the history ends and how to get more.
    String older = src.git("rev-parse", "main~2").strip();
    ToolException unknown = failure(() -> reader.pair(new DiffTarget(older, "HEAD", null, null)));
    assertThat(unknown.code()).isEqualTo(Failure.NOT_FOUND);
    assertThat(unknown.getMessage()).contains("shallow clone").contains("--unshallow").doesNotContain("spelling");
  }

  // ---------------------------------------------------------------- partial clones

  @Test
  void aBloblessCloneSaysWhatItHasNotFetchedNeverInternal() {
    TempGitRepo src = source(3);
    TempGitRepo clone = cloneOf(src, "blobless", "--filter=blob:none", "--no-checkout");
    GitReader reader = readerOf(clone.dir());
    GitReader.Pair pair = reader.pair(new DiffTarget("HEAD~2", "HEAD", null, null));

    RuntimeException raw = catchThrowableOfType(RuntimeException.class,
      () -> reader.diff(pair, HISTOGRAM, Cancellation.NONE));
    RuntimeException explained = MissingObjects.explained(raw, "t", reader.repository());
    assertThat(explained).isInstanceOf(ToolException.class);
    assertThat(((ToolException) explained).code()).isEqualTo(Failure.NOT_FETCHED);
    assertThat(explained.getMessage()).contains("partial clone").contains("--filter=blob:none").contains("'origin'")
      .contains("without --filter").contains("counts=false");
    // The trees are there: the list of changed files reads no blob, as in git.
    assertThat(reader.changedFiles(pair, HISTOGRAM, false, Cancellation.NONE).files())
      .extracting(ChangedFile::path).containsExactly("common.txt", "f2.txt", "f3.txt");
  }

  @Test
  void aTreelessCloneFailsWithTheSameCodeEvenWithoutCounts() {
    TempGitRepo src = source(3);
    TempGitRepo clone = cloneOf(src, "treeless", "--filter=tree:0", "--no-checkout");
    GitReader reader = readerOf(clone.dir());
    GitReader.Pair pair = reader.pair(new DiffTarget("HEAD~2", "HEAD", null, null));

    RuntimeException raw = catchThrowableOfType(RuntimeException.class,
      () -> reader.changedFiles(pair, HISTOGRAM, false, Cancellation.NONE));
    ToolException explained = (ToolException) MissingObjects.explained(raw, "t", reader.repository());
    assertThat(explained.code()).isEqualTo(Failure.NOT_FETCHED);
    assertThat(explained.getMessage()).contains("--filter=tree:0").doesNotContain("counts=false");
    // The log reads commits only, which a treeless clone has.
    assertThat(reader.log(null, List.of(), null, null, Cancellation.NONE).commits()).hasSize(3);
  }

  @Test
  void overTheBusEveryToolAnswersAPartialOrShallowCloneWithItsOwnCode() throws Exception {
    TempGitRepo src = source(3);
    TempGitRepo treeless = cloneOf(src, "treeless", "--filter=tree:0", "--no-checkout");
    TempGitRepo shallow = cloneOf(src, "shallow", "--depth", "1");
    io.vertx.core.Vertx vertx = io.vertx.core.Vertx.vertx();
    try {
      GitBackendOptions backend = GitBackendOptions.from(dev.reviewgate.core.config.ReviewgateConfig.defaults()
        .merge(new JsonObject().put("repos", new JsonObject().put("treeless", treeless.dir().toString())
          .put("shallow", shallow.dir().toString()))), null);
      await(vertx.deployVerticle(new GitVerticle(backend, dev.reviewgate.core.catalog.ToolCatalog.standard())));
      JsonObject range = new JsonObject().put("repo", "treeless").put("range", "HEAD~2..HEAD");
      for (String address : List.of(dev.reviewgate.core.Addresses.GIT_DIFF, dev.reviewgate.core.Addresses.GIT_DIFF_STAT,
        dev.reviewgate.core.Addresses.GIT_CHANGED_FILES)) {
        assertThat(callFailure(vertx, address, range).code()).as(address).isEqualTo(Failure.NOT_FETCHED);
      }
      assertThat(callFailure(vertx, dev.reviewgate.core.Addresses.GIT_CHANGED_FILES, range.copy().put("counts", false))
        .code()).isEqualTo(Failure.NOT_FETCHED);
      assertThat(callFailure(vertx, dev.reviewgate.core.Addresses.GIT_DIFF,
        range.copy().put("files_only", true).put("counts", false)).code()).isEqualTo(Failure.NOT_FETCHED);
      ToolException boundary = callFailure(vertx, dev.reviewgate.core.Addresses.GIT_DIFF,
        new JsonObject().put("repo", "shallow").put("commit", "HEAD"));
      assertThat(boundary.code()).isEqualTo(Failure.SHALLOW_HISTORY);
      assertThat(boundary.toString()).startsWith("[SHALLOW_HISTORY] ");
      // A log pinned to a SHA is cached; a deeper fetch changes it, and the answer follows.
      JsonObject pinned = new JsonObject().put("repo", "shallow").put("range", shallow.git("rev-parse", "HEAD").strip());
      assertThat(await(dev.reviewgate.core.bus.BusRequests.request(vertx.eventBus(), dev.reviewgate.core.Addresses.GIT_LOG,
        pinned, 20_000)).getJsonArray("commits")).hasSize(1);
      shallow.git("fetch", "-q", "--deepen=1");
      assertThat(await(dev.reviewgate.core.bus.BusRequests.request(vertx.eventBus(), dev.reviewgate.core.Addresses.GIT_LOG,
        pinned, 20_000)).getJsonArray("commits")).hasSize(2);
    } finally {
      await(vertx.close());
    }
  }

  private static <T> T await(io.vertx.core.Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(30, java.util.concurrent.TimeUnit.SECONDS);
  }

  private static ToolException callFailure(io.vertx.core.Vertx vertx, String address, JsonObject args) throws Exception {
    Throwable failure = dev.reviewgate.core.bus.BusRequests.request(vertx.eventBus(), address, args, 20_000)
      .transform(done -> io.vertx.core.Future.succeededFuture(done.failed() ? done.cause() : null))
      .toCompletionStage().toCompletableFuture().get(30, java.util.concurrent.TimeUnit.SECONDS);
    assertThat(failure).as(address + " fails").isInstanceOf(ToolException.class);
    return (ToolException) failure;
  }

  // ---------------------------------------------------------------- replace refs and grafts

  @Test
  void replaceRefsAndGraftsAreHonouredAsGitHonoursThem() throws Exception {
    TestRepo repo = new TestRepo(tmp);
    String a = repo.write("a.txt", "one\n").commit("A");
    repo.write("a.txt", "one\ntwo\n").commit("B");
    String c = repo.write("a.txt", "one\ntwo\nthree\n").write("b.txt", "bee\n").commit("C");
    // A commit-graph holds the parents as written; with a replacement it must not be read (git reads none then).
    repo.git("config", "core.commitGraph", "true");
    repo.git("commit-graph", "write", "--reachable");
    repo.git("replace", "--graft", c, a);
    GitReader reader = readerOf(repo.dir());

    assertThat(ourCommitDiff(reader, c)).isEqualTo(latin1(repo.gitBytes("diff", c + "^", c)))
      .contains("+two\n+three");
    assertThat(reader.log(null, List.of(), null, null, Cancellation.NONE).commits())
      .extracting(commit -> (commit.sha() + " " + String.join(" ", commit.parents())).strip())
      .containsExactlyElementsOf(List.of(repo.git("log", "--format=%H %P").strip().split("\n")));

    // A replaced blob reads as its replacement, under its own name, as git diff shows it.
    String blob = repo.git("rev-parse", c + ":b.txt").strip();
    String other = new String(repo.gitWithInput("buzz\n".getBytes(StandardCharsets.UTF_8), "hash-object", "-w", "--stdin"),
      StandardCharsets.UTF_8).strip();
    repo.git("replace", blob, other);
    assertThat(ourCommitDiff(reader, c)).isEqualTo(latin1(repo.gitBytes("diff", c + "^", c))).contains("+buzz");

    // core.useReplaceRefs=false: the objects as written, as git --no-replace-objects reads them.
    repo.git("config", "core.useReplaceRefs", "false");
    assertThat(ourCommitDiff(reader, c)).isEqualTo(latin1(repo.gitBytes("--no-replace-objects", "diff", c + "^", c)))
      .doesNotContain("buzz");
    repo.git("config", "--unset", "core.useReplaceRefs");

    // GIT_NO_REPLACE_OBJECTS in the server's environment turns them off too.
    try (ObjectReader plain = reader.repository().newObjectReader()) {
      assertThat(new ReplacedObjects(reader.repository(), Map.of("GIT_NO_REPLACE_OBJECTS", "1")).wrap(plain)).isSameAs(plain);
      assertThat(new ReplacedObjects(reader.repository(), Map.of()).wrap(plain)).isNotSameAs(plain);
    }
  }

  @Test
  void infoGraftsGiveACommitTheGraftsParents() throws Exception {
    TestRepo repo = new TestRepo(tmp);
    String a = repo.write("a.txt", "one\n").commit("A");
    repo.write("a.txt", "one\ntwo\n").commit("B");
    String c = repo.write("a.txt", "one\ntwo\nthree\n").commit("C");
    Files.writeString(repo.dir().resolve(".git/info/grafts"), "# graft\n" + c + " " + a + "\n");
    GitReader reader = readerOf(repo.dir());

    assertThat(ourCommitDiff(reader, c)).isEqualTo(latin1(repo.gitBytes("diff", c + "^", c))).contains("+two\n+three");
    assertThat(reader.log(null, List.of(), null, null, Cancellation.NONE).commits()).extracting(LogCommit::sha)
      .containsExactlyElementsOf(List.of(repo.git("log", "--format=%H").strip().split("\n")));
    assertThat(reader.resolve("HEAD~1").sha()).isEqualTo(a);
  }

  // ---------------------------------------------------------------- names as bytes

  /** Commits {@code names} (raw bytes) with the given contents through the index, as no file system is needed for. */
  private static String commitNames(TempGitRepo repo, List<byte[]> names, String content, String message) {
    ByteArrayOutputStream index = new ByteArrayOutputStream();
    for (byte[] name : names) {
      String blob = new String(repo.gitWithInput((content + new String(name, StandardCharsets.ISO_8859_1) + "\n")
        .getBytes(StandardCharsets.ISO_8859_1), "hash-object", "-w", "--stdin"), StandardCharsets.UTF_8).strip();
      index.writeBytes(("100644 " + blob + "\t").getBytes(StandardCharsets.US_ASCII));
      index.writeBytes(name);
      index.write(0);
    }
    repo.gitWithInput(index.toByteArray(), "update-index", "--add", "-z", "--index-info");
    repo.git("commit", "-q", "--allow-empty", "-m", message);
    return repo.git("rev-parse", "HEAD").strip();
  }

  private static List<byte[]> oddNames() {
    return List.of(bytes("latin1-\u00e9t\u00e9.txt", StandardCharsets.ISO_8859_1), bytes("caf\u00e9.txt", StandardCharsets.UTF_8),
      bytes("back\\slash.txt", StandardCharsets.US_ASCII), bytes("quote\"d.txt", StandardCharsets.US_ASCII),
      bytes("tab\there.txt", StandardCharsets.US_ASCII), bytes("new\nline.txt", StandardCharsets.US_ASCII),
      bytes("space name.txt", StandardCharsets.US_ASCII), bytes("plain.txt", StandardCharsets.US_ASCII));
  }

  private static byte[] bytes(String text, java.nio.charset.Charset charset) {
    return text.getBytes(charset);
  }

  @Test
  void patchHeadersAndStatNameAnyFileAsGitDoesWithAndWithoutQuotePath() {
    TestRepo repo = new TestRepo(tmp);
    repo.write("seed.txt", "seed\n");
    String base = repo.commit("seed");
    String added = commitNames(repo, oddNames(), "first ", "odd names");
    String changed = commitNames(repo, oddNames(), "second ", "odd names changed");
    GitReader reader = readerOf(repo.dir());

    String quoted = latin1(repo.gitBytes("diff", base, added));
    assertThat(quoted).contains("diff --git \"a/latin1-\\351t\\351.txt\" \"b/latin1-\\351t\\351.txt\"")
      .contains("\"b/back\\\\slash.txt\"").contains("\"b/new\\nline.txt\"").contains("+++ b/space name.txt\t");
    repo.git("config", "core.quotePath", "false");
    assertThat(latin1(repo.gitBytes("diff", base, added))).contains("diff --git a/latin1-\u00e9t\u00e9.txt b/latin1-")
      .contains("\"b/tab\\there.txt\"");
    for (boolean quotePath : new boolean[] {true, false}) {
      repo.git("config", "core.quotePath", Boolean.toString(quotePath));
      assertThat(ourDiff(reader, base, added)).as("quotePath " + quotePath)
        .isEqualTo(latin1(repo.gitBytes("diff", base, added)));
      assertThat(ourDiff(reader, added, changed)).as("quotePath " + quotePath)
        .isEqualTo(latin1(repo.gitBytes("diff", added, changed)));
    }
    repo.git("config", "core.quotePath", "true");
    ChangedFiles files = reader.changedFiles(reader.pair(new DiffTarget(added, changed, null, null)), HISTOGRAM,
      Cancellation.NONE);
    assertThat(DiffStatText.render(files, 80)).isEqualTo(repo.git("diff", "--stat=80", added, changed));

    // JSON: valid text for every name, and the lossless form beside a name that is not UTF-8.
    JsonArray listed = GitJson.changedFiles(files).getJsonArray("files");
    List<String> quotedByGit = List.of(repo.git("diff", "--name-only", added, changed).split("\n"));
    for (int i = 0; i < listed.size(); i++) {
      JsonObject file = listed.getJsonObject(i);
      if (file.getString("path").startsWith("latin1-")) {
        assertThat(file.getString("path")).isEqualTo("latin1-\ufffdt\ufffd.txt");
        assertThat(file.getString("path_quoted")).isEqualTo(quotedByGit.get(i)).isEqualTo("\"latin1-\\351t\\351.txt\"");
      } else {
        assertThat(file.containsKey("path_quoted")).as(file.getString("path")).isFalse();
      }
    }
  }

  @Test
  void aNameThatIsNotUtf8IsTakenBackInItsQuotedForm() {
    TestRepo repo = new TestRepo(tmp);
    repo.write("seed.txt", "seed\n");
    String base = repo.commit("seed");
    byte[] latin = bytes("dir/latin1-\u00e9t\u00e9.txt", StandardCharsets.ISO_8859_1);
    commitNames(repo, List.of(latin, bytes("dir/other.txt", StandardCharsets.US_ASCII)), "first ", "names");
    String head = commitNames(repo, List.of(latin, bytes("dir/other.txt", StandardCharsets.US_ASCII)), "second ", "again");
    GitReader reader = readerOf(repo.dir());
    String quoted = "\"dir/latin1-\\351t\\351.txt\"";

    JsonObject shown = GitJson.fileContent(reader.showFile(head, quoted, null, null));
    assertThat(shown.getString("content")).startsWith("second dir/latin1-");
    assertThat(shown.getString("path_quoted")).isEqualTo(quoted);
    assertThat(shown.getString("path")).isEqualTo("dir/latin1-\ufffdt\ufffd.txt");

    GitReader.DiffOptions onlyIt = new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, 3, List.of(quoted));
    GitReader.Pair pair = reader.pair(new DiffTarget(base, head, null, null));
    assertThat(latin1(reader.diff(pair, onlyIt, Cancellation.NONE).bytes()))
      .isEqualTo(latin1(repo.gitWithInput(null, "diff", base, head, "--", "dir/latin1-*")));
    assertThat(reader.log(null, List.of(quoted), null, null, Cancellation.NONE).commits()).hasSize(2);
    assertThat(reader.grep(head, "second", true, false, List.of(quoted), null, Cancellation.NONE).matches()).hasSize(1);
    assertThat(failure(() -> reader.showFile(head, "\"dir/\\9\"", null, null)).code()).isEqualTo(Failure.INVALID_ARGUMENTS);
  }

  @Test
  void aRenameOfANameThatNeedsQuotingPrintsBothNamesWholeInTheStat() {
    TestRepo repo = new TestRepo(tmp);
    StringBuilder body = new StringBuilder();
    for (int i = 0; i < 20; i++) {
      body.append("line ").append(i).append('\n');
    }
    repo.write("dir/caf\u00e9.txt", body.toString()).write("dir/old.txt", body.toString() + "x\n");
    String base = repo.commit("base");
    repo.git("mv", "dir/caf\u00e9.txt", "dir/th\u00e9.txt");
    repo.git("mv", "dir/old.txt", "dir/new.txt");
    String head = repo.commit("renames");
    GitReader reader = readerOf(repo.dir());
    ChangedFiles files = reader.changedFiles(reader.pair(new DiffTarget(base, head, null, null)), HISTOGRAM,
      Cancellation.NONE);
    String git = repo.git("diff", "--stat=80", base, head);
    assertThat(git).contains("\"dir/caf\\303\\251.txt\" => \"dir/th\\303\\251.txt\"").contains("dir/{old.txt => new.txt}");
    assertThat(DiffStatText.render(files, 80)).isEqualTo(git);
    repo.git("config", "core.quotePath", "false");
    String unquoted = repo.git("diff", "--stat=80", base, head);
    assertThat(unquoted).contains("dir/{caf\u00e9.txt => th\u00e9.txt}");
    assertThat(DiffStatText.render(reader.changedFiles(reader.pair(new DiffTarget(base, head, null, null)), HISTOGRAM,
      Cancellation.NONE), 80)).isEqualTo(unquoted);
  }

  // ---------------------------------------------------------------- SHA-256

  @Test
  void aSha256RepositoryIsRefusedWithOneClearLine() {
    Path dir = tmp.resolve("sha256");
    TempGitRepo.at(tmp).git("init", "-q", "--object-format=sha256", dir.toString());
    TempGitRepo repo = TempGitRepo.at(dir);
    repo.git("-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "--allow-empty", "-m", "first");

    assertThatThrownBy(() -> RepoRegistry.create(new JsonObject().put("s", dir.toString()), null, TestRepo.options()))
      .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("repos.s").hasMessageContaining("SHA256")
      .hasMessageContaining("extensions.objectFormat = sha256").hasMessageNotContaining("\n");
    // Started inside it: nothing is served under a cut id; every call says why.
    RepoRegistry started = RepoRegistry.create(new JsonObject(), dir, TestRepo.options());
    assertThat(started.names()).isEmpty();
    ToolException refused = failure(() -> started.reader(null));
    assertThat(refused.code()).isEqualTo(Failure.NOT_ALLOWED);
    assertThat(refused.getMessage()).contains("SHA256").contains("cannot read");
  }

  // ---------------------------------------------------------------- small shapes

  @Test
  void anEmptyCommitsStatPrintsNothingAsGit() {
    TestRepo repo = new TestRepo(tmp);
    repo.write("a.txt", "a\n").commit("a");
    String empty = repo.commit("nothing");
    GitReader reader = readerOf(repo.dir());
    ChangedFiles files = reader.changedFiles(reader.pair(new DiffTarget(null, null, empty, null)), HISTOGRAM,
      Cancellation.NONE);
    assertThat(DiffStatText.render(files, 80)).isEqualTo(repo.git("diff", "--stat=80", empty + "^", empty)).isEmpty();
  }

  @Test
  void aPathLimitedLogListsEachCommitsOwnParents() {
    TestRepo repo = new TestRepo(tmp);
    repo.write("watched.txt", "1\n").commit("touches it");
    repo.write("other.txt", "1\n").commit("does not");
    repo.write("other.txt", "2\n").commit("does not either");
    repo.write("watched.txt", "2\n").commit("touches it again");
    GitReader reader = readerOf(repo.dir());
    LogPage log = reader.log(null, List.of("watched.txt"), null, null, Cancellation.NONE);
    assertThat(log.commits()).extracting(commit -> (commit.sha() + " " + String.join(" ", commit.parents())).strip())
      .containsExactlyElementsOf(List.of(repo.git("log", "--format=%H %P", "--", "watched.txt").strip().split("\n")));
  }

  @Test
  void anEmptyRepositoryAndAnUnbornBranchSayThereAreNoCommitsYet() {
    TestRepo repo = new TestRepo(tmp);
    GitReader reader = readerOf(repo.dir());
    ToolException head = failure(() -> reader.pair(new DiffTarget(null, null, "HEAD", null)));
    assertThat(head.code()).isEqualTo(Failure.NOT_FOUND);
    assertThat(head.getMessage()).contains("no commits yet").contains("refs/heads/main").doesNotContain("spelling");
    assertThat(failure(() -> reader.log(null, List.of(), null, null, Cancellation.NONE)).getMessage())
      .contains("no commits yet");

    repo.write("a.txt", "a\n").commit("first");
    repo.git("checkout", "-q", "--orphan", "fresh");
    assertThat(failure(() -> reader.resolve("HEAD")).getMessage()).contains("no commits yet").contains("refs/heads/fresh");
    assertThat(reader.resolve("main").subject()).isEqualTo("first");
  }

  @Test
  void aMergeCommitsDiffSaysWhichParentItWasComparedWith() {
    TestRepo repo = new TestRepo(tmp);
    repo.write("a.txt", "a\n").commit("base");
    repo.branch("side").write("side.txt", "side\n").commit("side work");
    repo.checkout("main").write("main.txt", "main\n").commit("main work");
    repo.git("merge", "-q", "--no-ff", "-m", "merge side", "side");
    String merge = repo.git("rev-parse", "HEAD").strip();
    GitReader reader = readerOf(repo.dir());
    GitReader.Pair pair = reader.pair(new DiffTarget(null, null, merge, null));
    assertThat(pair.base().name()).isEqualTo(repo.git("rev-parse", "HEAD^1").strip());
    assertThat(pair.note()).contains("merge of 2 parents").contains("first parent " + pair.base().abbreviate(7).name());
    assertThat(ourCommitDiff(reader, merge)).isEqualTo(latin1(repo.gitBytes("diff", merge + "^", merge)));
    JsonObject listed = GitJson.changedFiles(reader.changedFiles(pair, HISTOGRAM, Cancellation.NONE));
    assertThat(listed.getJsonArray("warnings").getString(0)).isEqualTo(pair.note());
    assertThat(reader.pair(new DiffTarget(null, null, merge + "^1", null)).note()).isNull();
  }

  @Test
  void grepNamesTheFilesItSkippedAsTooLarge() {
    TestRepo repo = new TestRepo(tmp);
    repo.write("small.txt", "needle\n").write("big/huge.txt", "needle\n".repeat(200)).write("big/vast.txt", "x".repeat(2000));
    repo.commit("files");
    GitReader reader = RepoRegistry.create(new JsonObject().put("t", repo.dir().toString()), null,
      TestRepo.options(new JsonObject().put("maxGrepFileBytes", 1000))).reader("t");
    JsonObject result = GitJson.grep(reader.grep("HEAD", "needle", true, false, List.of(), null, Cancellation.NONE));
    assertThat(result.getInteger("files_skipped_too_large")).isEqualTo(2);
    assertThat(result.getJsonArray("skipped_too_large")).containsExactly("big/huge.txt", "big/vast.txt");
    assertThat(result.getJsonArray("matches")).hasSize(1);
  }
}
