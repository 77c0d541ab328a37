package dev.reviewgate.core.json;

import io.vertx.core.shareddata.Shareable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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
 *
 * <p>A large text can also be held already escaped ({@link #ofParts}): its pieces are escaped where they are made,
 * on as many threads as make them, and writing it is then a copy. A 36.6 MB diff took 0.1–0.2 s to escape on the
 * one thread that writes the reply, after the last file was diffed.
 */
public final class Utf8Text implements Shareable, JsonString {

  private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
  /** Bytes read eight at a time, in the order they stand (any offset). */
  private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private static final long SPACES = 0x2020202020202020L;
  private static final long QUOTES = 0x2222222222222222L;
  private static final long BACKSLASHES = 0x5C5C5C5C5C5C5C5CL;
  private static final int OUT_BUFFER = 8 * 1024;

  private static final int PART_CHUNK = 256 * 1024;

  private final List<byte[]> chunks;
  private final long size;
  /** Whether {@link #chunks} hold the JSON string's content (escaped, unquoted) rather than the text's bytes. */
  private final boolean escaped;

  private Utf8Text(List<byte[]> chunks, boolean escaped) {
    this.chunks = chunks;
    this.escaped = escaped;
    long total = 0;
    for (byte[] chunk : chunks) {
      total += chunk.length;
    }
    this.size = total;
  }

  /** The text these bytes (in order) hold; the arrays are used as they are and must not change from now on. */
  public static Utf8Text of(List<byte[]> chunks) {
    return new Utf8Text(List.copyOf(chunks), false);
  }

  public static Utf8Text of(String text) {
    return new Utf8Text(List.of(text.getBytes(StandardCharsets.UTF_8)), false);
  }

  /**
   * One stretch of a text escaped as JSON string content on the thread that calls this, to be joined with the
   * stretches before and after it by {@link #ofParts}. A stretch is escaped alone from its first ASCII byte to its
   * last (windows that start and end there decode alone as within the whole text, see {@link #writeJson}); the
   * non-ASCII bytes before and after are kept as they are and escaped with their neighbours' when joined, so a
   * character cut between two stretches comes out whole.
   */
  public static Part escape(List<byte[]> text) {
    int first = -1;
    int firstAt = 0;
    int last = -1;
    int lastEnd = 0;
    for (int c = 0; c < text.size(); c++) {
      byte[] chunk = text.get(c);
      int start = first < 0 ? firstAscii(chunk) : -1;
      if (start >= 0) {
        first = c;
        firstAt = start;
      }
      int end = afterLastAscii(chunk, 0);
      if (end > 0 && first >= 0) {
        last = c;
        lastEnd = end;
      }
    }
    if (first < 0) {
      return new Part(joined(text, 0, 0, text.size(), 0), List.of(), new byte[0]);
    }
    byte[] head = joined(text, 0, 0, first, firstAt);
    byte[] tail = joined(text, last, lastEnd, text.size(), 0);
    long bytes = 0;
    for (int c = first; c <= last; c++) {
      bytes += text.get(c).length;
    }
    // Room for the text and its escapes (a newline or a tab is two bytes), so a small diff takes one small array.
    ChunkSink body = new ChunkSink((int) Math.min(PART_CHUNK, bytes + bytes / 4 + 64));
    try {
      Escaper escaper = new Escaper(body);
      escapeWindows(text.subList(first, last + 1), firstAt, lastEnd, escaper);
      escaper.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a ChunkSink does not fail
    }
    return new Part(head, body.chunks(), tail);
  }

  /** The text of these stretches in order, written as the JSON string of the text they make together. */
  public static Utf8Text ofParts(List<Part> parts) {
    List<byte[]> out = new ArrayList<>();
    PartJoiner joiner = new PartJoiner();
    for (Part part : parts) {
      out.addAll(joiner.add(part));
    }
    out.addAll(joiner.finish());
    return new Utf8Text(List.copyOf(out), true);
  }

  /**
   * Joins escaped stretches ({@link #escape}) one at a time into the JSON string content of the text they make
   * together: what {@link #ofParts} does at once, for a text whose stretches come while it is being written
   * ({@link TextStream}). The non-ASCII bytes at the meeting of two stretches wait here until the next one's first
   * ASCII byte, then go out escaped as one window.
   */
  static final class PartJoiner {
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

    /** The escaped chunks {@code part} completes, in order. */
    List<byte[]> add(Part part) {
      pending.writeBytes(part.head);
      if (part.body.isEmpty() && part.tail.length == 0) {
        return List.of(); // no ASCII byte in it: all of it joins the window that spans it
      }
      List<byte[]> out = new ArrayList<>(part.body.size() + 1);
      addEscaped(pending, out);
      out.addAll(part.body);
      pending.reset();
      pending.writeBytes(part.tail);
      return out;
    }

    /** What is still waiting, escaped, once no stretch follows. */
    List<byte[]> finish() {
      List<byte[]> out = new ArrayList<>(1);
      addEscaped(pending, out);
      pending.reset();
      return out;
    }
  }

  /** A run of non-ASCII bytes (a window of its own) escaped into {@code out}. */
  private static void addEscaped(ByteArrayOutputStream pending, List<byte[]> out) {
    if (pending.size() == 0) {
      return;
    }
    ByteArrayOutputStream escaped = new ByteArrayOutputStream();
    try {
      Escaper escaper = new Escaper(escaped);
      byte[] bytes = pending.toByteArray();
      escaper.window(bytes, 0, bytes.length);
      escaper.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
    }
    out.add(escaped.toByteArray());
  }

  /** Bytes of chunks {@code from} (at offset {@code fromAt}) up to chunk {@code to} (before its offset {@code toAt}). */
  private static byte[] joined(List<byte[]> chunks, int from, int fromAt, int to, int toAt) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int c = from; c <= to && c < chunks.size(); c++) {
      byte[] chunk = chunks.get(c);
      int start = c == from ? fromAt : 0;
      int end = c == to ? toAt : chunk.length;
      out.write(chunk, start, end - start);
    }
    return out.toByteArray();
  }

  private static int firstAscii(byte[] chunk) {
    for (int i = 0; i < chunk.length; i++) {
      if (chunk[i] >= 0) {
        return i;
      }
    }
    return -1;
  }

  /**
   * A stretch of text escaped by {@link #escape}: its leading and trailing non-ASCII bytes as they are, and what lies
   * between as JSON string content.
   */
  public static final class Part {
    private final byte[] head;
    private final List<byte[]> body;
    private final byte[] tail;

    private Part(byte[] head, List<byte[]> body, byte[] tail) {
      this.head = head;
      this.body = body;
      this.tail = tail;
    }

    /** The bytes it holds. */
    long bytes() {
      long total = head.length + tail.length;
      for (byte[] chunk : body) {
        total += chunk.length;
      }
      return total;
    }
  }

  /**
   * Escaped bytes in chunks of at most 256 KiB: no copy of the whole as it grows, no array of it all. The first chunk
   * is as large as expected and the next ones double: a fixed 256 KiB for every small diff was a fifth of all that
   * 500 first calls allocated (JFR allocation samples), and with it gone they had 16 young collections instead of 22.
   */
  private static final class ChunkSink extends OutputStream {
    private final List<byte[]> full = new ArrayList<>();
    private byte[] current;
    private int used;

    ChunkSink(int expected) {
      current = new byte[Math.max(16, expected)];
    }

    @Override
    public void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
      while (length > 0) {
        if (used == current.length) {
          full.add(current);
          current = new byte[Math.min(PART_CHUNK, Math.max(current.length * 2, length))];
          used = 0;
        }
        int n = Math.min(length, current.length - used);
        System.arraycopy(bytes, offset, current, used, n);
        used += n;
        offset += n;
        length -= n;
      }
    }

    List<byte[]> chunks() {
      List<byte[]> all = new ArrayList<>(full);
      if (used > 0) {
        all.add(used == current.length ? current : Arrays.copyOf(current, used));
      }
      return all;
    }
  }

  /** Its length in bytes as held (the UTF-8 of the text, bar the few bytes a malformed stretch changes by; escaped, for a text of parts). */
  public long size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  /** At least as many bytes as {@link #writeJson} writes: quotes, and escapes of six bytes at most for one. */
  public long jsonSizeBound() {
    return (escaped ? size : 6 * size) + 2;
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
    return new String(escaped ? unescaped(all) : all, StandardCharsets.UTF_8);
  }

  /**
   * The UTF-8 bytes of JSON string content that {@link Escaper} wrote (well-formed UTF-8 and the escapes it makes; any
   * other character of the Basic Multilingual Plane escaped by its four hex digits too). Shorter than its input, so
   * unescaped in place.
   */
  private static byte[] unescaped(byte[] json) {
    int out = 0;
    for (int i = 0; i < json.length; i++) {
      byte b = json[i];
      if (b != '\\') {
        json[out++] = b;
        continue;
      }
      byte kind = json[++i];
      switch (kind) {
        case 'b' -> json[out++] = '\b';
        case 't' -> json[out++] = '\t';
        case 'n' -> json[out++] = '\n';
        case 'f' -> json[out++] = '\f';
        case 'r' -> json[out++] = '\r';
        case 'u' -> {
          char c = (char) Integer.parseInt(new String(json, i + 1, 4, StandardCharsets.US_ASCII), 16);
          i += 4;
          byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
          System.arraycopy(utf8, 0, json, out, utf8.length);
          out += utf8.length;
        }
        default -> json[out++] = kind; // \" \\ \/
      }
    }
    return Arrays.copyOf(json, out);
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
  @Override
  public void writeJson(OutputStream out) throws IOException {
    Escaper escaper = new Escaper(out);
    escaper.put((byte) '"');
    if (escaped) {
      for (byte[] chunk : chunks) {
        escaper.put(chunk, 0, chunk.length);
      }
    } else {
      escapeWindows(chunks, 0, -1, escaper);
    }
    escaper.put((byte) '"');
    escaper.flush();
  }

  /**
   * The text of {@code chunks}, from offset {@code from} of the first to offset {@code to} of the last (-1: its end),
   * as JSON string content; the first offset must start a character, and the last end one or end the text.
   */
  private static void escapeWindows(List<byte[]> chunks, int from, int to, Escaper escaper) throws IOException {
    int start = from;
    for (int c = 0; c < chunks.size(); c++) {
      byte[] chunk = chunks.get(c);
      boolean last = c == chunks.size() - 1;
      int end = !last ? afterLastAscii(chunk, start) : to >= 0 ? to : chunk.length;
      escaper.window(chunk, start, end);
      start = 0;
      if (!last && end < chunk.length) {
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
        i = plainEnd(bytes, i, to);
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
  }

  /** Printable ASCII that JSON takes as it is. */
  static boolean plain(byte b) {
    return b >= 0x20 && b != '"' && b != '\\';
  }

  /**
   * Where the run of {@link #plain} bytes that starts at {@code i} ends (at most {@code to}): eight bytes at a time
   * while a word holds none to escape, found with the bit tricks for a byte below 0x20 and a zero byte (of the word
   * xor'ed with quotes, then with backslashes), exact as tests of a whole word. A diff's text is mostly such runs:
   * a byte at a time, under C1, this was two fifths of a 2 MB reply's time on the thread that made it.
   */
  static int plainEnd(byte[] bytes, int i, int to) {
    for (int lastWord = to - Long.BYTES; i <= lastWord; i += Long.BYTES) {
      long word = (long) WORDS.get(bytes, i);
      long quotes = word ^ QUOTES;
      long backslashes = word ^ BACKSLASHES;
      long special = ((word - SPACES) & ~word) | ((quotes - ONES) & ~quotes) | ((backslashes - ONES) & ~backslashes)
        | word;
      if ((special & HIGHS) != 0) {
        break;
      }
    }
    while (i < to && plain(bytes[i])) {
      i++;
    }
    return i;
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
