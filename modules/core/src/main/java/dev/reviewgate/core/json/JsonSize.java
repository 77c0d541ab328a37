package dev.reviewgate.core.json;

import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;

/**
 * How many bytes a value takes on the wire as JSON (UTF-8, as {@link JsonTreeWriter} writes it): a text's escapes
 * count ({@code \n} is two bytes, a control character six), non-ASCII characters are written as they are. Budgets
 * of a tool's reply are counted in these bytes, the bytes a client reads.
 */
public final class JsonSize {

  private static final byte[] COST = new byte[128];

  static {
    for (int b = 0; b < 128; b++) {
      COST[b] = 1;
    }
    for (int b = 0; b < 0x20; b++) {
      COST[b] = 6;
    }
    for (char c : new char[] {'\n', '\t', '\r', '\b', '\f', '"', '\\'}) {
      COST[c] = 2;
    }
  }

  private JsonSize() {
  }

  /** Bytes of {@code bytes[from, to)} (UTF-8 text) inside a JSON string, without the quotes. */
  public static long ofText(byte[] bytes, int from, int to) {
    long n = 0;
    for (int i = from; i < to; i++) {
      n += cost(bytes[i]);
    }
    return n;
  }

  /** Bytes one byte of UTF-8 text takes inside a JSON string. */
  public static int cost(byte b) {
    return b < 0 ? 1 : COST[b];
  }

  /** Bytes of {@code text} inside a JSON string, without the quotes. */
  public static long ofText(String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    return ofText(bytes, 0, bytes.length);
  }

  /** Bytes of {@code object} encoded. */
  public static long of(JsonObject object) {
    return JsonTreeWriter.encode(object).getBytes(StandardCharsets.UTF_8).length;
  }
}
