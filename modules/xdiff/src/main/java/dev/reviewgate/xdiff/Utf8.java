package dev.reviewgate.xdiff;

/** UTF-8 as git's own checks see it (for hunk headers): strict, no overlongs, surrogates, U+FFFE/FFFF or beyond U+10FFFF. */
final class Utf8 {

  private Utf8() {
  }

  /** The length of the longest prefix of {@code bytes} made of whole, valid UTF-8 characters. */
  static int validPrefix(byte[] bytes) {
    int i = 0;
    while (i < bytes.length) {
      int length = sequenceLength(bytes, i, bytes.length);
      if (length == 0) {
        return i;
      }
      i += length;
    }
    return i;
  }

  /** Bytes of the valid character at {@code i}, or 0 when none starts there (or it is cut short by {@code end}). */
  static int sequenceLength(byte[] b, int i, int end) {
    int first = b[i] & 0xff;
    int left = end - i;
    if (first < 0x80) {
      return 1;
    }
    if ((first & 0xe0) == 0xc0) {
      boolean ok = left >= 2 && continuation(b[i + 1]) && (first & 0xfe) != 0xc0;
      return ok ? 2 : 0;
    }
    if ((first & 0xf0) == 0xe0) {
      if (left < 3 || !continuation(b[i + 1]) || !continuation(b[i + 2])) {
        return 0;
      }
      int second = b[i + 1] & 0xff;
      boolean overlong = first == 0xe0 && (second & 0xe0) == 0x80;
      boolean surrogate = first == 0xed && (second & 0xe0) == 0xa0;
      boolean nonCharacter = first == 0xef && second == 0xbf && ((b[i + 2] & 0xfe) == 0xbe);
      return overlong || surrogate || nonCharacter ? 0 : 3;
    }
    if ((first & 0xf8) == 0xf0) {
      if (left < 4 || !continuation(b[i + 1]) || !continuation(b[i + 2]) || !continuation(b[i + 3])) {
        return 0;
      }
      int second = b[i + 1] & 0xff;
      boolean overlong = first == 0xf0 && (second & 0xf0) == 0x80;
      boolean beyond = (first == 0xf4 && second > 0x8f) || first > 0xf4;
      return overlong || beyond ? 0 : 4;
    }
    return 0;
  }

  private static boolean continuation(byte b) {
    return (b & 0xc0) == 0x80;
  }
}
