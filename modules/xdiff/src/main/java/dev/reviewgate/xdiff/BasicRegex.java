package dev.reviewgate.xdiff;

/**
 * POSIX basic regular expressions (what git compiles {@code diff.<driver>.funcname} as: glibc's {@code regcomp}
 * without {@code REG_EXTENDED}) rewritten in the extended syntax RE2/J reads, one line of a heading pattern at a time.
 * In a basic expression {@code \( \) \{ \} \| \+ \?} are the operators and the bare characters are literals; {@code *}
 * is a literal where nothing precedes it; {@code ^} and {@code $} anchor only at the ends of the expression or of a
 * group or alternative; a backslash inside brackets is itself. Back-references ({@code \1}) have no equivalent in a
 * linear-time engine: such a pattern is refused, like any other RE2 cannot compile.
 */
final class BasicRegex {

  private BasicRegex() {
  }

  /** The extended form of one basic expression; {@link IllegalArgumentException} for what has none. */
  static String toExtended(String basic) {
    StringBuilder out = new StringBuilder(basic.length() + 8);
    boolean atStart = true; // where '*' is a literal and '^' an anchor
    int i = 0;
    while (i < basic.length()) {
      char c = basic.charAt(i);
      if (c == '\\' && i + 1 < basic.length()) {
        char next = basic.charAt(i + 1);
        i += 2;
        switch (next) {
          case '(', '|' -> {
            out.append(next);
            atStart = true;
            continue;
          }
          case ')', '{', '}', '+', '?' -> out.append(next);
          case '<', '>' -> out.append("\\b");
          case 'w', 'W', 's', 'S', 'b', 'B' -> out.append('\\').append(next);
          default -> {
            if (Character.isDigit(next)) {
              throw new IllegalArgumentException("back-reference \\" + next + " has no linear-time equivalent");
            }
            out.append(literal(next));
          }
        }
        atStart = false;
        continue;
      }
      if (c == '[') {
        i = bracket(basic, i, out);
        atStart = false;
        continue;
      }
      if (c == '^') {
        out.append(atStart ? "^" : "\\^");
        i++;
        continue; // '*' right after an anchoring '^' is still a literal
      }
      if (c == '$') {
        boolean anchor = i + 1 == basic.length() || basic.startsWith("\\)", i + 1) || basic.startsWith("\\|", i + 1);
        out.append(anchor ? "$" : "\\$");
      } else if (c == '*') {
        out.append(atStart ? "\\*" : "*");
      } else if ("(){}|+?".indexOf(c) >= 0) {
        out.append('\\').append(c);
      } else {
        out.append(c);
      }
      atStart = false;
      i++;
    }
    return out.toString();
  }

  /** A character as a literal of the extended syntax. */
  private static String literal(char c) {
    return ".[]()*+?{}|^$\\".indexOf(c) >= 0 ? "\\" + c : String.valueOf(c);
  }

  /** Copies the bracket expression starting at {@code start}; returns the index after it. */
  private static int bracket(String basic, int start, StringBuilder out) {
    int i = start + 1;
    StringBuilder set = new StringBuilder("[");
    if (i < basic.length() && basic.charAt(i) == '^') {
      set.append('^');
      i++;
    }
    if (i < basic.length() && basic.charAt(i) == ']') {
      set.append("\\]"); // a leading ']' is a member
      i++;
    }
    while (i < basic.length() && basic.charAt(i) != ']') {
      char c = basic.charAt(i);
      if (c == '[' && i + 1 < basic.length() && ":=.".indexOf(basic.charAt(i + 1)) >= 0) {
        int end = basic.indexOf(basic.charAt(i + 1) + "]", i + 2);
        if (end < 0) {
          throw new IllegalArgumentException("unterminated character class in " + basic);
        }
        set.append(basic, i, end + 2);
        i = end + 2;
        continue;
      }
      set.append(c == '\\' || c == '[' ? "\\" + c : String.valueOf(c));
      i++;
    }
    if (i >= basic.length()) {
      throw new IllegalArgumentException("unterminated bracket expression in " + basic);
    }
    out.append(set).append(']');
    return i + 1;
  }
}
