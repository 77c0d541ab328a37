package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.catalog.Exposure;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The fault suite: generated protocol traffic against the real jar, over stdio and over HTTP. Thousands of messages
 * per run (each property: 100 batches of {@code reviewgate.fuzz.batch} messages; {@code -Pfuzz} sends ten times as
 * many): malformed lines, arbitrary JSON, JSON-RPC with wrong types, every non-waiting tool with arguments of the
 * wrong type, out of range, or aimed at escaping the repository. What must hold: every request is answered with a
 * well-formed JSON-RPC message, the server keeps answering (a probe after each batch), no HTTP answer is a 5xx, and
 * neither process logs anything at SEVERE. Outcome counts are printed for the README.
 */
class FaultSuiteIT {

  private static final int BATCH = Integer.getInteger("reviewgate.fuzz.batch", 15);
  private static final Duration PROBE_WAIT = Duration.ofSeconds(20);
  /** Tools a generated call may name: all but those that block until a person acts. */
  private static final List<Tool> TOOLS = ToolCatalog.standard().tools(Exposure.MCP).stream()
    .filter(tool -> !tool.waitsForPerson()).toList();

  private static Path work;
  private static McpProcess stdio;
  private static ServeProcess serve;
  private static final AtomicLong probes = new AtomicLong();
  private static final Map<String, AtomicLong> outcomes = new ConcurrentHashMap<>();

  @BeforeContainer
  static void start() throws Exception {
    work = Files.createTempDirectory("reviewgate-fault-suite");
    Path repo = GitFixture.create(work.resolve("repo"));
    stdio = McpProcess.start(repo);
    assertThat(stdio.request(Messages.initialize("init", "2025-11-25")).getJsonObject("result")).isNotNull();
    stdio.send(Messages.notification("notifications/initialized", null));
    serve = ServeProcess.start(repo);
  }

  @AfterContainer
  static void stop() throws Exception {
    try {
      assertThat(stdio.alive()).as("the stdio server is alive after the fuzzing").isTrue();
      assertThat(stdio.stderr()).as("stdio log").doesNotContain("SEVERE");
      assertThat(stdio.pollution()).as("stdout lines that are not JSON-RPC").isEmpty();
      assertThat(serve.stderr()).as("serve log").doesNotContain("SEVERE");
      System.out.println("fault suite: " + new TreeMap<>(outcomes) + ", probes answered " + probes.get());
    } finally {
      stdio.close();
      serve.close();
    }
  }

  // ---- stdio ------------------------------------------------------------------------------------------------

  @Property(tries = 100)
  void stdioAnswersEveryGeneratedMessageAndStaysUp(@ForAll("messages") List<String> batch) throws Exception {
    // Every request with a usable id (a string or an integer) is owed an answer with that id; the probe too.
    Map<String, Integer> owed = new java.util.HashMap<>();
    for (String line : batch) {
      stdio.send(line);
      count("stdio messages");
      requestId(line).ifPresent(id -> owed.merge(id, 1, Integer::sum));
    }
    String probe = "probe-" + probes.incrementAndGet();
    stdio.send(Messages.request(probe, "ping", null));
    owed.merge(idKey(probe), 1, Integer::sum);
    int requests = owed.values().stream().mapToInt(Integer::intValue).sum();
    while (!owed.isEmpty()) {
      JsonObject message;
      try {
        message = stdio.next(PROBE_WAIT);
      } catch (AssertionError silence) {
        throw new AssertionError("no answer to the requests with ids " + owed.keySet() + " of this batch", silence);
      }
      assertThat(message.getString("jsonrpc")).as(message.encode()).isEqualTo("2.0");
      if (message.containsKey("method")) {
        continue; // a notification (progress, log) is fine
      }
      assertThat(message.containsKey("result") ^ message.containsKey("error")).as(message.encode()).isTrue();
      if (message.containsKey("error")) {
        int code = message.getJsonObject("error").getInteger("code");
        assertThat(code).as("JSON-RPC error code of " + message.encode()).isBetween(-32800, -32000)
          .as("an internal error is a bug: " + message.encode()).isNotEqualTo(-32603);
        count("stdio error " + code);
      } else if (message.getJsonObject("result").getBoolean("isError", false)) {
        count("stdio tool error result");
      } else {
        count("stdio result");
      }
      Object id = message.getValue("id");
      if (id instanceof String || id instanceof Integer || id instanceof Long) {
        owed.computeIfPresent(idKey(id), (k, n) -> n == 1 ? null : n - 1);
      }
    }
    count("stdio requests answered", requests);
  }

