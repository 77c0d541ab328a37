package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.testing.TempGitRepo;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.Validator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pins the exact JSON every git tool returns over the bus (field names, their order, nulls against absent fields,
 * numbers) on a repository with every kind of entry a reply describes: renames, mode and type changes, binaries,
 * symlinks, a submodule, an empty file, a merge, an annotated tag, lines over the caps. Each reply must also
 * validate against its tool's outputSchema, and an answer served again from the cache must be the same.
 *
 * <p>The expected replies are {@code git-tools.expected.json} with commit SHAs written as {@code <name>} and
 * {@code <name:7>}; this run's replies are written to {@code target/git-tools.actual.json} to compare by eye.
 */
class GitToolsJsonTest {

  private static final JsonSchemaOptions SCHEMA_OPTIONS = new JsonSchemaOptions().setDraft(Draft.DRAFT202012)
    .setBaseUri("https://reviewgate.dev/test/").setOutputFormat(OutputFormat.Basic);

  @TempDir
  Path tmp;

  private final Vertx vertx = Vertx.vertx();
  /** Full SHA → placeholder, in the order commits were made. */
  private final Map<String, String> names = new LinkedHashMap<>();

  @AfterEach
  void close() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  private String named(String name, String sha) {
    names.put(sha.strip(), name);
    return sha.strip();
  }

