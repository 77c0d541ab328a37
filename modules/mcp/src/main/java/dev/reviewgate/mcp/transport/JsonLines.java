package dev.reviewgate.mcp.transport;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import dev.reviewgate.core.json.JsonString;
import dev.reviewgate.core.json.TextStream;
import dev.reviewgate.core.json.Utf8Text;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.core.json.jackson.JacksonCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Reader;
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
  private static final JsonFactory FACTORY = JsonFactory.builder()
    .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
    .disable(StreamWriteFeature.FLUSH_PASSED_TO_STREAM)
    // A character outside the BMP (an emoji in a diff) as its four UTF-8 bytes, not as two \\u escapes.
    .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
    .build();

  /** Strings longer than this are written from a Reader (see {@link #write(Object, JsonGenerator)}). */
  private static final int LONG_STRING = 4096;

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

  /** {@code message} as JSON (UTF-8) into {@code out}, through a small buffer; the stream is neither flushed nor closed. */
  public static void encode(JsonObject message, OutputStream out) throws IOException {
    try (JsonGenerator generator = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
      write(message, generator, out);
    }
  }

  /** {@code message} as a JSON String, for what is kept or framed whole (small messages, SSE events). */
  public static String encode(JsonObject message) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try {
      encode(message, out);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e); // a byte array does not fail
    }
    return out.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  /**
   * Whether {@code value} holds a string of more than {@code chars} characters (a big diff), or one still being made
   * ({@link TextStream}: writing it waits for its end, so never on an event loop), at any depth.
   */
  public static boolean holdsStringLongerThan(Object value, int chars) {
    if (value instanceof JsonObject object) {
      for (Map.Entry<String, Object> field : object) {
        if (holdsStringLongerThan(field.getValue(), chars)) {
          return true;
        }
      }
      return false;
    }
    if (value instanceof JsonArray array) {
      for (Object item : array) {
        if (holdsStringLongerThan(item, chars)) {
          return true;
        }
      }
      return false;
    }
    return value instanceof String text ? text.length() > chars
      : value instanceof Utf8Text bytes ? bytes.size() > chars : value instanceof TextStream;
  }

  /**
   * Objects and arrays walked here so that a long string (a diff) is written from a Reader: the generator then
   * copies it in blocks of chars, where its String path reads it one {@code charAt} at a time. A diff held as its
   * UTF-8 bytes ({@link Utf8Text}) is written by itself, straight into {@code out} after what the generator holds.
   * The rest is Vert.x's own encoding of a value.
   */
  private static void write(Object value, JsonGenerator generator, OutputStream out) throws IOException {
    if (value instanceof JsonObject object) {
      generator.writeStartObject();
      for (Map.Entry<String, Object> field : object) {
        generator.writeFieldName(field.getKey());
        write(field.getValue(), generator, out);
      }
      generator.writeEndObject();
    } else if (value instanceof JsonArray array) {
      generator.writeStartArray();
      for (Object item : array) {
        write(item, generator, out);
      }
      generator.writeEndArray();
    } else if (value instanceof JsonString text) {
      // An empty raw value makes the generator write its separator and count a value; then its buffer goes out
      // first, and the string follows in place. A TextStream is written as it comes, so this waits for its end
      // (never on an event loop: see holdsStringLongerThan).
      generator.writeRawValue("");
      generator.flush();
      text.writeJson(out);
    } else if (value instanceof String text && text.length() > LONG_STRING) {
      generator.writeString(new WholeCharacters(text), text.length());
    } else {
      JacksonCodec.encodeJson(value, generator);
    }
  }

  /**
   * A String read in blocks that never end between the two halves of a surrogate pair: the generator writes a pair
   * it sees whole as one four-byte UTF-8 character, but each half of a split one as a \\u escape.
   */
  private static final class WholeCharacters extends Reader {

    private final String text;
    private int at;

    WholeCharacters(String text) {
      this.text = text;
    }

    @Override
    public int read(char[] buffer, int offset, int length) {
      if (at >= text.length()) {
        return -1;
      }
      int end = Math.min(text.length(), at + length);
      if (end < text.length() && end - at > 1 && Character.isHighSurrogate(text.charAt(end - 1))) {
        end--;
      }
      text.getChars(at, end, buffer, offset);
      int read = end - at;
      at = end;
      return read;
    }

    @Override
    public void close() {
    }
  }
}
