package dev.reviewgate.git;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.xdiff.PathBytes;

/**
 * Checks revision expressions and repository paths before they reach JGit. Nothing here is ever passed to a
 * command line, but the same rules hold as if it were: a leading {@code -} is refused (it could only be an
 * option), absolute paths and {@code ..} segments cannot leave the repository, and NUL or control characters
 * are refused outright.
 */
public final class Inputs {

  private final int maxRevisionLength;
  private final int maxPathLength;

  public Inputs(GitOptions options) {
    this.maxRevisionLength = options.maxRevisionLength();
    this.maxPathLength = options.maxPathLength();
  }

  /** A single revision: a branch, tag, SHA (full or short) or an expression such as {@code HEAD~2}. */
  public String revision(String argument, String value) {
    if (value == null || value.isEmpty()) {
      throw ToolException.invalid(argument + " is empty; give a branch, tag, SHA or an expression such as HEAD~1");
    }
    if (value.length() > maxRevisionLength) {
      throw ToolException.invalid(argument + " is longer than " + maxRevisionLength + " characters");
    }
    if (value.charAt(0) == '-') {
      throw ToolException.invalid(argument + " '" + printable(value) + "' starts with '-': options are never accepted, "
        + "give a branch, tag or SHA");
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < 0x20 || c == 0x7f || c == ' ') {
        throw ToolException.invalid(argument + " '" + printable(value) + "' contains a space or control character; "
          + "revisions never do");
      }
      if (c == ':' || c == '\\') {
        throw ToolException.invalid(argument + " '" + printable(value) + "' contains '" + c + "'; give a revision only "
          + "(paths go in their own argument)");
      }
    }
    if (value.contains("..")) {
      throw ToolException.invalid(argument + " '" + printable(value) + "' is a range; give one revision here "
        + "(ranges go in 'range')");
    }
    if (value.contains("@{")) {
      throw ToolException.invalid(argument + " '" + printable(value) + "' uses reflog syntax (@{...}), which depends "
        + "on local history rather than the object database; give a branch, tag or SHA");
    }
    return value;
  }

  /** A range {@code A..B}, {@code A...B} or one revision; an empty side means HEAD, as in git. */
  public Range range(String argument, String value) {
    if (value == null || value.isEmpty()) {
      throw ToolException.invalid(argument + " is empty; give A..B, A...B or one revision");
    }
    int three = value.indexOf("...");
    if (three >= 0) {
      return new Range(side(argument, value.substring(0, three)), side(argument, value.substring(three + 3)), true);
    }
    int two = value.indexOf("..");
    if (two >= 0) {
      return new Range(side(argument, value.substring(0, two)), side(argument, value.substring(two + 2)), false);
    }
    return new Range(null, revision(argument, value), false);
  }

  private String side(String argument, String value) {
    return value.isEmpty() ? "HEAD" : revision(argument, value);
  }

  /**
   * A path inside the repository, relative to its root, with {@code /} separators; one in double quotes is read as
   * git quotes a name ({@code "caf\351.txt"}, a reply's {@code path_quoted}), which can name any bytes but NUL.
   */
  public String path(String argument, String value) {
    if (value == null || value.isEmpty()) {
      throw ToolException.invalid(argument + " is empty; give a path relative to the repository root, e.g. src/Main.java");
    }
    if (value.length() > maxPathLength) {
      throw ToolException.invalid(argument + " is longer than " + maxPathLength + " characters");
    }
    boolean quoted = value.length() > 2 && value.startsWith("\"") && value.endsWith("\"");
    if (quoted) {
      String named = PathBytes.unquoted(value);
      if (named.equals(value)) {
        throw ToolException.invalid(argument + " '" + printable(value) + "' starts and ends with '\"' but is not a name "
          + "as git quotes it (C escapes: \\t, \\n, \\\", \\\\, octal \\351)");
      }
      value = named;
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == 0) {
        throw ToolException.invalid(argument + " contains a NUL character");
      }
      if (c < 0x20 && c != '\t' && !quoted) {
        throw ToolException.invalid(argument + " '" + printable(value) + "' contains a control character");
      }
    }
    if (value.startsWith("/") || value.startsWith("\\") || (value.length() > 1 && value.charAt(1) == ':')) {
      throw ToolException.invalid(argument + " '" + printable(value) + "' is absolute; give a path relative to the "
        + "repository root (no leading /)");
    }
    String trimmed = value.endsWith("/") ? value.substring(0, value.length() - 1) : value;
    for (String segment : trimmed.split("[/\\\\]", -1)) {
      if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
        throw ToolException.invalid(argument + " '" + printable(value) + "' has an empty, '.' or '..' segment; paths "
          + "stay inside the repository and are written like src/main/App.java");
      }
      if (segment.equalsIgnoreCase(".git")) {
        throw ToolException.invalid(argument + " '" + printable(value) + "' points into .git, which is not content");
      }
    }
    return trimmed;
  }

  static String printable(String text) {
    String value = PathBytes.display(text);
    StringBuilder out = new StringBuilder();
    int limit = Math.min(value.length(), 200);
    for (int i = 0; i < limit; i++) {
      char c = value.charAt(i);
      out.append(c < 0x20 || c == 0x7f ? String.format(java.util.Locale.ROOT, "\\x%02x", (int) c) : String.valueOf(c));
    }
    return value.length() > limit ? out + "…" : out.toString();
  }

  /** A parsed range; {@code from} is null for a single revision. */
  public record Range(String from, String to, boolean symmetric) {
  }
}
