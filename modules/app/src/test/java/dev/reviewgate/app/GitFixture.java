package dev.reviewgate.app;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A small real git repository built with the git CLI: two commits, so there is a diff between them. */
final class GitFixture {

  private GitFixture() {
  }

  static Path create(Path directory) throws IOException, InterruptedException {
    Files.createDirectories(directory);
    git(directory, "init", "-q", "-b", "main");
    Files.writeString(directory.resolve("hello.txt"), "hello\nworld\n", StandardCharsets.UTF_8);
    git(directory, "add", "-A");
    git(directory, "commit", "-q", "-m", "first");
    Files.writeString(directory.resolve("hello.txt"), "hello\nreviewgate\nworld\n", StandardCharsets.UTF_8);
    Files.writeString(directory.resolve("notes.md"), "# notes\n", StandardCharsets.UTF_8);
    git(directory, "add", "-A");
    git(directory, "commit", "-q", "-m", "second");
    return directory;
  }

  static String git(Path directory, String... arguments) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=it", "-c", "user.email=it@example.invalid",
      "-c", "commit.gpgsign=false"));
    command.addAll(List.of(arguments));
    Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IOException("git " + String.join(" ", arguments) + " failed: " + output);
    }
    return output;
  }
}
