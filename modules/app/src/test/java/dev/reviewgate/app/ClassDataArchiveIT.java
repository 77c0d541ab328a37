package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build writes a class-data archive beside the jar (ArchiveTraining, run by modules/app/pom.xml), the JVM maps it
 * ({@code -Xshare:on} refuses to start otherwise), and the classes of a diff come from it instead of the jar.
 */
class ClassDataArchiveIT {

  @Test
  @Timeout(120)
  void theBuildsArchiveMapsAndHoldsTheDiffEngine(@TempDir Path dir) throws Exception {
    Path jar = McpProcess.jar();
    Path archive = jar.resolveSibling("reviewgate.jsa");
    assertThat(archive).as("written by the package phase").exists();
    assertThat(Files.getLastModifiedTime(archive)).as("written after the jar").isGreaterThanOrEqualTo(Files.getLastModifiedTime(jar));
    Path repo = GitFixture.create(dir.resolve("repo"));
    ProcessBuilder builder = new ProcessBuilder(List.of(McpProcess.java(), "-Xshare:on", "-XX:SharedArchiveFile=" + archive,
      "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xlog:class+load=info:file=" + dir.resolve("classes.log"),
      "-jar", jar.toString(), "call", "git_diff", "{\"commit\":\"HEAD\"}")).directory(repo.toFile());
    McpProcess.isolate(builder.environment());
    builder.redirectErrorStream(true);
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output).contains("+reviewgate");
    String loaded = Files.readString(dir.resolve("classes.log"));
    for (String name : List.of("dev.reviewgate.xdiff.GitHistogram", "dev.reviewgate.xdiff.PatchWriter",
      "dev.reviewgate.git.GitReader", "dev.reviewgate.xdiff.TreeChanges$RawWalk", "org.eclipse.jgit.lib.ObjectId")) {
      assertThat(loaded.lines().filter(line -> line.contains(" " + name + " ")).findFirst())
        .as(name + " is loaded from the archive").hasValueSatisfying(line -> assertThat(line).contains("shared objects file (top)"));
    }
  }
}
