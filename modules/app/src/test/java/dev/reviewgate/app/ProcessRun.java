package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** A command run to its end with its input closed, as a script starts it: its exit code and both outputs. */
record ProcessRun(int exit, String stdout, String stderr) {

  /** Starts {@code builder}, closes its input, reads both outputs while it runs, and waits up to 60 s for its end. */
  static ProcessRun of(ProcessBuilder builder) throws Exception {
    Process process = builder.start();
    process.getOutputStream().close();
    CompletableFuture<String> out = read(process.getInputStream());
    CompletableFuture<String> err = read(process.getErrorStream());
    boolean ended = process.waitFor(60, TimeUnit.SECONDS);
    if (!ended) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
    assertThat(ended).as(String.join(" ", builder.command()) + " finished within 60 s").isTrue();
    return new ProcessRun(process.exitValue(), out.get(10, TimeUnit.SECONDS), err.get(10, TimeUnit.SECONDS));
  }

  private static CompletableFuture<String> read(InputStream in) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        return "";
      }
    });
  }
}
