package dev.reviewgate.git.diff;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The function-name rules of git's built-in diff drivers ({@code diff=java} in .gitattributes): an ordered list of
 * patterns, where a match of a negated one rejects the line; the text shown is group 1 of the first matching
 * pattern (or the whole match). RE2 keeps matching linear on hostile file content. Only drivers listed here are known; for others the default rule applies.
 */
final class FuncPattern {

  private record Rule(Pattern pattern, boolean negate) {
  }

  private static final Map<String, FuncPattern> BUILT_IN = Map.of(
    "java", new FuncPattern(List.of(
      new Rule(Pattern.compile("^[ \t]*(catch|do|for|if|instanceof|new|return|switch|throw|while)"), true),
      new Rule(Pattern.compile("^[ \t]*(([a-z-]+[ \t]+)*(class|enum|interface|record)[ \t]+[A-Za-z][A-Za-z0-9_$]*[ \t]+.*)$"),
        false),
      new Rule(Pattern.compile("^[ \t]*(([A-Za-z_<>&][\\]\\[?&<>.,A-Za-z_0-9]*[ \t]+)+[A-Za-z_][A-Za-z_0-9]*[ \t]*\\([^;]*)$"),
        false))));

  private final List<Rule> rules;

  private FuncPattern(List<Rule> rules) {
    this.rules = rules;
  }

  /** The built-in driver's rules, or null when the driver is unknown here (the default rule applies). */
  static FuncPattern forDriver(String driver) {
    return driver == null ? null : BUILT_IN.get(driver);
  }

  /** The heading text of the line at [start, end) (newline included), or null when it is not a heading. */
  byte[] match(byte[] raw, int start, int end, int maxBytes) {
    int length = end - start;
    if (length > 0 && raw[start + length - 1] == '\n') {
      length -= (length > 1 && raw[start + length - 2] == '\r') ? 2 : 1;
    }
    // ISO-8859-1 keeps one char per byte, so offsets map back to bytes exactly.
    String line = new String(raw, start, length, StandardCharsets.ISO_8859_1);
    for (Rule rule : rules) {
      Matcher matcher = rule.pattern.matcher(line);
      if (matcher.find()) {
        if (rule.negate) {
          return null;
        }
        int from = matcher.groupCount() >= 1 && matcher.start(1) >= 0 ? matcher.start(1) : matcher.start();
        int to = matcher.groupCount() >= 1 && matcher.start(1) >= 0 ? matcher.end(1) : matcher.end();
        int size = Math.min(to - from, maxBytes);
        while (size > 0 && Lines.isSpace(raw[start + from + size - 1])) {
          size--;
        }
        byte[] out = new byte[size];
        System.arraycopy(raw, start + from, out, 0, size);
        return out;
      }
    }
    return null;
  }
}
