package dev.reviewgate.diff.render;

import dev.reviewgate.diff.model.BinarySizes;
import dev.reviewgate.diff.model.ChangeType;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.xdiff.PathBytes;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Text like {@code git diff --stat=<width>}: name column, change count, a +/- graph scaled to the width, and the
 * closing "N files changed, X insertions(+), Y deletions(-)" line. Renames print as {@code dir/{old => new}/file}.
 * Binary files print {@code Bin 12 -> 34 bytes} as git does when their sizes are known (a diff's text does not carry
 * them; the git backend does), else {@code Bin}. Names are quoted as git's stat quotes them ({@code core.quotePath},
 * on unless the repository turns it off), and a diff that changes nothing prints nothing, as git.
 */
public final class StatRenderer {

  private StatRenderer() {
  }

  /**
   * One line of the stat: the file's path (and the path it came from when renamed or copied), its counts, and
   * whether it is binary. Built from the diff model or from a changed-file list, so every tool prints the same stat.
   *
   * @param sizes a binary file's sizes when known, else null (then the line says {@code Bin} alone)
   */
  public record Entry(String path, String oldPath, int additions, int deletions, boolean binary, BinarySizes sizes) {

    /** The {@code Bin ...} text of a binary file's line: {@code Bin 0 -> 24 bytes}, or {@code Bin} without sizes. */
    String binaryText(int numberWidth) {
      String bin = pad("Bin", numberWidth);
      return sizes == null || sizes.none() ? bin : bin + " " + sizes.before() + " -> " + sizes.after() + " bytes";
    }

    /** The width git reserves for {@code Bin XXX -> YYY bytes} (0 for a text file). */
    int binaryWidth() {
      if (!binary) {
        return 0;
      }
      BinarySizes s = sizes == null ? BinarySizes.NONE : sizes;
      return 14 + Long.toString(s.before()).length() + Long.toString(s.after()).length();
    }

    /**
     * The name column as git prints it: {@code dir/{old => new}} for a rename or copy, or both names whole and
     * quoted ({@code "old" => "new"}) when either needs quoting; else the path, quoted when it needs it.
     */
    String name(boolean quotePath) {
      if (oldPath == null || oldPath.equals(path)) {
        return PathBytes.quoted(path, quotePath);
      }
      String from = PathBytes.quoted(oldPath, quotePath);
      String to = PathBytes.quoted(path, quotePath);
      return from.equals(oldPath) && to.equals(path) ? renameName(oldPath, path) : from + " => " + to;
    }
  }

  public static String render(List<FileDiff> files, int width) {
    return render(files, width, file -> null);
  }

  /**
   * @param binarySizes a binary file's sizes, or null where they are not known; a file it knows is binary even when
   *                    its text does not say so (a pure rename or a mode change of a binary file shows no content)
   */
  public static String render(List<FileDiff> files, int width, Function<FileDiff, BinarySizes> binarySizes) {
    return render(files, width, binarySizes, true);
  }

  /** As {@link #render(List, int, Function)}, names quoted as {@code core.quotePath} says. */
  public static String render(List<FileDiff> files, int width, Function<FileDiff, BinarySizes> binarySizes,
                              boolean quotePath) {
    List<Entry> entries = new ArrayList<>(files.size());
    for (int i = 0; i < files.size(); i++) {
      FileDiff f = files.get(i);
      BinarySizes sizes = binarySizes.apply(f);
      boolean binary = f.binary() || sizes != null;
      if (i + 1 < files.size() && typeChange(f, files.get(i + 1))) {
        // git writes a type change as a deletion and a creation, but its stat counts one change.
        FileDiff created = files.get(++i);
        entries.add(new Entry(f.path(), null, created.additions(), f.deletions(), binary || created.binary(), sizes));
        continue;
      }
      boolean moved = f.changeType() == ChangeType.RENAMED || f.changeType() == ChangeType.COPIED;
      entries.add(new Entry(f.path(), moved ? f.oldPath() : null, f.additions(), f.deletions(), binary,
        binary ? sizes : null));
    }
    return renderEntries(entries, width, quotePath);
  }

  /** A deletion straight followed by a creation of the same path: how git writes a file turned into a link or back. */
  private static boolean typeChange(FileDiff gone, FileDiff next) {
    return gone.changeType() == ChangeType.DELETED && next.changeType() == ChangeType.ADDED
      && gone.path().equals(next.path()) && next.leadingText().isEmpty();
  }

  public static String renderEntries(List<Entry> files, int width) {
    return renderEntries(files, width, true);
  }

