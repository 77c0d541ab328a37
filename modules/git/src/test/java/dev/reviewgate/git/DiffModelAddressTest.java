package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.git.GitService;
import dev.reviewgate.diff.bus.DiffCodec;
import dev.reviewgate.diff.bus.DiffModels;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.parse.DiffParser;
import dev.reviewgate.diff.render.UnifiedRenderer;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The git backend's diff model address (what a forge's local clone asks): the files xdiff built, equal to what the
 * parser reads from git_diff's text for the same commits, delivered as themselves in-process and rebuilt unparsed
 * from the codec's wire form.
 */
@ExtendWith(VertxExtension.class)
class DiffModelAddressTest {

  @TempDir
  Path tmp;

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void theModelIsWhatTheTextSaysAndCrossesTheWireUnparsed(Vertx vertx, VertxTestContext test) throws Exception {
    TestRepo repo = new TestRepo(tmp);
    repo.write("a.txt", "one\ntwo\nthree\n").write("old name.txt", "moved\ncontent\nhere\n")
      .write("img.bin", new byte[] {0, 1, 2}).write("link", "was a file\n");
    String base = repo.commit("base");
    repo.write("a.txt", "one\nTWO\nthree\nno newline").delete("old name.txt")
      .write("new name.txt", "moved\ncontent\nhere\n").write("img.bin", new byte[] {0, 3}).delete("link");
    Files.createSymbolicLink(repo.dir().resolve("link"), Path.of("a.txt"));
    String head = repo.commit("head");
    GitService.DiffQuery query = GitService.DiffQuery.between("demo", base, head).withContextLines(2);
    Function<FileDiff, String> fields = file -> String.join(" | ", String.valueOf(file.oldPath()),
      String.valueOf(file.newPath()), file.changeType().label(), file.oldMode() + "->" + file.newMode(),
      String.valueOf(file.similarity()), String.valueOf(file.index()), String.valueOf(file.binary()),
      "+" + file.additions() + " -" + file.deletions(), String.valueOf(file.hunks().size()), file.header().utf8());

    vertx.deployVerticle(new GitVerticle(repo.servedAsDemo(new io.vertx.core.json.JsonObject()), ToolCatalog.standard()))
      .compose(id -> GitService.overBus(vertx.eventBus(), 10_000).diff(query))
      .compose(text -> DiffModels.request(vertx.eventBus(), query, 10_000).map(model -> List.of(text, model)))
      .onComplete(test.succeeding(both -> test.verify(() -> {
        byte[] text = ((GitService.DiffAnswer) both.get(0)).text().getBytes(StandardCharsets.UTF_8);
        Diff model = (Diff) both.get(1);
        assertThat(new String(text, StandardCharsets.UTF_8)).contains("rename from old name.txt", "Binary files",
          "new file mode 120000", "\\ No newline at end of file");
        assertThat(UnifiedRenderer.render(model)).isEqualTo(text);
        List<String> parsed = new DiffParser(1 << 20).parse(text).files().stream().map(fields).toList();
        assertThat(model.files()).extracting(fields).containsExactlyElementsOf(parsed);

        Buffer wire = Buffer.buffer();
        new DiffCodec().encodeToWire(wire, model);
        Diff rebuilt = new DiffCodec().decodeFromWire(0, wire);
        assertThat(UnifiedRenderer.render(rebuilt)).isEqualTo(text);
        assertThat(rebuilt.files()).extracting(fields).containsExactlyElementsOf(parsed);
        test.completeNow();
      })));
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void anUnknownCommitIsNotFound(Vertx vertx, VertxTestContext test) {
    TestRepo repo = new TestRepo(tmp);
    repo.write("a.txt", "one\n");
    String base = repo.commit("base");
    vertx.deployVerticle(new GitVerticle(repo.servedAsDemo(new io.vertx.core.json.JsonObject()), ToolCatalog.standard()))
      .compose(id -> DiffModels.request(vertx.eventBus(),
        GitService.DiffQuery.between("demo", base, "0123456789abcdef0123456789abcdef01234567"), 10_000))
      .onComplete(test.failing(failure -> test.verify(() -> {
        assertThat(failure).isInstanceOf(ToolException.class);
        assertThat(((ToolException) failure).code()).isEqualTo(Failure.NOT_FOUND);
        test.completeNow();
      })));
  }
}