  @Test
  void everyGitToolRepliesWithTheJsonItAlwaysHas() throws Exception {
    TestRepo repo = new TestRepo(tmp);
    Path dir = repo.dir();
    repo.write("README.md", "# demo\nintro line\n")
      .write("src/a.txt", "alpha\nbeta\n")
      .write("img.bin", new byte[] {0, 1, 2, 'x', 'y'})
      .write("script.sh", "#!/bin/sh\necho hi\n")
      .write("old-name.txt", "one\ntwo\nthree\nfour\nfive\n")
      .write("empty.txt", "")
      .write("kind", "a regular file\n")
      .write("gone.txt", "to be deleted\n");
    String root = named("root", repo.commit("first commit\n\nwith a body\nof two lines\n"));

    repo.write("src/a.txt", "alpha\nBETA\ngamma\n").write("img.bin", new byte[] {0, 1, 2, 'x', 'z'})
      .write("new-name.txt", "one\ntwo\nthree\nfour\nFIVE\n").delete("old-name.txt")
      .write("long.txt", "x".repeat(100) + " needle at the end\n")
      .write("big.txt", "needle\n" + "filler line\n".repeat(500));
    Files.setPosixFilePermissions(dir.resolve("script.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.createSymbolicLink(dir.resolve("link"), Path.of("src/a.txt"));
    String second = named("second", repo.commit("second"));

    repo.branch("topic");
    String topic = named("topic", repo.write("src/b.txt", "new file\nwith needle\n").commit("topic work"));
    repo.checkout("main");
    repo.delete("kind").delete("gone.txt");
    Files.createSymbolicLink(dir.resolve("kind"), Path.of("README.md"));
    String main = named("main", repo.commit("main work: kind becomes a link"));
    repo.git("merge", "-q", "--no-ff", "topic", "-m", "merge topic");
    String merge = named("merge", repo.git("rev-parse", "HEAD"));
    repo.git("tag", "-a", "v1", "-m", "release one", second);
    // A gitlink has no working-tree folder here, so this commit stages it by hand instead of `git add -A`.
    repo.git("update-index", "--add", "--cacheinfo", "160000," + root + ",vendor/sub");
    repo.git("commit", "-q", "-m", "add a submodule");
    String head = named("head", repo.git("rev-parse", "HEAD"));

    new TempGitRepo(tmp.resolve("empty"));
    TempGitRepo.at(tmp).git("clone", "-q", "--bare", dir.toString(), tmp.resolve("bare.git").toString());
    TempGitRepo.at(tmp).git("clone", "-q", dir.toString(), tmp.resolve("detached").toString());
    TempGitRepo.at(tmp.resolve("detached")).git("checkout", "-q", "--detach", second);

    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject()
      .put("repos", new JsonObject().put("demo", dir.toString()).put("empty", tmp.resolve("empty").toString())
        .put("bare", tmp.resolve("bare.git").toString()).put("detached", tmp.resolve("detached").toString()))
      .put("git", new JsonObject().put("maxShowFileBytes", 64).put("maxGrepFileBytes", 4096).put("maxGrepLineChars", 40)));
    // Started inside the repository: it is the default one, under its folder's name.
    vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(config, dir), ToolCatalog.standard()))
      .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);

    JsonObject demo = new JsonObject().put("repo", "demo");
    Map<String, Call> calls = new LinkedHashMap<>();
    calls.put("repos", new Call("git_repos", new JsonObject()));
    calls.put("resolve tag", new Call("git_resolve", demo.copy().put("revision", "v1")));
    calls.put("resolve sha", new Call("git_resolve", demo.copy().put("revision", root)));
    calls.put("log first page", new Call("git_log", demo.copy().put("limit", 2)));
    calls.put("log range with paths", new Call("git_log", demo.copy().put("range", root + ".." + head).put("paths",
      new JsonArray().add("src"))));
    calls.put("log symmetric", new Call("git_log", demo.copy().put("range", "main~1...topic")));
    calls.put("log root", new Call("git_log", new JsonObject().put("range", root)));
    calls.put("changed root commit", new Call("git_changed_files", demo.copy().put("commit", root)));
    calls.put("changed base head", new Call("git_changed_files", demo.copy().put("base", root).put("head", second)));
    calls.put("changed type change", new Call("git_changed_files", demo.copy().put("commit", main)));
    calls.put("changed merge range", new Call("git_changed_files", demo.copy().put("range", main + "..." + topic)
      .put("paths", new JsonArray().add("src"))));
    calls.put("changed submodule", new Call("git_changed_files", demo.copy().put("commit", head)));
    calls.put("stat base head", new Call("git_diff_stat", demo.copy().put("base", root).put("head", second)));
    calls.put("stat type change", new Call("git_diff_stat", demo.copy().put("commit", main)));
    calls.put("diff unshaped", new Call("git_diff", demo.copy().put("base", root).put("head", second)
      .put("paths", new JsonArray().add("src").add("img.bin").add("link").add("old-name.txt").add("new-name.txt")
        .add("script.sh"))));
    calls.put("diff files only", new Call("git_diff", demo.copy().put("commit", main).put("files_only", true)));
    calls.put("diff stat format", new Call("git_diff", demo.copy().put("commit", merge).put("format", "stat")));
    calls.put("show whole file", new Call("git_show_file", demo.copy().put("revision", second).put("path", "src/a.txt")));
    calls.put("show lines", new Call("git_show_file", demo.copy().put("revision", second).put("path", "src/a.txt")
      .put("start_line", 2).put("end_line", 9)));
    calls.put("show cut", new Call("git_show_file", demo.copy().put("revision", second).put("path", "big.txt")));
    calls.put("show long line", new Call("git_show_file", demo.copy().put("revision", second).put("path", "long.txt")));
    calls.put("show binary", new Call("git_show_file", demo.copy().put("revision", second).put("path", "img.bin")));
    calls.put("show symlink", new Call("git_show_file", demo.copy().put("revision", second).put("path", "link")));
    calls.put("show executable", new Call("git_show_file", demo.copy().put("revision", second).put("path", "script.sh")));
    calls.put("show empty", new Call("git_show_file", demo.copy().put("revision", second).put("path", "empty.txt")));
    calls.put("show submodule", new Call("git_show_file", demo.copy().put("path", "vendor/sub")));
    calls.put("grep", new Call("git_grep", demo.copy().put("revision", head).put("pattern", "needle")));
    calls.put("grep binary", new Call("git_grep", demo.copy().put("revision", second).put("pattern", "x[yz]")
      .put("paths", new JsonArray().add("img.bin"))));
    calls.put("grep capped", new Call("git_grep", demo.copy().put("revision", second).put("pattern", "A")
      .put("ignore_case", true).put("max_matches", 2)));
    calls.put("grep literal none", new Call("git_grep", demo.copy().put("pattern", "a.b").put("fixed", true)
      .put("paths", new JsonArray().add("src"))));

    JsonObject actual = new JsonObject();
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, Call> entry : calls.entrySet()) {
      Call call = entry.getValue();
      Tool tool = ToolCatalog.standard().require(call.tool());
      JsonObject reply = call(tool, call.args());
      OutputUnit check = Validator.create(JsonSchema.of(tool.outputSchema()), SCHEMA_OPTIONS).validate(reply);
      if (!check.getValid()) {
        problems.add(entry.getKey() + ": does not match " + tool.name() + "'s outputSchema: " + check.getErrors());
      }
      // The same call again: from the cache when every revision is a full SHA, else computed anew.
      if (!call(tool, call.args()).encode().equals(reply.encode())) {
        problems.add(entry.getKey() + ": a second call answered differently");
      }
      actual.put(entry.getKey(), new JsonObject(placeholders(reply.encode())));
    }
    Path written = Path.of("target", "git-tools.actual.json");
    Files.createDirectories(written.getParent());
    Files.writeString(written, actual.encodePrettily() + "\n");

    JsonObject expected = expected();
    assertThat(problems).isEmpty();
    assertThat(actual.fieldNames()).containsExactlyElementsOf(expected.fieldNames());
    for (String name : expected.fieldNames()) {
      assertThat(actual.getJsonObject(name).encodePrettily()).as(name)
        .isEqualTo(expected.getJsonObject(name).encodePrettily());
    }
  }

  private record Call(String tool, JsonObject args) {
  }

  private JsonObject call(Tool tool, JsonObject args) throws Exception {
    return BusRequests.request(vertx.eventBus(), tool.address(), args.copy(), 10_000)
      .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  /** The reply's text with each named commit's SHA, full or in seven digits, as {@code <name>} / {@code <name:7>}. */
  private String placeholders(String json) {
    String out = json;
    for (Map.Entry<String, String> name : names.entrySet()) {
      out = out.replace(name.getKey(), "<" + name.getValue() + ">");
    }
    for (Map.Entry<String, String> name : names.entrySet()) {
      out = out.replace(name.getKey().substring(0, 7), "<" + name.getValue() + ":7>");
    }
    return out;
  }

  private static JsonObject expected() throws IOException {
    try (InputStream in = GitToolsJsonTest.class.getResourceAsStream("git-tools.expected.json")) {
      assertThat(in).as("git-tools.expected.json next to this test").isNotNull();
      return new JsonObject(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }
}
