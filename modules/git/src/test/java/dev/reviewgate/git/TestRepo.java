package dev.reviewgate.git;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;
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

/** A real repository built with the git command line in a temporary folder, isolated from user configuration. */
final class TestRepo {

  final Path dir;
  private final Path home;

  TestRepo(Path parent) {
    try {
      this.dir = Files.createDirectories(parent.resolve("repo"));
      this.home = Files.createDirectories(parent.resolve("home"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    git("init", "-q", "-b", "main");
    git("config", "user.name", "Test Author");
    git("config", "user.email", "author@example.com");
    git("config", "commit.gpgsign", "false");
  }

  static GitOptions options() {
    return GitOptions.from(ReviewgateConfig.defaults().section("git"));
  }

  static GitOptions options(JsonObject overrides) {
    return GitOptions.from(ReviewgateConfig.defaults().section("git").copy().mergeIn(overrides));
  }

  GitReader reader() {
    return RepoRegistry.create(new JsonObject().put("t", dir.toString()), null, options()).reader("t");
  }

  TestRepo write(String path, String content) {
    return write(path, content.getBytes(StandardCharsets.UTF_8));
  }

  TestRepo write(String path, byte[] content) {
    try {
      Path file = dir.resolve(path);
      Files.createDirectories(file.getParent());
      Files.write(file, content);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Stages everything and commits; returns the new commit's SHA. */
  String commit(String message) {
    git("add", "-A");
    git("commit", "-q", "--allow-empty", "-m", message);
    return git("rev-parse", "HEAD").trim();
  }

  String git(String... args) {
    return new String(gitBytes(args), StandardCharsets.UTF_8);
  }

  byte[] gitBytes(String... args) {
    return gitWithInput(null, args);
  }

  byte[] gitWithInput(byte[] stdin, String... args) {
    List<String> command = new ArrayList<>();
    command.add("git");
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    builder.environment().put("HOME", home.toString());
    builder.environment().put("GIT_CONFIG_NOSYSTEM", "1");
    builder.environment().put("LC_ALL", "C");
    builder.environment().put("GIT_AUTHOR_DATE", "2024-01-02T03:04:05+01:00");
    builder.environment().put("GIT_COMMITTER_DATE", "2024-01-02T03:04:05+01:00");
    try {
      Process process = builder.start();
      CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
      try (var in = process.getOutputStream()) {
        if (stdin != null) {
          in.write(stdin);
        }
      }
      byte[] out = readAll(process.getInputStream());
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("git " + args[0] + " did not finish");
      }
      if (process.exitValue() != 0) {
        throw new IllegalStateException("git " + String.join(" ", args) + " failed: " + new String(err.join(), StandardCharsets.UTF_8));
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
    try (in) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      in.transferTo(out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
