package dev.reviewgate.app;

import dev.reviewgate.core.catalog.ToolSelection;
import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.revwalk.RevCommit;

/**
 * The build's training run for class-data sharing. {@code ./mvnw package} runs this class with
 * {@code -XX:ArchiveClassesAtExit} on the jar's class path, so the archive beside the jar holds the classes an agent's
 * session loads: stdio, the MCP layer, the git tools, and the diff engine on a range large enough to be written on
 * every core, with renames, a binary file and function-name rules. {@code bin/reviewgate} then maps them at every
 * start instead of reading and verifying them from the jar; before, the archive held whatever the first stdio run
 * after a build happened to load (a handshake alone left the diff engine out: a fresh process's first range diff
 * paid for loading it).
 *
 * <p>It serves a repository it makes with JGit in a temporary directory, through the real stdio code with a client
 * in this process, and removes the directory at the end. Nothing goes to the network; the review dashboard listens
 * on loopback only, and the build gives the run a state directory of its own ({@code XDG_STATE_HOME}).
 */
final class ArchiveTraining {

  private static final long ANSWER_TIMEOUT_MS = 60_000;
  private static final String REPO = "training";
  /**
   * Files changed by the range diff: above the training's git.parallelFromFiles, so it is written in blocks on every
   * core and the archive holds that code too (at the default, 256, it would take ten times the files).
   */
  private static final int C_FILES = 40;

  private ArchiveTraining() {
  }

  public static void main(String[] args) throws Exception {
    // The server's start-up lines (the dashboard's address, each backend's) mean nothing in a build: they are kept
    // and shown only if the training fails. Set before anything logs, so the log's console handler writes here too.
    PrintStream console = System.err;
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
    int failures = -1;
    Throwable error = null;
    Path dir = null;
    try {
      dir = Files.createTempDirectory("reviewgate-archive-training");
      failures = serve(dir.resolve("repo"), makeRepository(dir.resolve("repo")));
    } catch (Exception | Error e) {
      error = e;
    } finally {
      if (dir != null) {
        try {
          delete(dir);
        } catch (IOException leftBehind) {
          // a temporary directory: the training's outcome is what this run reports
        }
      }
    }
    if (failures != 0) {
      console.print(log.toString(StandardCharsets.UTF_8));
      if (error != null) {
        error.printStackTrace(console);
      }
    }
    console.println("reviewgate: class-data archive training " + (failures == 0 ? "done" : "FAILED"));
    // The archive is written as the JVM exits; a call that failed would leave its code out of it.
    System.exit(failures == 0 ? 0 : 1);
  }