  /** The id of a JSON-RPC request (a method and a string or integer id), which must be answered; else empty. */
  private static java.util.Optional<String> requestId(String line) {
    try {
      Object parsed = io.vertx.core.json.Json.decodeValue(line);
      if (parsed instanceof JsonObject message && message.getValue("method") instanceof String
        && "2.0".equals(message.getValue("jsonrpc"))) {
        Object id = message.getValue("id");
        if (id instanceof String || id instanceof Integer || id instanceof Long) {
          return java.util.Optional.of(idKey(id));
        }
      }
    } catch (RuntimeException notJson) {
      // not a request: owed an error at most, with a null id
    }
    return java.util.Optional.empty();
  }

  private static String idKey(Object id) {
    return id instanceof Number number ? "n:" + number.longValue() : "s:" + id;
  }

  // ---- HTTP -------------------------------------------------------------------------------------------------

  @Property(tries = 100)
  void httpNeverAnswers5xxAndStaysUp(@ForAll("httpRequests") List<GeneratedRequest> batch) throws Exception {
    for (GeneratedRequest generated : batch) {
      int status = send(generated);
      count("http " + status);
      boolean healthDown = status == 503 && generated.path().startsWith("/health");
      assertThat(status < 500 || healthDown).as(generated + " answered " + status).isTrue();
    }
    assertThat(send(new GeneratedRequest(HttpMethod.GET, "/health/live", "127.0.0.1", Map.of(), ""))).isEqualTo(200);
  }

