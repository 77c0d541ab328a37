package dev.reviewgate.core.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A real git repository in a test's temporary folder, driven through the {@code git} command line.
 *
 * <p>Every command runs isolated from the machine's and the user's git configuration, in the C locale, with a fixed
 * identity and fixed author/committer dates, so the SHAs and outputs a test sees are the same on every run.
 * Shared by the modules' tests through core's test-jar; module-specific conveniences live in the modules.
 */
public class TempGitRepo {

  /** Author and committer date of every commit made through this class. */
  public static final String DATE = "2024-01-02T03:04:05+01:00";
  public static final String AUTHOR_NAME = "Test Author";
  public static final String AUTHOR_EMAIL = "author@example.com";

  private static final long TIMEOUT_SECONDS = 60;

  private final Path dir;

  /** Creates {@code dir} if needed and initialises a repository on branch {@code main} with the fixed identity. */
  public TempGitRepo(Path dir) {
    this(dir, true);
  }

  private TempGitRepo(Path dir, boolean init) {
    this.dir = dir;
    if (init) {
      try {
        Files.createDirectories(dir);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      git("init", "-q", "-b", "main");
      git("config", "user.name", AUTHOR_NAME);
      git("config", "user.email", AUTHOR_EMAIL);
      git("config", "core.autocrlf", "false");
      git("config", "commit.gpgsign", "false");
    }
  }

  /** Runs git in an existing folder without initialising anything (e.g. to run {@code git init} yourself). */
  public static TempGitRepo at(Path dir) {
    return new TempGitRepo(dir, false);
  }

  public final Path dir() {
    return dir;
  }

  public final TempGitRepo write(String path, String text) {
    return write(path, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Writes a file relative to the repository root, creating parent folders. */
  public final TempGitRepo write(String path, byte[] bytes) {
    try {
      Path file = dir.resolve(path);
      Files.createDirectories(file.getParent());
      Files.write(file, bytes);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public final TempGitRepo delete(String path) {
    try {
      Files.delete(dir.resolve(path));
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Stages everything (additions, changes, deletions) and commits, even if nothing changed; returns the new SHA. */
  public final String commit(String message) {
    git("add", "-A");
    git("commit", "-q", "--allow-empty", "-m", message);
    return git("rev-parse", "HEAD").strip();
  }

  /** Creates {@code name} at the current commit and switches to it. */
  public final TempGitRepo branch(String name) {
    git("checkout", "-q", "-b", name);
    return this;
  }

  public final TempGitRepo checkout(String revision) {
    git("checkout", "-q", revision);
    return this;
  }

  /** Runs git and returns its standard output as UTF-8 text; fails (with git's stderr) on a non-zero exit. */
  public final String git(String... args) {
    return new String(gitBytes(args), StandardCharsets.UTF_8);
  }

  /** Runs git and returns its standard output bytes unchanged; fails on a non-zero exit. */
  public final byte[] gitBytes(String... args) {
    return gitWithInput(null, args);
  }

  /** Runs git with {@code stdin} (may be null: empty input) and returns its standard output bytes. */
  public final byte[] gitWithInput(byte[] stdin, String... args) {
    List<String> command = new ArrayList<>();
    command.add("git");
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    Map<String, String> env = builder.environment();
    // HOME inside .git: no user configuration is read and nothing lands in the working tree
    env.put("HOME", dir.resolve(".git").toString());
    env.remove("XDG_CONFIG_HOME");
    env.put("GIT_CONFIG_NOSYSTEM", "1");
    env.put("LC_ALL", "C");
    env.remove("COLUMNS");
    env.put("GIT_AUTHOR_DATE", DATE);
    env.put("GIT_COMMITTER_DATE", DATE);
    try {
      Process process = builder.start();
      CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
      try (OutputStream in = process.getOutputStream()) {
        if (stdin != null) {
          in.write(stdin);
        }
      }
      byte[] out = readAll(process.getInputStream());
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("git " + String.join(" ", args) + " did not finish in " + TIMEOUT_SECONDS + " s");
      }
      if (process.exitValue() != 0) {
        throw new IllegalStateException("git " + String.join(" ", args) + " failed (" + process.exitValue() + "): "
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
    try (in) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
