package dev.reviewgate.diff;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** A temporary git repository driven through the real {@code git} command line. */
final class GitRepo {

  private final Path dir;

  GitRepo(Path dir) {
    this.dir = dir;
    run("init", "-q", "-b", "main");
    run("config", "user.email", "test@reviewgate.dev");
    run("config", "user.name", "Test");
    run("config", "core.autocrlf", "false");
    run("config", "commit.gpgsign", "false");
  }

  Path dir() {
    return dir;
  }

  GitRepo write(String path, String text) {
    return write(path, text.getBytes(StandardCharsets.UTF_8));
  }

  GitRepo write(String path, byte[] bytes) {
    try {
      Path file = dir.resolve(path);
      Files.createDirectories(file.getParent());
      Files.write(file, bytes);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  GitRepo delete(String path) {
    try {
      Files.delete(dir.resolve(path));
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String commit(String message) {
    run("add", "-A");
    run("commit", "-q", "--allow-empty", "-m", message);
    return new String(run("rev-parse", "HEAD"), StandardCharsets.UTF_8).strip();
  }

  /** Runs git in the repository and returns its stdout; fails on a non-zero exit. */
  byte[] run(String... args) {
    List<String> command = new ArrayList<>();
    command.add("git");
    command.add("-c");
    command.add("core.quotepath=true");
    command.addAll(List.of(args));
    try {
      ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
      pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
      pb.environment().put("HOME", dir.toString());
      pb.environment().remove("COLUMNS");
      Process p = pb.start();
      CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
      byte[] out = readAll(p.getInputStream());
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("git timed out: " + command);
      }
      if (p.exitValue() != 0) {
        throw new IllegalStateException("git failed (" + p.exitValue() + "): " + command + "\n"
          + new String(err.join(), StandardCharsets.UTF_8));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static byte[] readAll(InputStream in) {
    try (in; ByteArrayOutputStream out = new ByteArrayOutputStream()) {
      in.transferTo(out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
