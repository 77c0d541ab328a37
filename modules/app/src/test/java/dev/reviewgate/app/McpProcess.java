package dev.reviewgate.app;

import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * {@code java -jar reviewgate.jar stdio} as a real subprocess, spoken to over its pipes. Every stdout line is
 * checked to be a JSON-RPC message; anything else is recorded in {@link #pollution()}.
 */
final class McpProcess implements AutoCloseable {

  static final Duration WAIT = Duration.ofSeconds(20);

  private final Process process;
  private final OutputStream stdin;
  private final BlockingQueue<JsonObject> messages = new LinkedBlockingQueue<>();
  private final List<String> pollution = new CopyOnWriteArrayList<>();
  private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
  private final List<JsonObject> notifications = new ArrayList<>();

  private McpProcess(Process process) {
    this.process = process;
    this.stdin = process.getOutputStream();
    Thread out = new Thread(this::readStdout, "it-stdout");
    out.setDaemon(true);
    out.start();
    Thread err = new Thread(() -> copy(process.getErrorStream()), "it-stderr");
    err.setDaemon(true);
    err.start();
  }

  static Path jar() {
    return Path.of(Objects.requireNonNull(System.getProperty("reviewgate.jar"), "system property reviewgate.jar (set by failsafe)"));
  }

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  static McpProcess start(Path workingDirectory, String... arguments) throws IOException {
    return start(workingDirectory, java.util.Map.of(), arguments);
  }

  /** @param environment variables set for the process (after {@link #isolate} removed inherited ones) */
  static McpProcess start(Path workingDirectory, java.util.Map<String, String> environment, String... arguments) throws IOException {
    List<String> command = new ArrayList<>(List.of(java(), "-jar", jar().toString(), "stdio"));
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command).directory(workingDirectory.toFile());
    isolate(builder.environment());
    builder.environment().putAll(environment);
    return new McpProcess(builder.start());
  }

  /**
   * No configuration from the developer's environment, no way out to GitHub, Azure DevOps or GitLab (their
   * variables are removed, so fuzzed write calls can never reach a real forge), and the tests' own state
   * directory: tests stay on loopback and under target/. Every toolset is offered.
   */
  static void isolate(java.util.Map<String, String> environment) {
    environment.keySet().removeIf(McpProcess::fromTheDevelopersEnvironment);
    environment.put("GITHUB_API_URL", "http://127.0.0.1:9");
    // The tests call every tool; a test of the default selection sets its own value ("" for the setup's default).
    environment.put("REVIEWGATE_TOOLSETS", "all");
    // The per-user secret and dashboard registry of test processes stay under target/, never in the real home.
    environment.put(dev.reviewgate.core.security.UserSecret.STATE_DIR_ENV, SignIn.stateDirectory().toString());
  }

  /**
   * Only {@code PATH} and {@code HOME} (as {@code env -i PATH=… HOME=…} leaves them), then {@link #isolate}'s own:
   * how an MCP client or a service manager starts us, with no {@code LANG} or {@code LC_*}, so Java 17's default
   * charset is US-ASCII.
   */
  static void withoutLocale(java.util.Map<String, String> environment) {
    String path = environment.get("PATH");
    environment.clear();
    environment.put("PATH", path);
    environment.put("HOME", System.getProperty("user.home"));
    isolate(environment);
  }

  /** A variable that configures reviewgate or carries a forge's address or credential. */
  static boolean fromTheDevelopersEnvironment(String name) {
    return java.util.stream.Stream.of("REVIEWGATE_", "GITHUB_", "GH_", "AZURE_DEVOPS_", "GITLAB_", "CI_JOB_TOKEN")
      .anyMatch(name::startsWith);
  }

  void send(String line) throws IOException {
    stdin.write(line.getBytes(StandardCharsets.UTF_8));
    stdin.write('\n');
    stdin.flush();
  }

  void send(JsonObject message) throws IOException {
    send(message.encode());
  }

  void sendRaw(byte[] bytes) throws IOException {
    stdin.write(bytes);
    stdin.flush();
  }

  /** The next message of any kind. */
  JsonObject next(Duration timeout) throws InterruptedException {
    JsonObject message = messages.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    if (message == null) {
      throw new AssertionError("no message from reviewgate within " + timeout + "; stderr:\n" + stderr());
    }
    return message;
  }

  /** The next response (result or error), keeping notifications seen on the way in {@link #notifications()}. */
  JsonObject response() throws InterruptedException {
    while (true) {
      JsonObject message = next(WAIT);
      if (message.containsKey("method")) {
        notifications.add(message);
      } else {
        return message;
      }
    }
  }

  /** Sends a request and waits for its response. */
  JsonObject request(JsonObject request) throws IOException, InterruptedException {
    send(request);
    JsonObject response = response();
    if (!Objects.equals(response.getValue("id"), request.getValue("id"))) {
      throw new AssertionError("expected the response to " + request.getValue("id") + ", got " + response.encode());
    }
    return response;
  }

  List<JsonObject> notifications() {
    return notifications;
  }

  /** Messages already received and not yet read. */
  int queued() {
    return messages.size();
  }

  void closeInput() throws IOException {
    stdin.close();
  }

  int waitForExit(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new AssertionError("reviewgate did not exit within " + timeout);
    }
    return process.exitValue();
  }

  /** Kills the process at once (SIGKILL: no shutdown hook runs), as a crash or a killed agent would end it. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(10, TimeUnit.SECONDS);
  }

  boolean alive() {
    return process.isAlive();
  }

  List<String> pollution() {
    return pollution;
  }

  String stderr() {
    synchronized (stderr) {
      return stderr.toString(StandardCharsets.UTF_8);
    }
  }

  @Override
  public void close() throws InterruptedException {
    try {
      stdin.close();
    } catch (IOException ignored) {
      // already closed
    }
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(5, TimeUnit.SECONDS);
    }
  }

  private void readStdout() {
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        try {
          JsonObject message = new JsonObject(line);
          if (!"2.0".equals(message.getString("jsonrpc"))) {
            pollution.add(line);
          }
          messages.add(message);
        } catch (RuntimeException e) {
          pollution.add(line);
        }
      }
    } catch (IOException e) {
      // process ended
    }
  }

  private void copy(InputStream in) {
    byte[] buffer = new byte[8192];
    try {
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        synchronized (stderr) {
          stderr.write(buffer, 0, n);
        }
      }
    } catch (IOException e) {
      // process ended
    }
  }
}
