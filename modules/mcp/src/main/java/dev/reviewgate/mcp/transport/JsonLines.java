package dev.reviewgate.mcp.transport;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.reviewgate.core.json.JsonTreeWriter;
import dev.reviewgate.core.json.TextStream;
import dev.reviewgate.core.json.Utf8Text;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Writes a JSON-RPC message as one line of UTF-8 straight into a stream, through the generator's small buffer: a
 * result carrying a 30 MB diff is never held a second time as an encoded String or Buffer (nor a third while such a
 * buffer doubles).
 */
public final class JsonLines {

  private static final Logger LOG = Logger.getLogger(JsonLines.class.getName());

  private JsonLines() {
  }

  /**
   * {@code message} and a newline. A message that cannot be encoded (a bug) is cut where it failed, ended with a
   * newline, and followed by an internal-error response for its id, so the client is answered and the writer lives.
   */
  public static void write(JsonObject message, OutputStream out) throws IOException {
    try {
      encode(message, out);
    } catch (RuntimeException e) {
      LOG.log(Level.SEVERE, "a response could not be encoded", e);
      out.write('\n');
      Object id = message.getValue("id");
      encode(new JsonObject().put("jsonrpc", "2.0").put("id", id instanceof String || id instanceof Number ? id : null)
        .put("error", new JsonObject().put("code", -32603).put("message", "internal error: the response could not be encoded")), out);
    }
    out.write('\n');
  }

  /**
   * {@code message} and a newline when its line is at most {@code maxBytes}; else nothing, and false. The line is
   * first measured by encoding it into a counter (no copy is kept: a 37 MB diff held once more, in a buffer that
   * doubles as it grows, was the peak of a process answering big ranges), then written, so a reply too long for the
   * client is never half sent. A text still being made ({@link TextStream}) can be read only once: such a message is
   * made in memory instead, at most {@code maxBytes} of it.
   */
  public static boolean writeAtMost(JsonObject message, OutputStream out, long maxBytes) throws IOException {
    if (sizeBound(message) < maxBytes) {
      write(message, out); // surely within: one pass (a budgeted reply, nearly every reply, is far under the ceiling)
      return true;
    }
    boolean once = !TextStream.within(message).isEmpty();
    Bounded line = new Bounded(maxBytes, once);
    try {
      write(message, line);
    } catch (Bounded.Full full) {
      return false;
    }
    if (once) {
      line.writeTo(out);
    } else {
      write(message, out);
    }
    return true;
  }

  /**
   * At least as many bytes as {@code value} takes as JSON, plus the line's newline: strings as if every character
   * were escaped to six bytes, a text still being made as unbounded.
   */
  static long sizeBound(Object value) {
    if (value instanceof String text) {
      return 6L * text.length() + 2;
    }
    if (value instanceof JsonObject object) {
      return sizeBound(object.getMap());
    }
    if (value instanceof JsonArray array) {
      return sizeBound(array.getList());
    }
    if (value instanceof Map<?, ?> map) {
      long bound = 3;
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        bound = plus(bound, plus(sizeBound(String.valueOf(entry.getKey())), sizeBound(entry.getValue())) + 2);
      }
      return bound;
    }
    if (value instanceof java.util.Collection<?> items) {
      long bound = 3;
      for (Object item : items) {
        bound = plus(bound, sizeBound(item)) + 1;
      }
      return bound;
    }
    if (value instanceof Utf8Text bytes) {
      return bytes.jsonSizeBound();
    }
    if (value instanceof java.math.BigInteger || value instanceof java.math.BigDecimal) {
      return value.toString().length() + 2L; // a client's id may be any integer
    }
    if (value == null || value instanceof Boolean || value instanceof Number) {
      return 32; // longer than any long or double Jackson writes
    }
    return Long.MAX_VALUE / 4; // a TextStream, or anything else: measure it
  }

  private static long plus(long a, long b) {
    long sum = a + b;
    return sum < 0 || sum > Long.MAX_VALUE / 4 ? Long.MAX_VALUE / 4 : sum;
  }

  /** Counts bytes up to a limit (and keeps them, when asked); one more is {@link Full}. */
  private static final class Bounded extends OutputStream {

    /** The limit was passed; an IOException, which the generator lets go as it is. */
    static final class Full extends IOException {
      Full() {
        super("over the limit", null);
      }
    }

    private final java.io.ByteArrayOutputStream bytes;
    private final long max;
    private long count;

    Bounded(long max, boolean keep) {
      this.max = max;
      this.bytes = keep ? new java.io.ByteArrayOutputStream(8192) : null;
    }

    @Override
    public void write(int b) throws IOException {
      if (count + 1L > max) {
        throw new Full();
      }
      count++;
      if (bytes != null) {
        bytes.write(b);
      }
    }

    @Override
    public void write(byte[] data, int offset, int length) throws IOException {
      if (count + (long) length > max) {
        throw new Full();
      }
      count += length;
      if (bytes != null) {
        bytes.write(data, offset, length);
      }
    }

    void writeTo(OutputStream out) throws IOException {
      bytes.writeTo(out);
    }
  }

  /** {@code message} as JSON (UTF-8) into {@code out}, through a small buffer; the stream is neither flushed nor closed. */
  public static void encode(JsonObject message, OutputStream out) throws IOException {
    try (JsonGenerator generator = JsonTreeWriter.FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
      JsonTreeWriter.write(message, generator, out);
    }
  }

  /** {@code message} as a JSON String, for what is kept or framed whole (small messages, SSE events). */
  public static String encode(JsonObject message) {
    return JsonTreeWriter.encode(message);
  }

  /**
   * Whether {@code value} holds a string of more than {@code chars} characters (a big diff), or one still being made
   * ({@link TextStream}: writing it waits for its end, so never on an event loop), at any depth.
   */
  public static boolean holdsStringLongerThan(Object value, int chars) {
    // Strings first and the raw map's values: see JsonTreeWriter for why failed interface checks are avoided.
    if (value instanceof String text) {
      return text.length() > chars;
    }
    if (value instanceof JsonObject object) {
      return holdsStringLongerThan(object.getMap().values(), chars);
    }
    if (value instanceof JsonArray array) {
      return holdsStringLongerThan(array.getList(), chars);
    }
    if (value instanceof Integer || value instanceof Long || value instanceof Boolean || value == null) {
      return false;
    }
    if (value instanceof Map<?, ?> map) {
      return holdsStringLongerThan(map.values(), chars);
    }
    if (value instanceof java.util.Collection<?> items) {
      for (Object item : items) {
        if (holdsStringLongerThan(item, chars)) {
          return true;
        }
      }
      return false;
    }
    return value instanceof Utf8Text bytes ? bytes.size() > chars : value instanceof TextStream;
  }
}