  /**
   * The stat of {@code files}, names quoted as {@code core.quotePath} says; as text for JSON, a name's bytes that are
   * not UTF-8 (core.quotePath off) show as U+FFFD.
   */
  public static String renderEntries(List<Entry> files, int width, boolean quotePath) {
    if (files.isEmpty()) {
      return ""; // git diff --stat of no change prints nothing
    }
    List<String> names = new ArrayList<>(files.size());
    int maxName = 0;
    int maxChange = 0;
    boolean anyBinary = false;
    int binWidth = 0;
    int adds = 0;
    int dels = 0;
    for (Entry f : files) {
      String name = f.name(quotePath);
      names.add(name);
      maxName = Math.max(maxName, columns(name));
      if (f.binary()) {
        anyBinary = true;
        binWidth = Math.max(binWidth, f.binaryWidth());
      } else {
        maxChange = Math.max(maxChange, f.additions() + f.deletions());
      }
      if (!f.binary()) { // git counts no lines of a binary file, not even a type change's text side
        adds += f.additions();
        dels += f.deletions();
      }
    }
    int numberWidth = Math.max(anyBinary ? 3 : 1, Integer.toString(maxChange).length());
    int total = Math.max(width, 16 + 6 + numberWidth);
    // As git: the graph column also holds a binary file's "XXX -> YYY bytes", which is never scaled.
    int graphWidth = maxChange + 4 > binWidth ? maxChange : binWidth - 4;
    int nameWidth = maxName;
    if (nameWidth + numberWidth + 6 + graphWidth > total) {
      int graphRoom = total * 3 / 8 - numberWidth - 6;
      if (graphWidth > graphRoom) {
        graphWidth = Math.max(6, graphRoom);
      }
      if (nameWidth > total - numberWidth - 6 - graphWidth) {
        nameWidth = total - numberWidth - 6 - graphWidth;
      } else {
        graphWidth = total - numberWidth - 6 - nameWidth;
      }
    }
    StringBuilder out = new StringBuilder(files.size() * (width + 1) + 80);
    for (int i = 0; i < files.size(); i++) {
      Entry f = files.get(i);
      String name = fit(names.get(i), nameWidth);
      out.append(' ').append(name).append(" ".repeat(Math.max(0, nameWidth - columns(name)))).append(" | ");
      if (f.binary()) {
        out.append(f.binaryText(numberWidth)).append('\n');
        continue;
      }
      int changes = f.additions() + f.deletions();
      out.append(pad(Integer.toString(changes), numberWidth));
      if (changes > 0) {
        out.append(' ');
      }
      int plus = f.additions();
      int minus = f.deletions();
      if (graphWidth <= maxChange && maxChange > 0) {
        int scaled = scale(changes, graphWidth, maxChange);
        if (scaled < 2 && plus > 0 && minus > 0) {
          scaled = 2;
        }
        if (plus < minus) {
          plus = scale(plus, graphWidth, maxChange);
          minus = scaled - plus;
        } else {
          minus = scale(minus, graphWidth, maxChange);
          plus = scaled - minus;
        }
      }
      out.append("+".repeat(plus)).append("-".repeat(minus)).append('\n');
    }
    out.append(' ').append(files.size()).append(files.size() == 1 ? " file changed" : " files changed");
    if (adds > 0 || dels == 0) {
      out.append(", ").append(adds).append(adds == 1 ? " insertion(+)" : " insertions(+)");
    }
    if (dels > 0 || adds == 0) {
      out.append(", ").append(dels).append(dels == 1 ? " deletion(-)" : " deletions(-)");
    }
    return PathBytes.display(out.append('\n').toString());
  }

  /** Scales a count to the graph width, keeping any non-zero count visible. */
  private static int scale(int value, int width, int max) {
    return value == 0 ? 0 : 1 + (int) ((long) value * (width - 1) / max);
  }

  private static String pad(String s, int width) {
    return " ".repeat(Math.max(0, width - s.length())) + s;
  }

  private static int columns(String s) {
    return s.codePointCount(0, s.length());
  }

  /** A name too long for its column loses its head, at a folder boundary when there is one: {@code .../tail}. */
  private static String fit(String name, int width) {
    int len = columns(name);
    if (len <= width) {
      return name;
    }
    int keep = Math.max(0, width - 3);
    String tail = name.substring(name.offsetByCodePoints(0, len - keep));
    int slash = tail.indexOf('/');
    return "..." + (slash >= 0 ? tail.substring(slash) : tail);
  }

  /** {@code common/{old => new}/rest}, sharing the longest folder prefix and suffix, or {@code old => new}. */
  static String renameName(String from, String to) {
    int prefix = 0;
    int n = Math.min(from.length(), to.length());
    for (int i = 0; i < n && from.charAt(i) == to.charAt(i); i++) {
      if (from.charAt(i) == '/') {
        prefix = i + 1;
      }
    }
    int suffix = 0;
    int floor = prefix > 0 ? prefix - 1 : 0;
    int i = from.length() - 1;
    int j = to.length() - 1;
    while (i >= floor && j >= floor && from.charAt(i) == to.charAt(j)) {
      if (from.charAt(i) == '/') {
        suffix = from.length() - i;
      }
      i--;
      j--;
    }
    if (prefix + suffix == 0) {
      return from + " => " + to;
    }
    String fromMid = from.substring(prefix, Math.max(prefix, from.length() - suffix));
    String toMid = to.substring(prefix, Math.max(prefix, to.length() - suffix));
    return from.substring(0, prefix) + "{" + fromMid + " => " + toMid + "}" + from.substring(from.length() - suffix);
  }
}
