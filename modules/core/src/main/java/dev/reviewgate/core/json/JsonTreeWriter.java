package dev.reviewgate.core.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.SegmentedStringWriter;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.core.json.jackson.JacksonCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Writes Vert.x JSON values (objects, arrays, what they hold, and {@link JsonString}s) through a Jackson generator,
 * giving the same text as {@link JsonObject#encode()} for what that can encode.
 *
 * <p>It asks for the value types a reply is made of (String, JsonObject, JsonArray, Integer, Long, Boolean) by
 * their classes before anything else. Vert.x's own walk asks each value whether it is a Map, a List, an Iterable…
 * first: on JDK 17 every such question that fails is answered by scanning the value's interfaces (a failed
 * interface check is never cached), and a large result's strings and numbers fail several each — an eighth of the
 * CPU of an 80 KB answer under load went there.
 */
public final class JsonTreeWriter {

  /** UTF-8 output that leaves the stream open and unflushed, an emoji as its four bytes (not two \\u escapes). */
  public static final JsonFactory FACTORY = JsonFactory.builder()
    .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
    .disable(StreamWriteFeature.FLUSH_PASSED_TO_STREAM)
    .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
    .build();

  /** Strings longer than this are written from a Reader: the generator then copies them in blocks of chars. */
  private static final int LONG_STRING = 4096;

  private JsonTreeWriter() {
  }

  /**
   * {@code object} as a JSON String: what {@link JsonObject#encode()} gives, made as {@link #write} makes it. Written
   * as characters (as Vert.x writes it), so a character outside the BMP is never split into two escapes.
   */
  public static String encode(JsonObject object) {
    SegmentedStringWriter text = new SegmentedStringWriter(FACTORY._getBufferRecycler());
    try {
      try (JsonGenerator generator = FACTORY.createGenerator(text)) {
        write(object, generator, null);
      }
      return text.getAndClear();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a string writer does not fail
    }
  }

  /**
   * Writes {@code value}. A {@link JsonString} (a diff held as UTF-8 bytes, or one still being made) writes itself
   * straight into {@code out}, after what the generator holds; {@code out} must be the generator's own stream, or
   * null for a generator of characters (a JsonString is then written as its text).
   */
  @SuppressWarnings("unchecked")
  public static void write(Object value, JsonGenerator generator, OutputStream out) throws IOException {
    if (value instanceof String text) {
      byte[] utf8 = out != null && text.length() > LONG_STRING ? exactUtf8(text) : null;
      if (utf8 != null) {
        // A long text (a result's JSON as its text content) escaped byte by byte, as Utf8Text writes a diff: the
        // generator would widen it to chars and narrow it back to bytes.
        writeInPlace(Utf8Text.of(List.of(utf8)), generator, out);
      } else if (text.length() > LONG_STRING) {
        generator.writeString(new WholeCharacters(text), text.length());
      } else {
        generator.writeString(text);
      }
    } else if (value instanceof JsonObject object) {
      generator.writeStartObject();
      for (Map.Entry<String, Object> field : object.getMap().entrySet()) {
        generator.writeFieldName(field.getKey());
        write(field.getValue(), generator, out);
      }
      generator.writeEndObject();
    } else if (value instanceof JsonArray array) {
      generator.writeStartArray();
      for (Object item : array.getList()) {
        write(item, generator, out);
      }
      generator.writeEndArray();
    } else if (value instanceof Integer number) {
      generator.writeNumber(number);
    } else if (value instanceof Long number) {
      generator.writeNumber(number);
    } else if (value instanceof Boolean flag) {
      generator.writeBoolean(flag);
    } else if (value == null) {
      generator.writeNull();
    } else if (value instanceof JsonString text && out == null) {
      generator.writeString(text.toString());
    } else if (value instanceof JsonString text) {
      writeInPlace(text, generator, out); // a TextStream is written as it comes: this waits for its end (never on an event loop)
    } else if (value instanceof Map<?, ?> map) { // held raw in an object or array: as Vert.x wraps it
      write(new JsonObject((Map<String, Object>) map), generator, out);
    } else if (value instanceof List<?> list) {
      write(new JsonArray((List<Object>) list), generator, out);
    } else {
      JacksonCodec.encodeJson(value, generator); // doubles, big numbers, instants, bytes, buffers, enums
    }
  }

  /**
   * An empty raw value makes the generator write its separator and count a value; then its buffer goes out first,
   * and {@code text} follows in place, straight into {@code out}.
   */
  private static void writeInPlace(JsonString text, JsonGenerator generator, OutputStream out) throws IOException {
    generator.writeRawValue("");
    generator.flush();
    text.writeJson(out);
  }

  /**
   * {@code text}'s UTF-8 bytes when they say exactly the text, else null: a text with a surrogate (an emoji, or a
   * lone half that the encoder would turn into '?') is left to the generator. ASCII is told by the length alone.
   */
  private static byte[] exactUtf8(String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    if (bytes.length != text.length()) {
      for (int i = 0; i < text.length(); i++) {
        if (Character.isSurrogate(text.charAt(i))) {
          return null;
        }
      }
    }
    return bytes;
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
