package dev.reviewgate.xdiff;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A path's bytes as a Java string and back, losing nothing: git names files by bytes, which need not be UTF-8 (a
 * Latin-1 {@code \351}). Valid UTF-8 decodes as usual; each byte that is not part of a valid UTF-8 sequence becomes
 * one lone low surrogate {@code U+DC80..U+DCFF} (the "surrogate escape" Python uses for file names), which valid UTF-8
 * never yields, so {@link #encode} gives the original bytes back. Such a string is for git's output only (headers,
 * stats, quoting); text for JSON goes through {@link #display} or {@link GitQuote}.
 */
public final class PathBytes {

  private static final char ESCAPE_BASE = 0xDC00;
  private static final char REPLACEMENT = '\uFFFD';

  private PathBytes() {
  }

  /** The bytes {@code from..to} of {@code bytes} as a path string (see the class comment). */
  public static String decode(byte[] bytes, int from, int to) {
    boolean ascii = true;
    for (int i = from; i < to; i++) {
      if (bytes[i] < 0) {
        ascii = false;
        break;
      }
    }
    if (ascii) {
      return new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
    }
    CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
      .onUnmappableCharacter(CodingErrorAction.REPORT);
    try {
      return strict.decode(ByteBuffer.wrap(bytes, from, to - from)).toString();
    } catch (CharacterCodingException notUtf8) {
      return escaped(bytes, from, to);
    }
  }

  public static String decode(byte[] bytes) {
    return decode(bytes, 0, bytes.length);
  }

  /** Decodes what is valid UTF-8 and escapes every other byte, one at a time. */
  private static String escaped(byte[] bytes, int from, int to) {
    StringBuilder out = new StringBuilder(to - from);
    int i = from;
    while (i < to) {
      int length = Utf8.sequenceLength(bytes, i, to);
      if (length > 0) {
        out.append(new String(bytes, i, length, StandardCharsets.UTF_8));
        i += length;
      } else {
        out.append((char) (ESCAPE_BASE + (bytes[i] & 0xff)));
        i++;
      }
    }
    return out.toString();
  }

  /** The bytes {@code path} was decoded from: UTF-8, with each escaped byte as itself. */
  public static byte[] encode(CharSequence path) {
    if (!hasEscapes(path)) {
      return path.toString().getBytes(StandardCharsets.UTF_8);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(path.length() + 8);
    int run = 0;
    for (int i = 0; i <= path.length(); i++) {
      if (i == path.length() || escape(path, i)) {
        byte[] part = path.subSequence(run, i).toString().getBytes(StandardCharsets.UTF_8);
        out.write(part, 0, part.length);
        if (i < path.length()) {
          out.write(path.charAt(i) - ESCAPE_BASE);
        }
        run = i + 1;
      }
    }
    return out.toByteArray();
  }

  /** Whether {@code path} holds bytes that are not UTF-8 (then its {@link #display} form is not exact). */
  public static boolean hasEscapes(CharSequence path) {
    for (int i = 0; i < path.length(); i++) {
      if (escape(path, i)) {
        return true;
      }
    }
    return false;
  }

  /** {@code path} as valid Unicode text: each byte that is not UTF-8 shown as U+FFFD (the lossless form is {@link #quoted}). */
  public static String display(String path) {
    if (!hasEscapes(path)) {
      return path;
    }
    StringBuilder out = new StringBuilder(path.length());
    for (int i = 0; i < path.length(); i++) {
      out.append(escape(path, i) ? REPLACEMENT : path.charAt(i));
    }
    return out.toString();
  }

  /** git's C-quoted form with {@code core.quotePath} on: ASCII, lossless, quoted only when needed. */
  public static String quoted(String path) {
    return GitQuote.quote(path, true);
  }

  /** {@code path} as JSON text can hold it exactly: itself when it is UTF-8, else its {@link #quoted} form. */
  public static String quotedIfNotUtf8(String path) {
    return hasEscapes(path) ? quoted(path) : path;
  }

  /** git's C-quoted form with {@code core.quotePath} as given (off: bytes ≥ 0x80 written as they are). */
  public static String quoted(String path, boolean quotePath) {
    return GitQuote.quote(path, quotePath);
  }

  /**
   * Reverses git's C quoting: {@code "a\303\251\tb"} to the path it names (as {@link #decode} gives it); a text that
   * is not a quoted path is returned as it is.
   */
  public static String unquoted(String text) {
    if (text.length() < 2 || text.charAt(0) != '"' || text.charAt(text.length() - 1) != '"') {
      return text;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
    for (int i = 1; i < text.length() - 1; i++) {
      char c = text.charAt(i);
      if (c != '\\') {
        byte[] plain = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        out.write(plain, 0, plain.length);
        continue;
      }
      if (i + 1 >= text.length() - 1) {
        return text;
      }
      char e = text.charAt(++i);
      int simple = escaped(e);
      if (simple >= 0) {
        out.write(simple);
      } else {
        if (e < '0' || e > '3' || i + 2 >= text.length() - 1 || !octal(text.charAt(i + 1)) || !octal(text.charAt(i + 2))) {
          return text;
        }
        out.write(((e - '0') << 6) | ((text.charAt(i + 1) - '0') << 3) | (text.charAt(i + 2) - '0'));
        i += 2;
      }
    }
    return decode(out.toByteArray());
  }

  private static boolean octal(char c) {
    return c >= '0' && c <= '7';
  }

  /** A lone low surrogate in the escape range: one byte that is not UTF-8. */
  private static boolean escape(CharSequence path, int i) {
    char c = path.charAt(i);
    return c >= ESCAPE_BASE + 0x80 && c <= ESCAPE_BASE + 0xff && (i == 0 || !Character.isHighSurrogate(path.charAt(i - 1)));
  }

  /**
   * The byte a letter after a backslash stands for in git's quoted names ({@code \t}, {@code \"}, ...), or -1 where
   * the letter is not one of them (an octal escape, or no escape git writes).
   */
  public static int escaped(int letter) {
    return switch (letter) {
      case 'a' -> 7;
      case 'b' -> 8;
      case 't' -> '\t';
      case 'n' -> '\n';
      case 'v' -> 11;
      case 'f' -> 12;
      case 'r' -> '\r';
      case '"', '\\' -> letter;
      default -> -1;
    };
  }
}
