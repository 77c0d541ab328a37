package dev.reviewgate.core.json;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.core.shareddata.Shareable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A JSON string value held as UTF-8 bytes: a large diff goes from the diff writer to an MCP client's stream as the
 * bytes git wrote, never as a Java String (UTF-16 as soon as one character is outside Latin-1, so twice the bytes,
 * and built through a second copy of that size: 146 MB of heap for a 37 MB diff). Always well-formed: bytes that are
 * not UTF-8 become U+FFFD, as decoding them into a String does.
 *
 * <p>Vert.x's own JSON encoding does not know this type, so only a caller that encodes with the MCP transports'
 * writer asks for it ({@link #ACCEPT} on its event-bus request) and {@link dev.reviewgate.core.bus.ToolEndpoint} turns
 * it into a String for every other caller and whenever the bus is clustered. Immutable: a {@code JsonObject} copy
 * (local delivery, the result cache) shares it; {@link #toString()} decodes it.
 */
public final class Utf8Text implements Shareable {

  /** The request header by which a caller says it encodes replies that carry this type (see the class comment). */
  public static final String ACCEPT = "reviewgate-utf8-text";

  private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
  private static final int OUT_BUFFER = 8 * 1024;

  private final List<byte[]> chunks;
  private final long size;

  private Utf8Text(List<byte[]> chunks) {
    this.chunks = chunks;
    long total = 0;
    for (byte[] chunk : chunks) {
      total += chunk.length;
    }
    this.size = total;
  }

  /**
   * The text these bytes hold, each chunk used whole and owned from now on. Bytes that are not well-formed UTF-8 (a
   * Latin-1 file in a diff) are replaced as {@code new String(bytes, UTF_8)} replaces them.
   */
  public static Utf8Text of(List<byte[]> chunks) {
    List<byte[]> own = new ArrayList<>(chunks);
    return new Utf8Text(wellFormed(own) ? own : replaced(own));
  }

  public static Utf8Text of(String text) {
    return new Utf8Text(List.of(text.getBytes(StandardCharsets.UTF_8)));
  }

  /** Its length in UTF-8 bytes. */
  public long size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  /** The text as a String (a copy of twice its size at worst: for callers that need one, not the hot path). */
  @Override
  public String toString() {
    if (size > Integer.MAX_VALUE - 8) {
      throw new IllegalStateException("a text of " + size + " bytes does not fit a String");
    }
    byte[] all = new byte[(int) size];
    int at = 0;
    for (byte[] chunk : chunks) {
      System.arraycopy(chunk, 0, all, at, chunk.length);
      at += chunk.length;
    }
    return new String(all, StandardCharsets.UTF_8);
  }

  @Override
  public Utf8Text copy() {
    return this;
  }

  /**
   * The text as a JSON string (quoted) into {@code out}, escaped as Jackson escapes a String: {@code \" \\ \b \t \n
   * \f \r}, other control characters as {@code \\u00XX}, everything else as its UTF-8 bytes.
   */
  public void writeJson(OutputStream out) throws IOException {
    byte[] buffer = new byte[OUT_BUFFER];
    int used = 0;
    buffer[used++] = '"';
    for (byte[] chunk : chunks) {
      int i = 0;
      while (i < chunk.length) {
        int start = i;
        while (i < chunk.length && plain(chunk[i])) {
          i++;
        }
        int run = i - start;
        if (run > buffer.length - used) {
          out.write(buffer, 0, used);
          used = 0;
          if (run > buffer.length) {
            out.write(chunk, start, run);
            run = 0;
          }
        }
        System.arraycopy(chunk, start, buffer, used, run);
        used += run;
        if (i < chunk.length) {
          if (buffer.length - used < 6) {
            out.write(buffer, 0, used);
            used = 0;
          }
          used = escape(chunk[i++], buffer, used);
        }
      }
    }
    if (used == buffer.length) {
      out.write(buffer, 0, used);
      used = 0;
    }
    buffer[used++] = '"';
    out.write(buffer, 0, used);
  }

  private static boolean plain(byte b) {
    return (b >= 0x20 || b < 0) && b != '"' && b != '\\';
  }

  private static int escape(byte b, byte[] out, int at) {
    out[at++] = '\\';
    char shortForm = switch (b) {
      case '"' -> '"';
      case '\\' -> '\\';
      case '\b' -> 'b';
      case '\t' -> 't';
      case '\n' -> 'n';
      case '\f' -> 'f';
      case '\r' -> 'r';
      default -> 0;
    };
    if (shortForm != 0) {
      out[at++] = (byte) shortForm;
      return at;
    }
    out[at++] = 'u';
    out[at++] = '0';
    out[at++] = '0';
    out[at++] = HEX[(b >> 4) & 0xF];
    out[at++] = HEX[b & 0xF];
    return at;
  }

  /**
   * {@code value} with every {@code Utf8Text} in it, at any depth, replaced by its String, in place: for a reply that
   * leaves the transports that know the type.
   */
  public static JsonObject strings(JsonObject value) {
    for (String name : new ArrayList<>(value.fieldNames())) {
      Object item = value.getValue(name);
      if (item instanceof Utf8Text text) {
        value.put(name, text.toString());
      } else {
        stringsIn(item);
      }
    }
    return value;
  }

  /** Only what holds a Utf8Text is written to: a reply may be built of immutable maps and lists. */
  private static void stringsIn(Object item) {
    if (item instanceof JsonObject object) {
      strings(object);
    } else if (item instanceof JsonArray array) {
      for (int i = 0; i < array.size(); i++) {
        Object inner = array.getValue(i);
        if (inner instanceof Utf8Text text) {
          array.set(i, text.toString());
        } else {
          stringsIn(inner);
        }
      }
    }
  }

  @Override
  public boolean equals(Object other) {
    if (!(other instanceof Utf8Text that) || that.size != size) {
      return false;
    }
    return Arrays.equals(joined(), that.joined());
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(joined());
  }

  private byte[] joined() {
    return toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Whether the chunks, read as one sequence, are well-formed UTF-8 (the Unicode standard's table 3-7). */
  static boolean wellFormed(List<byte[]> chunks) {
    int need = 0;
    int low = 0x80;
    int high = 0xBF;
    for (byte[] chunk : chunks) {
      int i = 0;
      while (i < chunk.length) {
        if (need == 0) {
          while (i < chunk.length && chunk[i] >= 0) {
            i++;
          }
          if (i == chunk.length) {
            break;
          }
          int lead = chunk[i++] & 0xFF;
          if (lead >= 0xC2 && lead <= 0xDF) {
            need = 1;
          } else if (lead >= 0xE0 && lead <= 0xEF) {
            need = 2;
            low = lead == 0xE0 ? 0xA0 : 0x80;
            high = lead == 0xED ? 0x9F : 0xBF;
          } else if (lead >= 0xF0 && lead <= 0xF4) {
            need = 3;
            low = lead == 0xF0 ? 0x90 : 0x80;
            high = lead == 0xF4 ? 0x8F : 0xBF;
          } else {
            return false;
          }
        } else {
          int next = chunk[i++] & 0xFF;
          if (next < low || next > high) {
            return false;
          }
          low = 0x80;
          high = 0xBF;
          need--;
        }
      }
    }
    return need == 0;
  }

  /**
   * The chunks with each malformed stretch replaced as decoding the whole into a String would replace it, without
   * doing that: the text is cut right after ASCII bytes (the JDK's decoder never takes one into a malformed sequence,
   * so it starts afresh after each), and only the pieces that are not well-formed go through a String.
   */
  private static List<byte[]> replaced(List<byte[]> chunks) {
    List<byte[]> out = new ArrayList<>(chunks.size() + 1);
    byte[] carry = new byte[0];
    for (int i = 0; i < chunks.size(); i++) {
      byte[] chunk = chunks.get(i);
      chunks.set(i, null);
      byte[] bytes = carry.length == 0 ? chunk : concat(carry, chunk);
      int end = i == chunks.size() - 1 ? bytes.length : afterLastAscii(bytes);
      byte[] piece = end == bytes.length ? bytes : Arrays.copyOf(bytes, end);
      if (piece.length > 0) {
        out.add(wellFormed(List.of(piece)) ? piece : new String(piece, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8));
      }
      carry = Arrays.copyOfRange(bytes, end, bytes.length);
    }
    return out;
  }

  private static int afterLastAscii(byte[] bytes) {
    int at = bytes.length;
    while (at > 0 && bytes[at - 1] < 0) {
      at--;
    }
    return at;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] both = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    return both;
  }
}
