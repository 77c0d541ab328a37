package dev.reviewgate.bench.git;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs the {@code git} command line against a git directory with no user or system configuration, so its output
 * depends on the repository only. The bench's yardstick; reviewgate itself never runs git.
 */
final class GitCli {

  record Result(int exit, byte[] out, String err) {
  }

  private final Path gitDir;
  private final Path home;
  private final Path emptyWorkTree;

  GitCli(Path gitDir) throws IOException {
    this.gitDir = gitDir;
    this.home = Files.createTempDirectory("reviewgate-bench-home");
    this.emptyWorkTree = Files.createTempDirectory("reviewgate-bench-worktree");
  }

  /** git with {@code GIT_INDEX_FILE=index} (when not null) and an empty work tree, so attributes come from the index. */
  Result run(Path index, byte[] stdin, String... args) {
    List<String> command = new ArrayList<>(List.of("git", "--git-dir=" + gitDir, "--work-tree=" + emptyWorkTree));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(emptyWorkTree.toFile());
    Map<String, String> env = builder.environment();
    env.put("HOME", home.toString());
    env.put("GIT_CONFIG_NOSYSTEM", "1");
    env.put("LC_ALL", "C");
    env.remove("GIT_DIR");
    if (index != null) {
      env.put("GIT_INDEX_FILE", index.toString());
    } else {
      env.remove("GIT_INDEX_FILE");
    }
    try {
      Process process = builder.start();
      CompletableFuture<byte[]> out = drain(process.getInputStream());
      CompletableFuture<byte[]> err = drain(process.getErrorStream());
      try (OutputStream in = process.getOutputStream()) {
        if (stdin != null) {
          in.write(stdin);
        }
      }
      if (!process.waitFor(300, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("git " + String.join(" ", args) + " did not finish in 300 s");
      }
      return new Result(process.exitValue(), out.join(), new String(err.join()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The empty work tree git runs with; the harness puts a commit's .gitattributes files there. */
  Path workTree() {
    return emptyWorkTree;
  }

  byte[] output(Path index, String... args) {
    Result result = run(index, null, args);
    if (result.exit() != 0) {
      throw new IllegalStateException("git " + String.join(" ", args) + " failed: " + result.err());
    }
    return result.out();
  }

  private static CompletableFuture<byte[]> drain(InputStream stream) {
    return CompletableFuture.supplyAsync(() -> {
      try (stream) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        stream.transferTo(buffer);
        return buffer.toByteArray();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }
}
