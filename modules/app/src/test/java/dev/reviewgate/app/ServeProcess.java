package dev.reviewgate.app;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code java -jar reviewgate.jar serve --port 0} as a real subprocess; the port is read from its stderr. */
final class ServeProcess implements AutoCloseable {

  private static final Pattern ADDRESS = Pattern.compile("serving http://127\\.0\\.0\\.1:(\\d+)/mcp");

  private final Process process;
  private final int port;
  private final StringBuffer stderr = new StringBuffer();

  private ServeProcess(Process process) throws Exception {
    this.process = process;
    CompletableFuture<Integer> found = new CompletableFuture<>();
    Thread reader = new Thread(() -> {
      try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          stderr.append(line).append('\n');
          Matcher m = ADDRESS.matcher(line);
          if (m.find()) {
            found.complete(Integer.parseInt(m.group(1)));
          }
        }
      } catch (IOException e) {
        found.completeExceptionally(e);
      }
      found.completeExceptionally(new IllegalStateException("serve exited without an address; stderr:\n" + stderr));
    }, "it-serve-stderr");
    reader.setDaemon(true);
    reader.start();
    this.port = found.get(60, TimeUnit.SECONDS);
  }

  static ServeProcess start(Path workingDirectory, String... arguments) throws Exception {
    List<String> command = new ArrayList<>(List.of(McpProcess.java(), "-jar", McpProcess.jar().toString(), "serve", "--port", "0"));
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command).directory(workingDirectory.toFile());
    McpProcess.isolate(builder.environment()); // no developer configuration, and GitHub calls stay on loopback
    builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    return new ServeProcess(builder.start());
  }

  int port() {
    return port;
  }

  String stderr() {
    return stderr.toString();
  }

  @Override
  public void close() throws Exception {
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }
}
