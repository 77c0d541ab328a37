package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.json.Utf8Text;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * git_diff without a shaping option answers git's text as written and a summary counted while writing it, without
 * parsing its own text again; with a shaping option the text goes through the diff engine. Both must agree, for every
 * kind of change (and the text must be git's).
 */
class UnshapedDiffTest {

  @TempDir
  Path dir;
  private Vertx vertx;
  private TestRepo repo;
  private List<String> commits;

  @BeforeEach
  void start() throws Exception {
    repo = new TestRepo(dir);
    repo.write("a.txt", "one\ntwo\nthree\n").write("b.txt", "bye\n").write("old.txt", "1\n2\n3\n4\n5\n6\n7\n8\n")
      .write("script.sh", "echo hi\n").write("both.sh", "echo a\n").write("ln", "target\n").write("bin.dat", new byte[] {0, 1, 2})
      .write("same.txt", "x\n");
    String first = repo.commit("first");
    repo.write("a.txt", "one\nTWO\nthree\nfour\n").delete("b.txt").delete("old.txt")
      .write("new.txt", "1\n2\n3\n4\n5\n6\n7\n8\n9\n").write("bin.dat", new byte[] {0, 9, 9, 9}).write("both.sh", "echo b\n");
    Files.setPosixFilePermissions(repo.dir().resolve("script.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.setPosixFilePermissions(repo.dir().resolve("both.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.delete(repo.dir().resolve("ln"));
    Files.createSymbolicLink(repo.dir().resolve("ln"), Path.of("a.txt"));
    String second = repo.commit("every kind of change");
    repo.write("same.txt", "x\ny\n").write("empty.txt", "");
    String third = repo.commit("an edit and an empty file");
    commits = List.of(first, second, third);
    vertx = Vertx.vertx();
    vertx.deployVerticle(new GitVerticle(repo.servedAsDemo(new JsonObject()), ToolCatalog.standard()))
      .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @AfterEach
  void stop() throws Exception {
    if (vertx == null) {
      return;
    }
    vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  private JsonObject diff(JsonObject args) throws Exception {
    return BusRequests.request(vertx.eventBus(), "reviewgate.git.diff", args.put("repo", "demo"), 10_000)
      .toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
  }

  @Test
  void theTextGoesAsItsBytesOnlyToCallersThatAskAndAsAStringToTheOthersAlsoFromTheCache() throws Exception {
    JsonObject range = new JsonObject().put("commit", commits.get(1)).put("repo", "demo");
    String git = repo.git("diff", "--histogram", commits.get(0), commits.get(1));
    JsonObject asked = BusRequests.request(vertx.eventBus(), "reviewgate.git.diff", range.copy(),
        new CallContext(null, null, false, 0, true).applyTo(new DeliveryOptions().setSendTimeout(10_000)))
      .toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
    assertThat(asked.getValue("diff")).as("asked for").isInstanceOf(Utf8Text.class);
    assertThat(asked.getString("diff")).isEqualTo(git);
    // The same SHAs again: answered from the cache, which keeps the bytes.
    JsonObject plain = diff(range.copy());
    assertThat(plain.getValue("diff")).as("not asked for: a String, which any encoder knows").isEqualTo(git);
    assertThat(plain.encode()).contains("diff --git");
    JsonObject askedAgain = BusRequests.request(vertx.eventBus(), "reviewgate.git.diff", range.copy(),
        new CallContext(null, null, false, 0, true).applyTo(new DeliveryOptions().setSendTimeout(10_000)))
      .toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
    assertThat(askedAgain.getValue("diff")).as("the cache kept the bytes").isInstanceOf(Utf8Text.class);
    JsonObject first = diff(new JsonObject().put("commit", commits.get(2)));
    assertThat(first.getValue("diff")).as("not asked for, computed: a String").isInstanceOf(String.class);
  }

  @Test
  void theUnshapedAnswerIsTheShapedOneWithoutTheSecondPass() throws Exception {
    for (JsonObject range : List.of(new JsonObject().put("commit", commits.get(1)), new JsonObject().put("commit", commits.get(2)),
      new JsonObject().put("base", commits.get(0)).put("head", commits.get(2)), new JsonObject().put("commit", commits.get(1))
        .put("context_lines", 0))) {
      JsonObject unshaped = diff(range.copy());
      // top larger than any file count: a shaping option that keeps everything, so the engine parses and renders
      JsonObject shaped = diff(range.copy().put("top", 1000));
      assertThat(unshaped.getJsonObject("summary")).as(range.encode()).isEqualTo(shaped.getJsonObject("summary"));
      assertThat(unshaped.getString("diff")).as(range.encode()).isEqualTo(shaped.getString("diff"));
      assertThat(unshaped.getJsonArray("warnings")).isEqualTo(shaped.getJsonArray("warnings"));
    }
    JsonObject every = diff(new JsonObject().put("commit", commits.get(1)));
    assertThat(every.getString("diff")).isEqualTo(repo.git("diff", "--histogram", commits.get(0), commits.get(1)));
    JsonObject changes = every.getJsonObject("summary").getJsonObject("changes");
    assertThat(changes.getInteger("mode_changed")).isEqualTo(1);
    assertThat(changes.getInteger("renamed")).isEqualTo(1);
    assertThat(changes.getInteger("added")).isEqualTo(1);   // the symlink that replaced the file ln
    assertThat(changes.getInteger("deleted")).isEqualTo(2); // b.txt, and the file ln
    assertThat(changes.getInteger("modified")).isEqualTo(3); // a.txt, bin.dat, both.sh (mode and content)
  }
}
