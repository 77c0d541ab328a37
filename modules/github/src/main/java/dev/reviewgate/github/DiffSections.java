package dev.reviewgate.github;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * A git-style diff cut into its per-file sections <em>without re-rendering anything</em>: each section is the exact
 * byte range GitHub sent, from one {@code diff --git} line to the next. This is what keeps {@code file} selection and
 * size cuts byte-faithful (the seed's "deterministic file-boundary detection"); everything that reshapes a diff goes
 * through the shared DiffEngine instead.
 */
final class DiffSections {

  /** One file's bytes {@code [start, end)}; {@code oldPath}/{@code newPath} are {@code null} for /dev/null. */
  record Section(int start, int end, String oldPath, String newPath) {

    boolean matches(Collection<String> paths) {
      return newPath != null && paths.contains(newPath) || oldPath != null && paths.contains(oldPath);
    }

    String path() {
      return newPath != null ? newPath : oldPath;
    }
  }

  private static final byte[] HEADER = "diff --git ".getBytes(StandardCharsets.US_ASCII);

  private DiffSections() {
  }

  static List<Section> split(byte[] diff) {
    List<Integer> starts = new ArrayList<>();
    for (int i = 0; i < diff.length; i = nextLine(diff, i)) {
      if (startsWith(diff, i, HEADER)) {
        starts.add(i);
      }
    }
    List<Section> sections = new ArrayList<>(starts.size());
    for (int s = 0; s < starts.size(); s++) {
      int start = starts.get(s);
      int end = s + 1 < starts.size() ? starts.get(s + 1) : diff.length;
      sections.add(section(diff, start, end));
    }
    return sections;
  }

  /** The sections whose old or new path is one of {@code paths}, concatenated unchanged; empty when none match. */
  static byte[] select(byte[] diff, List<Section> sections, Collection<String> paths) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Section section : sections) {
      if (section.matches(paths)) {
        out.write(diff, section.start(), section.end() - section.start());
      }
    }
    return out.toByteArray();
  }

  private static Section section(byte[] diff, int start, int end) {
    String header = line(diff, start);
    String minus = null;
    String plus = null;
    String renameFrom = null;
    String renameTo = null;
    boolean sawMinus = false;
    boolean sawPlus = false;
    for (int i = nextLine(diff, start); i < end; i = nextLine(diff, i)) {
      String line = line(diff, i);
      if (line.startsWith("@@") || line.startsWith("Binary files ")) {
        break;
      } else if (line.startsWith("--- ")) {
        sawMinus = true;
        minus = path(line.substring(4), "a/");
      } else if (line.startsWith("+++ ")) {
        sawPlus = true;
        plus = path(line.substring(4), "b/");
      } else if (line.startsWith("rename from ")) {
        renameFrom = unquote(line.substring("rename from ".length()));
      } else if (line.startsWith("rename to ")) {
        renameTo = unquote(line.substring("rename to ".length()));
      }
    }
    String[] fromHeader = headerPaths(header.substring(HEADER.length));
    String oldPath = sawMinus ? minus : renameFrom != null ? renameFrom : fromHeader[0];
    String newPath = sawPlus ? plus : renameTo != null ? renameTo : fromHeader[1];
    return new Section(start, end, oldPath, newPath);
  }

  /** A {@code ---}/{@code +++} path: {@code /dev/null} → null; prefix dropped; the TAB git appends after names with spaces cut. */
  private static String path(String raw, String prefix) {
    String p = raw;
    int tab = p.indexOf('\t');
    if (tab >= 0 && !p.startsWith("\"")) {
      p = p.substring(0, tab);
    }
    p = unquote(p);
    if (p.equals("/dev/null")) {
      return null;
    }
    return p.startsWith(prefix) ? p.substring(prefix.length()) : p;
  }

  /** {@code a/X b/Y} → {X, Y}; unambiguous when both names are the same, which is the case without a rename. */
  private static String[] headerPaths(String rest) {
    if (rest.startsWith("\"")) {
      int close = closingQuote(rest);
      String a = unquote(rest.substring(0, close + 1));
      String b = unquote(rest.substring(Math.min(rest.length(), close + 2)));
      return new String[] {strip(a, "a/"), strip(b, "b/")};
    }
    if (rest.length() >= 5 && (rest.length() - 5) % 2 == 0) {
      int half = (rest.length() - 5) / 2;
      String a = rest.substring(2, 2 + half);
      String b = rest.substring(half + 5);
      if (a.equals(b) && rest.startsWith("a/") && rest.startsWith(" b/", half + 2)) {
        return new String[] {a, b};
      }
    }
    int split = rest.indexOf(" b/");
    return split < 0 ? new String[] {rest, rest} : new String[] {strip(rest.substring(0, split), "a/"), rest.substring(split + 3)};
  }

  private static int closingQuote(String s) {
    for (int i = 1; i < s.length(); i++) {
      if (s.charAt(i) == '\\') {
        i++;
      } else if (s.charAt(i) == '"') {
        return i;
      }
    }
    return s.length() - 1;
  }

  /** git's C-style quoting of unusual paths: {@code "a/t\tb"}, octal escapes for non-ASCII bytes. */
  static String unquote(String s) {
    if (s.length() < 2 || s.charAt(0) != '"' || s.charAt(s.length() - 1) != '"') {
      return s;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 1; i < s.length() - 1; i++) {
      char c = s.charAt(i);
      if (c != '\\' || i + 1 >= s.length() - 1) {
        byte[] bytes = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        out.write(bytes, 0, bytes.length);
        continue;
      }
      char e = s.charAt(++i);
      switch (e) {
        case 'n' -> out.write('\n');
        case 't' -> out.write('\t');
        case 'r' -> out.write('\r');
        case 'a' -> out.write(7);
        case 'b' -> out.write('\b');
        case 'f' -> out.write('\f');
        case 'v' -> out.write(11);
        default -> {
          if (e >= '0' && e <= '7' && i + 2 < s.length()) {
            out.write(Integer.parseInt(s.substring(i, i + 3), 8));
            i += 2;
          } else {
            out.write(e);
          }
        }
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static String strip(String s, String prefix) {
    return s.startsWith(prefix) ? s.substring(prefix.length()) : s;
  }

  private static String line(byte[] diff, int start) {
    int end = start;
    while (end < diff.length && diff[end] != '\n') {
      end++;
    }
    int stop = end > start && diff[end - 1] == '\r' ? end - 1 : end;
    return new String(diff, start, stop - start, StandardCharsets.UTF_8);
  }

  private static int nextLine(byte[] diff, int i) {
    while (i < diff.length && diff[i] != '\n') {
      i++;
    }
    return i + 1;
  }

  private static boolean startsWith(byte[] diff, int at, byte[] prefix) {
    if (at + prefix.length > diff.length) {
      return false;
    }
    for (int k = 0; k < prefix.length; k++) {
      if (diff[at + k] != prefix[k]) {
        return false;
      }
    }
    return true;
  }
}
