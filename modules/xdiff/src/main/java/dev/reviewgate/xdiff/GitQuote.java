package dev.reviewgate.xdiff;

import java.nio.charset.StandardCharsets;

/**
 * git's C-style path quoting with {@code core.quotePath} on (its default): a name is put in double quotes when it
 * holds a control byte, {@code "}, {@code \}, DEL or any byte ≥ 0x80; those bytes are escaped ({@code \t},
 * {@code \"}, octal {@code \303}). Everything else, parentheses and spaces included, is left alone (JGit's
 * QuotedString.GIT_PATH also escapes some punctuation, which git does not).
 */
final class GitQuote {

  private GitQuote() {
  }

  static String quote(String path) {
    byte[] bytes = path.getBytes(StandardCharsets.UTF_8);
    boolean needed = false;
    for (byte b : bytes) {
      if (mustQuote(b & 0xff)) {
        needed = true;
        break;
      }
    }
    if (!needed) {
      return path;
    }
    StringBuilder out = new StringBuilder(bytes.length + 8).append('"');
    for (byte value : bytes) {
      int b = value & 0xff;
      if (!mustQuote(b)) {
        out.append((char) b);
        continue;
      }
      out.append('\\');
      switch (b) {
        case 0x07 -> out.append('a');
        case 0x08 -> out.append('b');
        case 0x09 -> out.append('t');
        case 0x0a -> out.append('n');
        case 0x0b -> out.append('v');
        case 0x0c -> out.append('f');
        case 0x0d -> out.append('r');
        case '"' -> out.append('"');
        case '\\' -> out.append('\\');
        default -> out.append((char) ('0' + ((b >> 6) & 3))).append((char) ('0' + ((b >> 3) & 7)))
          .append((char) ('0' + (b & 7)));
      }
    }
    return out.append('"').toString();
  }

  private static boolean mustQuote(int b) {
    return b < 0x20 || b == '"' || b == '\\' || b >= 0x7f;
  }
}
