package dev.reviewgate.core.json;

import io.vertx.core.shareddata.Shareable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A JSON string value held as the UTF-8 bytes it was written in: a large diff goes from the diff writer to an MCP
 * client's stream as the bytes git wrote, never as a Java String (UTF-16 as soon as one character is outside Latin-1,
 * so twice the bytes, and built through a second copy of that size: 146 MB of heap for a 37 MB diff). The text it
 * stands for is what decoding the bytes into a String gives ({@link #toString()}): bytes that are not UTF-8 (a Latin-1
 * file) are U+FFFD, and {@link #writeJson} writes exactly that text, replacing them as it goes.
 *
 * <p>Vert.x's own JSON encoding does not know this type, so only a caller that encodes with the MCP transports'
 * writer asks for it ({@link dev.reviewgate.core.bus.CallContext#acceptsUtf8Text}), and the backend that makes one
 * gives every other caller, and every caller when the bus is clustered, its String. Immutable: a {@code JsonObject}
 * copy (local delivery, the result cache) shares it.
 */
public final class Utf8Text implements Shareable {

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

  /** The text these bytes (in order) hold; the arrays are used as they are and must not change from now on. */
  public static Utf8Text of(List<byte[]> chunks) {
    return new Utf8Text(List.copyOf(chunks));
  }

  public static Utf8Text of(String text) {
    return new Utf8Text(List.of(text.getBytes(StandardCharsets.UTF_8)));
  }

  /** Its length in bytes as held (the UTF-8 of the text, bar the few bytes a malformed stretch changes by). */
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
   * The text as a JSON string (quoted) into {@code out}, in one pass: as Jackson writes {@link #toString()}, i.e.
   * {@code \" \\ \b \t \n \f \r} and {@code \\u00XX} for the other control characters, well-formed UTF-8 as it is, and
   * each malformed stretch as the String decoder replaces it. The text is read in windows that start at a character
   * boundary and end with an ASCII byte (the decoder never takes one into a malformed sequence, so it starts afresh
   * after each): a window decodes alone exactly as within the whole. A chunk's non-ASCII tail and the next chunk's
   * non-ASCII head form a small window of their own.
   */
  public void writeJson(OutputStream out) throws IOException {
    Escaper escaper = new Escaper(out);
    escaper.put((byte) '"');
    int start = 0;
    for (int c = 0; c < chunks.size(); c++) {
      byte[] chunk = chunks.get(c);
      boolean last = c == chunks.size() - 1;
      int end = last ? chunk.length : afterLastAscii(chunk, start);
      escaper.window(chunk, start, end);
      start = 0;
      if (end < chunk.length) {
        // The tail joined with the heads of the next chunks up to their first ASCII byte.
        ByteArrayOutputStream across = new ByteArrayOutputStream();
        across.write(chunk, end, chunk.length - end);
        while (c + 1 < chunks.size()) {
          byte[] next = chunks.get(c + 1);
          int head = 0;
          while (head < next.length && next[head] < 0) {
            head++;
          }
          across.write(next, 0, head);
          if (head < next.length) {
            start = head;
            break;
          }
          c++; // no ASCII byte in it: all of it belongs to the window
        }
        byte[] bytes = across.toByteArray();
        escaper.window(bytes, 0, bytes.length);
      }
    }
    escaper.put((byte) '"');
    escaper.flush();
  }

  private static int afterLastAscii(byte[] chunk, int from) {
    int at = chunk.length;
    while (at > from && chunk[at - 1] < 0) {
      at--;
    }
    return at;
  }

  /** Writes windows of bytes as JSON string content through a small buffer. */
  private static final class Escaper {
    private final OutputStream out;
    private final byte[] buffer = new byte[OUT_BUFFER];
    private int used;

    Escaper(OutputStream out) {
      this.out = out;
    }

    /** Bytes {@code from}..{@code to} of {@code bytes}: a window that starts at a boundary and ends before ASCII or the end. */
    void window(byte[] bytes, int from, int to) throws IOException {
      int i = from;
      while (i < to) {
        int start = i;
        while (i < to && plain(bytes[i])) {
          i++;
        }
        put(bytes, start, i - start);
        if (i == to) {
          return;
        }
        byte b = bytes[i];
        if (b >= 0) {
          escape(b);
          i++;
          continue;
        }
        int length = sequenceLength(bytes, i, to);
        if (length > 0) {
          put(bytes, i, length);
          i += length;
          continue;
        }
        // Malformed: the stretch up to the next ASCII byte as the String decoder makes it (no escapes: none is ASCII).
        int stretch = i;
        while (stretch < to && bytes[stretch] < 0) {
          stretch++;
        }
        byte[] decoded = new String(bytes, i, stretch - i, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8);
        put(decoded, 0, decoded.length);
        i = stretch;
      }
    }

    void put(byte b) throws IOException {
      if (used == buffer.length) {
        flush();
      }
      buffer[used++] = b;
    }

    void put(byte[] bytes, int from, int length) throws IOException {
      if (length > buffer.length - used) {
        flush();
        if (length > buffer.length) {
          out.write(bytes, from, length);
          return;
        }
      }
      System.arraycopy(bytes, from, buffer, used, length);
      used += length;
    }

    void flush() throws IOException {
      out.write(buffer, 0, used);
      used = 0;
    }

    private void escape(byte b) throws IOException {
      if (buffer.length - used < 6) {
        flush();
      }
      buffer[used++] = '\\';
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
        buffer[used++] = (byte) shortForm;
        return;
      }
      buffer[used++] = 'u';
      buffer[used++] = '0';
      buffer[used++] = '0';
      buffer[used++] = HEX[(b >> 4) & 0xF];
      buffer[used++] = HEX[b & 0xF];
    }

    /** Printable ASCII that JSON takes as it is. */
    private static boolean plain(byte b) {
      return b >= 0x20 && b != '"' && b != '\\';
    }
  }

  /**
   * The length of the well-formed UTF-8 sequence (the Unicode standard's table 3-7, as strict as the JDK's decoder)
   * that starts at {@code at} and ends before {@code to}, or 0 when none does.
   */
  static int sequenceLength(byte[] bytes, int at, int to) {
    int lead = bytes[at] & 0xFF;
    int need;
    int low = 0x80;
    int high = 0xBF;
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
      return 0;
    }
    if (at + need >= to) {
      return 0;
    }
    for (int k = 1; k <= need; k++) {
      int next = bytes[at + k] & 0xFF;
      if (next < low || next > high) {
        return 0;
      }
      low = 0x80;
      high = 0xBF;
    }
    return need + 1;
  }

  /** Equal when the texts are (two byte sequences with the same malformed stretches replaced alike are). */
  @Override
  public boolean equals(Object other) {
    return other instanceof Utf8Text that && toString().equals(that.toString());
  }

  @Override
  public int hashCode() {
    return toString().hashCode();
  }
}