  /**
   * One request on its own connection, written by hand (so nothing in a client library adds, fixes or waits for
   * anything), read until the server closes it; the status code of the answer.
   */
  private static int send(GeneratedRequest generated) throws Exception {
    byte[] body = generated.body().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    StringBuilder head = new StringBuilder(generated.method().name()).append(' ').append(generated.path())
      .append(" HTTP/1.1\r\nHost: ").append(generated.host()).append(':').append(serve.port())
      .append("\r\nConnection: close\r\n");
    generated.headers().forEach((name, value) -> head.append(name).append(": ")
      .append(value.equals(REAL_TOKEN) ? SignIn.bearer() : value).append("\r\n"));
    head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
    try (java.net.Socket socket = new java.net.Socket("127.0.0.1", serve.port())) {
      socket.setSoTimeout(20_000);
      socket.getOutputStream().write(head.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
      socket.getOutputStream().write(body);
      socket.getOutputStream().flush();
      byte[] answer;
      try {
        answer = socket.getInputStream().readAllBytes();
      } catch (java.net.SocketTimeoutException hang) {
        throw new AssertionError("no complete answer within 20 s to " + generated, hang);
      }
      String text = new String(answer, 0, Math.min(answer.length, 64), java.nio.charset.StandardCharsets.ISO_8859_1);
      assertThat(text).as("answer to " + generated).startsWith("HTTP/1.1 ");
      return Integer.parseInt(text.substring(9, 12));
    }
  }

  /** Stands for {@code Bearer <the test processes' token>} in generated headers. */
  private static final String REAL_TOKEN = "<real token>";

  record GeneratedRequest(HttpMethod method, String path, String host, Map<String, String> headers, String body) {
  }

  @Provide
  Arbitrary<List<GeneratedRequest>> httpRequests() {
    Arbitrary<HttpMethod> method = Arbitraries.of(HttpMethod.GET, HttpMethod.POST, HttpMethod.POST, HttpMethod.POST,
      HttpMethod.DELETE, HttpMethod.PUT, HttpMethod.OPTIONS, HttpMethod.HEAD);
    Arbitrary<String> path = Arbitraries.of("/mcp", "/mcp", "/mcp", "/health", "/health/ready", "/metrics", "/review/",
      "/console/", "/eventbus/info", "/", "/mcp/../etc/passwd", "/%2e%2e/", "/nope", "/mcp?x=" + "y".repeat(3000));
    Arbitrary<String> host = Arbitraries.of("127.0.0.1", "127.0.0.1", "localhost", "evil.example", "127.0.0.1.nip.io", "[::1]");
    Arbitrary<Map<String, String>> headers = Combinators.combine(
        Arbitraries.of("application/json, text/event-stream", "application/json", "text/event-stream", "text/html", "*/*", ""),
        Arbitraries.of("application/json", "application/json; charset=utf-8", "application/jsonx", "text/plain", ""),
        Arbitraries.of("", "2025-06-18", "2025-11-25", "2026-07-28", "1999-01-01", "garbage"),
        Arbitraries.of("", "unknown-session", "x".repeat(300)),
        Arbitraries.of("", "http://evil.example", "null", "http://127.0.0.1", "https://127.0.0.1"),
        Arbitraries.of("", "tools/call", "initialize", "nope"),
        // mostly the real token (placeholder, filled in when sent), so the fuzz reaches past the credential check
        Arbitraries.of(REAL_TOKEN, REAL_TOKEN, REAL_TOKEN, "", "Bearer wrong", "Basic eDp5"))
      .as((accept, type, version, session, origin, mcpMethod, authorization) -> {
        Map<String, String> all = new TreeMap<>();
        put(all, "Accept", accept);
        put(all, "Content-Type", type);
        put(all, "MCP-Protocol-Version", version);
        put(all, "Mcp-Session-Id", session);
        put(all, "Origin", origin);
        put(all, "Mcp-Method", mcpMethod);
        put(all, "Authorization", authorization);
        return all;
      });
    Arbitrary<GeneratedRequest> request = Combinators.combine(method, path, host, headers, message())
      .as(GeneratedRequest::new);
    return request.list().ofSize(BATCH);
  }

  private static void put(Map<String, String> headers, String name, String value) {
    if (!value.isEmpty()) {
      headers.put(name, value);
    }
  }

  // ---- generated messages -------------------------------------------------------------------------------------

  @Provide
  Arbitrary<List<String>> messages() {
    return message().list().ofSize(BATCH);
  }

  private static Arbitrary<String> message() {
    return Arbitraries.frequencyOf(
      net.jqwik.api.Tuple.of(1, garbage()),
      net.jqwik.api.Tuple.of(1, json(3).map(value -> value instanceof JsonObject o ? o.encode()
        : value instanceof JsonArray a ? a.encode() : String.valueOf(value))),
      net.jqwik.api.Tuple.of(3, rpc().map(JsonObject::encode)),
      net.jqwik.api.Tuple.of(5, toolCall().map(JsonObject::encode)));
  }

  private static Arbitrary<String> garbage() {
    return Arbitraries.oneOf(
      Arbitraries.strings().ofMaxLength(200).map(s -> s.replace('\n', ' ').replace('\r', ' ')),
      Arbitraries.of("{", "}", "[]", "null", "{\"jsonrpc\":\"2.0\"", "\u0000\u0001", "\"\\ud800\"", "{\"a\":1e99999}"));
  }

  private static final AtomicLong ids = new AtomicLong();
  private static final Object NO_ID = new Object();

  private static Arbitrary<JsonObject> rpc() {
    Arbitrary<Object> id = Arbitraries.oneOf(
      Arbitraries.create(() -> "gen-" + ids.incrementAndGet()),
      Arbitraries.create(() -> (Object) ids.incrementAndGet()),
      Arbitraries.of(NO_ID, NO_ID, (Object) null, new JsonObject(), new JsonArray().add(1), true, 1.5, Long.MAX_VALUE));
    Arbitrary<String> method = Arbitraries.of("initialize", "ping", "tools/list", "tools/call", "resources/list",
      "resources/read", "resources/templates/list", "prompts/list", "prompts/get", "completion/complete",
      "logging/setLevel", "server/discover", "notifications/cancelled", "notifications/initialized", "nope/nothing",
      "", "rpc.discover");
    Arbitrary<Object> version = Arbitraries.of("2.0", "2.0", "2.0", "1.0", (Object) 2, (Object) null);
    return Combinators.combine(version, id, method, json(2)).as((v, i, m, params) -> {
      JsonObject message = new JsonObject().put("jsonrpc", v).put("method", m).put("params", params);
      return i == NO_ID ? message : message.put("id", i); // without an id it is a notification
    });
  }

  private static Arbitrary<JsonObject> toolCall() {
    Arbitrary<Tool> tool = Arbitraries.of(TOOLS);
    return tool.flatMap(t -> {
      List<String> names = new ArrayList<>(t.inputSchema().getJsonObject("properties", new JsonObject()).fieldNames());
      names.add("unknown_argument");
      Arbitrary<JsonObject> arguments = Arbitraries.of(names).list().ofMaxSize(5)
        .flatMap(chosen -> {
          List<Arbitrary<Object>> values = chosen.stream().map(name -> hostileValue()).toList();
          return Combinators.combine(values).as(list -> {
            JsonObject args = new JsonObject();
            for (int i = 0; i < chosen.size(); i++) {
              args.put(chosen.get(i), list.get(i));
            }
            return args;
          });
        });
      return arguments.map(args -> new JsonObject().put("jsonrpc", "2.0").put("id", "call-" + ids.incrementAndGet())
        .put("method", "tools/call").put("params", new JsonObject().put("name", t.name()).put("arguments", args)));
    });
  }

  /** Values aimed at the places tools go wrong: types, bounds, option injection, traversal, sizes. */
  private static Arbitrary<Object> hostileValue() {
    return Arbitraries.oneOf(
      Arbitraries.of("HEAD", "HEAD~1", "main", "--output=/tmp/pwned", "-p", "../../../../etc/passwd", "/etc/passwd",
        "a/../../b", "HEAD:../../x", "refs/heads/../../x", "*", "**/*", "[", "(?:x?){1000}x{1000}", "\u0000",
        "x".repeat(70_000), "", " ", "NaN", "README.md", "src/Main.java", "unified", "json", "stat", "side_by_side"),
      Arbitraries.of((Object) 0, -1, 1, 3, 100, 2_147_483_647L, 2_147_483_648L, -2_147_483_649L, Long.MAX_VALUE,
        new java.math.BigInteger("18446744073709551616"), 1.5, -0.0, 1e308),
      Arbitraries.of((Object) true, false, null, new JsonObject(), new JsonArray(), new JsonArray().add("a").add(1)),
      json(2));
  }

  /** Arbitrary JSON values nested up to {@code depth}. */
  private static Arbitrary<Object> json(int depth) {
    Arbitrary<Object> leaf = Arbitraries.oneOf(
      Arbitraries.strings().ofMaxLength(20).map(s -> (Object) s),
      Arbitraries.integers().map(i -> (Object) i),
      Arbitraries.of((Object) true, false, null, 1e300, -7L));
    if (depth == 0) {
      return leaf;
    }
    Arbitrary<Object> object = Arbitraries.maps(Arbitraries.strings().alpha().ofMaxLength(12), json(depth - 1))
      .ofMaxSize(4).map(map -> (Object) new JsonObject(new java.util.HashMap<>(map)));
    Arbitrary<Object> array = json(depth - 1).list().ofMaxSize(4).map(list -> (Object) new JsonArray(new ArrayList<>(list)));
    return Arbitraries.oneOf(leaf, object, array);
  }

  private static void count(String outcome) {
    count(outcome, 1);
  }

  private static void count(String outcome, long n) {
    outcomes.computeIfAbsent(outcome, k -> new AtomicLong()).addAndGet(n);
  }
}
