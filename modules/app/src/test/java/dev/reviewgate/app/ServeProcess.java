package dev.reviewgate.app;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code java -jar reviewgate.jar serve --port 0} as a real subprocess; the port is read from its stderr. A cluster
 * node without the front role has no HTTP port: it is ready when it says so ({@link #port()} is then -1).
 */
final class ServeProcess implements AutoCloseable {

  private static final Pattern ADDRESS = Pattern.compile("serving http://127\\.0\\.0\\.1:(\\d+)/mcp");
  private static final Pattern READY = Pattern.compile("reviewgate: node ready");

  private static final long START_WITHIN_SECONDS = 240;

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
          } else if (READY.matcher(line).find()) {
            found.complete(-1);
          }
        }
      } catch (IOException e) {
        found.completeExceptionally(e);
      }
      found.completeExceptionally(new IllegalStateException("serve exited without an address; stderr:\n" + stderr));
    }, "it-serve-stderr");
    reader.setDaemon(true);
    reader.start();
    try {
      // Generous: several clustered JVMs starting at once on a busy two-core machine take minutes, not seconds.
      this.port = found.get(START_WITHIN_SECONDS, TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      process.destroyForcibly();
      throw new IllegalStateException("serve reported no address within " + START_WITHIN_SECONDS + " s; stderr:\n" + stderr, e);
    } catch (Exception e) {
      process.destroyForcibly();
      throw e;
    }
  }

  static ServeProcess start(Path workingDirectory, String... arguments) throws Exception {
    return start(workingDirectory, Map.of(), arguments);
  }

  static ServeProcess start(Path workingDirectory, Map<String, String> environment, String... arguments) throws Exception {
    return start(workingDirectory, variables -> {
      McpProcess.isolate(variables); // no developer configuration, and GitHub calls stay on loopback
      variables.putAll(environment);
    }, arguments);
  }

  /** Started as an MCP client starts it: {@code env -i PATH=… HOME=…}, so no {@code LANG} and no {@code LC_*}. */
  static ServeProcess startWithoutLocale(Path workingDirectory, String... arguments) throws Exception {
    return start(workingDirectory, McpProcess::withoutLocale, arguments);
  }

  private static ServeProcess start(Path workingDirectory, java.util.function.Consumer<Map<String, String>> environment,
                                    String... arguments) throws Exception {
    List<String> command = new ArrayList<>(List.of(McpProcess.java(), "-jar", McpProcess.jar().toString(), "serve", "--port", "0"));
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command).directory(workingDirectory.toFile());
    environment.accept(builder.environment());
    builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    return new ServeProcess(builder.start());
  }

  /** The process id (for reading its memory from /proc). */
  long pid() {
    return process.pid();
  }

  /** How a reviewgate command that ends by itself ended. */
  record Ended(int exit, String stderr) {
  }

  /** Runs {@code reviewgate ARGUMENTS} (not only serve) to its end, at most two minutes. */
  static Ended run(Path workingDirectory, String... arguments) throws Exception {
    List<String> command = new ArrayList<>(List.of(McpProcess.java(), "-jar", McpProcess.jar().toString()));
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command).directory(workingDirectory.toFile());
    McpProcess.isolate(builder.environment());
    builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process process = builder.start();
    String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new IllegalStateException("reviewgate " + String.join(" ", arguments) + " did not end; stderr:\n" + stderr);
    }
    return new Ended(process.exitValue(), stderr);
  }

  int port() {
    return port;
  }

  String stderr() {
    return stderr.toString();
  }

  /** The first group of {@code pattern} in what the process has written to stderr so far. */
  int number(Pattern pattern) {
    Matcher m = pattern.matcher(stderr);
    if (!m.find()) {
      throw new IllegalStateException("no " + pattern + " in stderr:\n" + stderr);
    }
    return Integer.parseInt(m.group(1));
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** SIGSTOP ({@code STOP}) or SIGCONT ({@code CONT}): a process that stalls, as a machine under swap does, and resumes. */
  void signal(String name) throws Exception {
    Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
    if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
      throw new IllegalStateException("kill -" + name + " " + process.pid() + " failed");
    }
  }

  /** SIGKILL: no shutdown hook runs, as when a machine dies. */
  void kill() throws InterruptedException {
    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
  }

  @Override
  public void close() throws Exception {
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }
}