  /** Runs stdio on {@code repo} and makes the calls; returns how many were answered with an error. */
  private static int serve(Path repo, List<String> commits) throws Exception {
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject()
      .put("repos", new JsonObject().put(REPO, repo.toString()))
      // Every toolset: the archive holds the classes of every kind of call (diff_parse is not on by default).
      .put("mcp", new JsonObject().put("warmupCalls", 0).put("toolsets", ToolSelection.ALL))
      .put("git", new JsonObject().put("parallelFromFiles", C_FILES / 2))
      // Not the working directory's repository (the clone being built): reviews would be stored in its .git.
      .put("review", new JsonObject().put("storageDir", repo.resolveSibling("reviews").toString())));
    PipedOutputStream toServer = new PipedOutputStream();
    PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 16);
    Responses responses = new Responses();
    Thread server = new Thread(() -> {
      try {
        StdioCommand.run(config, serverIn, responses);
      } catch (Throwable e) {
        responses.failed(e); // an Error too: the client must not wait for answers that cannot come
      }
    }, "archive-training-server");
    server.start();
    String base = commits.get(0);
    String head = commits.get(1);
    List<JsonObject> calls = List.of(
      call("git_repos", new JsonObject()),
      call("git_log", new JsonObject().put("limit", 10)),
      call("git_resolve", new JsonObject().put("revision", "HEAD")),
      call("git_diff", new JsonObject().put("commit", commits.get(2))),
      call("git_diff", new JsonObject().put("base", base).put("head", head)),
      call("git_diff", new JsonObject().put("base", base).put("head", head).put("files_only", true)),
      call("git_diff", new JsonObject().put("base", base).put("head", head).put("include", new JsonArray().add("src/*.c"))
        .put("max_lines_per_file", 20)),
      call("git_changed_files", new JsonObject().put("base", base).put("head", head)),
      call("git_diff_stat", new JsonObject().put("base", base).put("head", head)),
      call("git_show_file", new JsonObject().put("revision", head).put("path", "src/file01.c")),
      call("git_grep", new JsonObject().put("revision", head).put("pattern", "return")),
      call("diff_parse", new JsonObject().put("diff", "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n")));
    int failures = 0;
    try (OutputStream out = toServer) {
      send(out, new JsonObject().put("jsonrpc", "2.0").put("id", 0).put("method", "initialize").put("params",
        new JsonObject().put("protocolVersion", "2025-06-18").put("capabilities", new JsonObject())
          .put("clientInfo", new JsonObject().put("name", "archive-training").put("version", "1"))));
      responses.next();
      send(out, new JsonObject().put("jsonrpc", "2.0").put("method", "notifications/initialized"));
      send(out, new JsonObject().put("jsonrpc", "2.0").put("id", 1).put("method", "tools/list"));
      responses.next();
      for (int i = 0; i < calls.size(); i++) {
        send(out, new JsonObject().put("jsonrpc", "2.0").put("id", i + 2).put("method", "tools/call").put("params", calls.get(i)));
        JsonObject answer = responses.next();
        JsonObject result = answer.getJsonObject("result");
        if (result == null || result.getBoolean("isError", false)) {
          System.err.println("archive training: " + calls.get(i).getString("name") + " answered " + answer.encode());
          failures++;
        }
      }
    }
    server.join(ANSWER_TIMEOUT_MS);
    System.err.println("archive training: " + calls.size() + " tool calls, " + failures + " answered with an error");
    return failures;
  }

  /** A call of {@code tool}; the git tools name the training repository (the working directory's may be served too). */
  private static JsonObject call(String tool, JsonObject arguments) {
    if (tool.startsWith("git_") && !tool.equals("git_repos")) {
      arguments.put("repo", REPO);
    }
    return new JsonObject().put("name", tool).put("arguments", arguments);
  }

  private static void send(OutputStream out, JsonObject message) throws IOException {
    out.write((message.encode() + "\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  /** The server's stdout, cut into messages; {@link #next} waits for the next one. */
  private static final class Responses extends OutputStream {
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private final BlockingQueue<Object> messages = new LinkedBlockingQueue<>();

    @Override
    public void write(int b) {
      if (b == '\n') {
        messages.add(new JsonObject(line.toString(StandardCharsets.UTF_8)));
        line.reset();
      } else {
        line.write(b);
      }
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
      for (int i = offset; i < offset + length; i++) {
        write(bytes[i]);
      }
    }

    void failed(Throwable e) {
      messages.add(e);
    }

    /** The next response; notifications on the way are passed over. */
    JsonObject next() throws Exception {
      while (true) {
        Object message = messages.poll(ANSWER_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        if (message instanceof Throwable e) {
          throw new IllegalStateException("the stdio server failed", e);
        }
        if (message == null) {
          throw new IllegalStateException("no answer within " + ANSWER_TIMEOUT_MS + " ms");
        }
        if (((JsonObject) message).containsKey("id")) {
          return (JsonObject) message;
        }
      }
    }
  }

  /**
   * Three commits: a base of C, Java and Python files with diff drivers and a binary file; a head that changes every
   * source file inside a function, renames a document with an edit, deletes, adds and changes the binary; one more
   * small change.
   */
  private static List<String> makeRepository(Path dir) throws Exception {
    List<String> commits = new ArrayList<>();
    PersonIdent who = new PersonIdent("reviewgate build", "build@reviewgate.invalid");
    try (Git git = Git.init().setDirectory(dir.toFile()).setInitialBranch("main").call()) {
      write(dir, ".gitattributes", "*.c diff=cpp\n*.java diff=java\n*.py diff=python\n");
      for (int i = 0; i < C_FILES; i++) {
        write(dir, "src/file%02d.c".formatted(i), cSource(i, "old"));
      }
      write(dir, "lib/Main.java", "class Main {\n" + "  int value() {\n    return 1;\n  }\n".repeat(12) + "}\n");
      write(dir, "tool.py", "def main():\n" + "    print('step')\n".repeat(20));
      write(dir, "docs/old-name.md", "A document line.\n".repeat(30) + "Its end.\n");
      write(dir, "removed.txt", "gone soon\n");
      Files.write(dir.resolve("data.bin"), new byte[] {0, 1, 2, 3, 0, 5});
      commits.add(commit(git, who, "base"));
      for (int i = 0; i < C_FILES; i++) {
        write(dir, "src/file%02d.c".formatted(i), cSource(i, "new"));
      }
      write(dir, "lib/Main.java", "class Main {\n" + "  int value() {\n    return 2;\n  }\n".repeat(12) + "}\n");
      write(dir, "tool.py", "def main():\n" + "    print('step')\n".repeat(19) + "    print('done')\n");
      Files.delete(dir.resolve("docs/old-name.md"));
      write(dir, "docs/new-name.md", "A document line.\n".repeat(30) + "Its new end.\n");
      Files.delete(dir.resolve("removed.txt"));
      write(dir, "added.txt", "new file\n");
      Files.write(dir.resolve("data.bin"), new byte[] {0, 9, 9});
      commits.add(commit(git, who, "head"));
      write(dir, "added.txt", "new file, changed\n");
      commits.add(commit(git, who, "one more"));
    }
    return commits;
  }

  private static String cSource(int file, String version) {
    StringBuilder text = new StringBuilder("#include <stdio.h>\n\n");
    for (int f = 0; f < 4; f++) {
      text.append("int function_").append(file).append('_').append(f).append("(int x)\n{\n");
      for (int line = 0; line < 8; line++) {
        text.append("\tx = x * ").append(line + 2).append(" + ").append(f).append(";\n");
      }
      text.append(f == 2 ? "\treturn x; /* " + version + " */\n" : "\treturn x;\n").append("}\n\n");
    }
    return text.toString();
  }

  private static String commit(Git git, PersonIdent who, String message) throws Exception {
    git.add().addFilepattern(".").call();
    git.add().addFilepattern(".").setUpdate(true).call();
    RevCommit commit = git.commit().setMessage(message).setAuthor(who).setCommitter(who).setSign(false).call();
    return commit.getName();
  }

  private static void write(Path dir, String path, String text) throws IOException {
    Path file = dir.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
