package dev.reviewgate.xdiff;

/**
 * git's C-style path quoting ({@code quote_c_style}): a name is put in double quotes when it holds a control byte,
 * {@code "}, {@code \}, DEL or, with {@code core.quotePath} on (its default), any byte ≥ 0x80; those bytes are
 * escaped ({@code \t}, {@code \"}, octal {@code \303}). Everything else, parentheses and spaces included, is left
 * alone (JGit's QuotedString.GIT_PATH also escapes some punctuation, which git does not). The path's bytes are those
 * {@link PathBytes} decoded it from; with {@code core.quotePath} off, the result holds the bytes ≥ 0x80 as the path
 * did (write it with {@link PathBytes#encode}).
 */
final class GitQuote {

  private GitQuote() {
  }

  static String quote(String path) {
    return quote(path, true);
  }

  static String quote(String path, boolean quotePath) {
    byte[] bytes = PathBytes.encode(path);
    boolean needed = false;
    for (byte b : bytes) {
      if (mustQuote(b & 0xff, quotePath)) {
        needed = true;
        break;
      }
    }
    if (!needed) {
      return path;
    }
    StringBuilder out = new StringBuilder(bytes.length + 8).append('"');
    int plain = -1;
    for (int k = 0; k < bytes.length; k++) {
      int b = bytes[k] & 0xff;
      if (!mustQuote(b, quotePath)) {
        if (b < 0x80) {
          out.append((char) b);
        } else if (k >= plain) {
          // quotePath off: a run of bytes ≥ 0x80 goes back in as the path held it (UTF-8, or escaped bytes)
          int end = k;
          while (end < bytes.length && (bytes[end] & 0xff) >= 0x80) {
            end++;
          }
          out.append(PathBytes.decode(bytes, k, end));
          plain = end;
        }
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

  private static boolean mustQuote(int b, boolean quotePath) {
    return b < 0x20 || b == '"' || b == '\\' || b == 0x7f || (quotePath && b > 0x7f);
  }
}
