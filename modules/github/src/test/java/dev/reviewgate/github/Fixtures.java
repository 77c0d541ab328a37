package dev.reviewgate.github;

import dev.reviewgate.testkit.forge.FakeGitHub;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Loads recorded answers from {@code src/test/resources/fixtures} (see each folder's ORIGIN.md) as {@link FakeGitHub.Reply}s. */
public final class Fixtures {

  /** Hop-by-hop and length headers: bodies are stored decoded, so the server computes these itself. */
  private static final Set<String> DROPPED = Set.of("content-length", "content-encoding", "transfer-encoding", "status", "connection");
  private static final Pattern TEMPLATE = Pattern.compile("\\{\\{(?:now|testStartDate)(?: offset='(-?\\d+) seconds')?[^}]*?format='([^']+)'\\}\\}");

  private Fixtures() {
  }

  public static byte[] bytes(String resource) {
    try (InputStream in = Fixtures.class.getClassLoader().getResourceAsStream("fixtures/" + resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + resource);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static String text(String resource) {
    return new String(bytes(resource), StandardCharsets.UTF_8);
  }

  /** github3.py exchange {@code index} of {@code cassette}. */
  public static JsonObject exchange(String cassette, int index) {
    return new JsonArray(text("github3py/" + cassette + ".exchanges.json")).getJsonObject(index);
  }

  public static FakeGitHub.Reply github3py(String cassette, int index) {
    JsonObject exchange = exchange(cassette, index);
    MultiMap headers = MultiMap.caseInsensitiveMultiMap();
    exchange.getJsonObject("headers").forEach(h -> {
      if (!DROPPED.contains(h.getKey())) {
        headers.add(h.getKey(), String.valueOf(h.getValue()));
      }
    });
    Object response = exchange.getValue("response");
    Buffer body = response instanceof String s ? Buffer.buffer(s) : response == null ? Buffer.buffer() : Buffer.buffer(Json.encode(response));
    return FakeGitHub.Reply.of(exchange.getInteger("status"), headers, body);
  }

  /** The body of a github3.py exchange as recorded (JSON re-encoded, text unchanged). */
  public static String github3pyBody(String cassette, int index) {
    return github3py(cassette, index).body().toString(StandardCharsets.UTF_8);
  }

  /** A hub4j WireMock mapping, templates filled in with the current time. */
  public static FakeGitHub.Reply hub4j(String scenario, String mapping) {
    JsonObject response = new JsonObject(text("hub4j/" + scenario + "/mappings/" + mapping)).getJsonObject("response");
    MultiMap headers = MultiMap.caseInsensitiveMultiMap();
    JsonObject recorded = response.getJsonObject("headers", new JsonObject());
    long now = System.currentTimeMillis();
    recorded.forEach(h -> {
      if (DROPPED.contains(h.getKey().toLowerCase(Locale.ROOT))) {
        return;
      }
      if (h.getValue() instanceof JsonArray values) {
        values.forEach(v -> headers.add(h.getKey(), fill(String.valueOf(v), now)));
      } else {
        headers.add(h.getKey(), fill(String.valueOf(h.getValue()), now));
      }
    });
    Buffer body;
    if (response.getString("bodyFileName") != null) {
      body = Buffer.buffer(bytes("hub4j/" + scenario + "/__files/" + response.getString("bodyFileName")));
    } else {
      body = Buffer.buffer(response.getString("body", ""));
    }
    return FakeGitHub.Reply.of(response.getInteger("status"), headers, body);
  }

  /** A body file of a hub4j scenario. */
  public static FakeGitHub.Reply hub4jFile(String scenario, String file, int status) {
    return FakeGitHub.Reply.json(status, text("hub4j/" + scenario + "/__files/" + file));
  }

  /** A documented example body of GitHub's OpenAPI description. */
  public static FakeGitHub.Reply openapi(String operation, String status) {
    JsonObject content = new JsonObject(text("openapi/" + operation + ".json")).getJsonObject("responses").getJsonObject(status)
      .getJsonObject("content").getJsonObject("application/json");
    Object example = content.iterator().next().getValue();
    return FakeGitHub.Reply.json(Integer.parseInt(status), Json.encode(example));
  }

  public static FakeGitHub.Reply quoted(String file, int status) {
    return FakeGitHub.Reply.json(status, text("quoted/" + file));
  }

  public static String fill(String value, long nowMs) {
    Matcher m = TEMPLATE.matcher(value);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      long at = nowMs + (m.group(1) == null ? 0 : Long.parseLong(m.group(1)) * 1000L);
      String replacement = m.group(2).equals("unix") ? String.valueOf(at / 1000)
        : DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC).format(Instant.ofEpochMilli(at));
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static final class Json {
    static String encode(Object value) {
      return value instanceof JsonObject o ? o.encode() : value instanceof JsonArray a ? a.encode() : io.vertx.core.json.Json.encode(value);
    }
  }
}
