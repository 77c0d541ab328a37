package dev.reviewgate.review;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A real git repository built with the git command line for a test. */
public final class TempRepo {

  public final Path dir;

  public TempRepo(Path dir) {
    this.dir = dir;
    git("init", "-q", "-b", "main");
    git("config", "user.name", "Test");
    git("config", "user.email", "test@example.com");
    git("config", "commit.gpgsign", "false");
  }

  /**
   * Two commits: App.java before, then the change under review (marker comments on added lines 4, 7 and 9 of
   * App.java, an old TODO on an unchanged line 2, a new docs/notes.md with a TODO).
   *
   * @return the SHAs of the first and the second commit
   */
  public String[] greetingChange() throws IOException {
    write("src/App.java", """
      class App {
        // TODO: old note stays out
        void run() {
          System.out.println("hi");
        }
      }
      """);
    String first = commit("first");
    write("src/App.java", """
      class App {
        // TODO: old note stays out
        void run() {
          // 💡 greet by name so logs say who ran it
          System.out.println("hello " + name());
        }
        // ❓ should this read an environment variable?
        String name() {
          return "world"; // FIXME: hard-coded
        }
      }
      """);
    write("docs/notes.md", "TODO: write docs\n");
    return new String[] {first, commit("second")};
  }

  public TempRepo write(String path, String content) throws IOException {
    Path file = dir.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content, StandardCharsets.UTF_8);
    return this;
  }

  public String commit(String message) {
    git("add", "-A");
    git("commit", "-q", "-m", message);
    return git("rev-parse", "HEAD").trim();
  }

  public String git(String... args) {
    List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
    command.addAll(List.of(args));
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IllegalStateException("git " + String.join(" ", args) + " failed: " + out);
      }
      return out;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
