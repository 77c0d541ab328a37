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
