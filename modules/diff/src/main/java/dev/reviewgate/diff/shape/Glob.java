package dev.reviewgate.diff.shape;

import dev.reviewgate.core.ToolException;
import java.util.regex.Pattern;

/**
 * A path glob: {@code *} and {@code ?} stay within one folder, {@code **} crosses folders ({@code src/**}{@code /*.ts}
 * matches {@code src/a.ts} and {@code src/x/y/a.ts}), {@code [abc]} is a character class. A pattern without
 * {@code /} also matches the last path component, as in {@code .gitignore} ({@code *.lock} matches {@code a/b.lock}).
 */
public final class Glob {

  private final String text;
  private final Pattern pattern;
  private final boolean nameOnly;

  private Glob(String text, Pattern pattern, boolean nameOnly) {
    this.text = text;
    this.pattern = pattern;
    this.nameOnly = nameOnly;
  }

  public static Glob of(String glob) {
    StringBuilder re = new StringBuilder(glob.length() * 2);
    int i = 0;
    while (i < glob.length()) {
      char c = glob.charAt(i);
      if (c == '*') {
        if (i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
          boolean slashAfter = i + 2 < glob.length() && glob.charAt(i + 2) == '/';
          re.append(slashAfter ? "(?:.*/)?" : ".*");
          i += slashAfter ? 3 : 2;
          continue;
        }
        re.append("[^/]*");
      } else if (c == '?') {
        re.append("[^/]");
      } else if (c == '[') {
        int close = glob.indexOf(']', i + 2);
        if (close < 0) {
          throw ToolException.invalid("glob '" + glob + "' has an unclosed '['; write a class like '[abc]', or '?' to match a literal '['");
        }
        String body = glob.substring(i + 1, close);
        if (body.startsWith("!")) {
          body = "^" + body.substring(1);
        }
        re.append('[').append(body.replace("\\", "\\\\").replace("[", "\\[")).append(']');
        i = close + 1;
        continue;
      } else {
        re.append(Pattern.quote(String.valueOf(c)));
      }
      i++;
    }
    return new Glob(glob, Pattern.compile(re.toString()), glob.indexOf('/') < 0);
  }

  public boolean matches(String path) {
    if (path == null) {
      return false;
    }
    if (pattern.matcher(path).matches()) {
      return true;
    }
    return nameOnly && pattern.matcher(path.substring(path.lastIndexOf('/') + 1)).matches();
  }

  @Override
  public String toString() {
    return text;
  }
}
