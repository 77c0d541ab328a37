package dev.reviewgate.diff.shape;

import dev.reviewgate.diff.DiffOptions;
import dev.reviewgate.diff.model.ByteSlice;
import dev.reviewgate.diff.model.ChangeType;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Applies the shaping options to a parsed diff, in this order: select files ({@code files}, then {@code include},
 * then {@code exclude}); summarise the selection; page it ({@code skip}/{@code top}); find markers; then, for formats
 * with hunks, strip binary bodies to one line, trim context, cap lines per file. The reply's budget
 * ({@code max_bytes}, {@code token_budget}) is the engine's: it pages what this leaves ({@link TextPager}).
 */
public final class Shaper {

  /** What shaping kept, cut and found; the engine renders it in the requested format. */
  public record Shaped(List<FileDiff> files, List<Cut> cuts, List<String> warnings, JsonObject summary,
                       Integer nextSkip, JsonArray markers) {
  }

  private static final int LISTED_PATHS = 20;

  private Shaper() {
  }

  public static Shaped shape(Diff diff, ShapeOptions o, DiffOptions config) {
    List<String> warnings = new ArrayList<>();
    List<FileDiff> selected = select(diff.files(), o, warnings);
    JsonObject summary = summary(selected, diff.files().size());
    if (!o.counts()) {
      // Listed without reading content: line totals would be zeros that look like facts, so they are left out.
      summary.remove("additions");
      summary.remove("deletions");
    }

    int from = Math.min(o.skip(), selected.size());
    int to = o.top() == null ? selected.size() : (int) Math.min(selected.size(), (long) from + o.top());
    List<FileDiff> page = selected.subList(from, to);
    Integer nextSkip = to < selected.size() ? to : null;
    if (page.isEmpty() && from > 0) {
      warnings.add("skip=" + o.skip() + " is past the last of the " + selected.size() + " selected files; nothing to show");
    } else if (from > 0 || nextSkip != null) {
      warnings.add("showing files " + (page.isEmpty() ? from : from + 1) + " to " + to + " of " + selected.size()
        + (nextSkip != null ? "; call again with skip=" + nextSkip + " for the next files" : ""));
    }
    textOutsideFiles(diff, warnings);

    JsonArray markers = null;
    if (o.markers()) {
      boolean[] more = new boolean[1];
      markers = MarkerScanner.scan(page, config.maxMarkers(), config.maxMarkerChars(), more);
      if (more[0]) {
        warnings.add("more than " + config.maxMarkers() + " markers found; only the first " + config.maxMarkers()
          + " are listed (diff.maxMarkers); narrow the files to see the rest");
      }
    }
    if (o.filesOnly() || o.format() == Format.STAT) {
      return new Shaped(List.copyOf(page), List.of(), warnings, summary, nextSkip, markers);
    }

    List<FileDiff> files = new ArrayList<>(page.size());
    int binaries = 0;
    for (FileDiff f : page) {
      if (!f.binaryBody().isEmpty()) {
        f = f.withBinaryBody(binaryLine(f));
        binaries++;
      }
      if (o.contextLines() != null) {
        f = f.withHunks(ContextTrimmer.trim(f.hunks(), o.contextLines()), false);
      }
      files.add(f);
    }
    if (binaries > 0) {
      warnings.add("binary content of " + binaries + " file(s) reduced to one 'Binary files ... differ' line");
    }
    List<FileDiff> originals = List.copyOf(files);
    Map<Integer, Cut> cuts = new LinkedHashMap<>();
    for (int i = 0; i < files.size(); i++) {
      FileDiff capped = Budget.capLines(files.get(i), o.maxLinesPerFile());
      if (capped != files.get(i)) {
        files.set(i, capped);
        cuts.put(i, new Cut(originals.get(i), capped, "max_lines_per_file"));
      }
    }
    List<FileDiff> shown = new ArrayList<>(files);
    if (!cuts.isEmpty()) {
      warnings.add(cuts.size() + " file(s) cut short by max_lines_per_file (" + o.maxLinesPerFile() + " lines); 'cut' "
        + "names the first of them and the arguments ('fetch') that return one whole");
    }
    return new Shaped(shown, List.copyOf(cuts.values()), warnings, summary, nextSkip, markers);
  }

  private static List<FileDiff> select(List<FileDiff> all, ShapeOptions o, List<String> warnings) {
    List<FileDiff> out = all;
    if (o.files() != null) {
      Set<String> wanted = new HashSet<>(o.files());
      Set<String> found = new HashSet<>();
      List<FileDiff> hits = new ArrayList<>();
      for (FileDiff f : all) {
        boolean byNew = f.newPath() != null && wanted.contains(f.newPath());
        boolean byOld = f.oldPath() != null && wanted.contains(f.oldPath());
        if (byNew || byOld) {
          hits.add(f);
          if (byNew) {
            found.add(f.newPath());
          }
          if (byOld) {
            found.add(f.oldPath());
          }
        }
      }
      List<String> missing = o.files().stream().filter(p -> !found.contains(p)).distinct().toList();
      if (!missing.isEmpty()) {
        warnings.add((hits.isEmpty() ? "none of the requested files are in the diff" : "not in the diff")
          + ": " + String.join(", ", missing) + ". 'files' matches full paths exactly (e.g. 'src/app/main.py', not "
          + "'main.py'); the diff has: " + listPaths(all));
      }
      out = hits;
    }
    if (o.include() != null && !o.include().isEmpty()) {
      List<Glob> globs = o.include().stream().map(Glob::of).toList();
      int before = out.size();
      out = out.stream().filter(f -> globs.stream().anyMatch(g -> g.matches(f.newPath()) || g.matches(f.oldPath())))
        .toList();
      warnings.add("include " + o.include() + " kept " + out.size() + " of " + before + " files");
    }
    if (o.exclude() != null && !o.exclude().isEmpty()) {
      List<Glob> globs = o.exclude().stream().map(Glob::of).toList();
      int before = out.size();
      out = out.stream().filter(f -> globs.stream().noneMatch(g -> g.matches(f.newPath()) || g.matches(f.oldPath())))
        .toList();
      warnings.add("exclude " + o.exclude() + " dropped " + (before - out.size()) + " of " + before + " files");
    }
    return out;
  }

  private static String listPaths(List<FileDiff> files) {
    if (files.isEmpty()) {
      return "no files";
    }
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < Math.min(LISTED_PATHS, files.size()); i++) {
      b.append(i == 0 ? "" : ", ").append(dev.reviewgate.xdiff.PathBytes.quotedIfNotUtf8(files.get(i).path()));
    }
    if (files.size() > LISTED_PATHS) {
      b.append(" and ").append(files.size() - LISTED_PATHS).append(" more (use files_only to list them all)");
    }
    return b.toString();
  }

  /** {@code files, additions, deletions, changes{added, modified, ...}} of the selection, and the input's file count. */
  static JsonObject summary(List<FileDiff> files, int totalFiles) {
    return summaryOf(files.stream().map(f -> new FileCount(f.changeType(), f.additions(), f.deletions())).toList(), totalFiles);
  }

  /** One file as the summary counts it. */
  public record FileCount(ChangeType type, int additions, int deletions) {
  }

  /**
   * The {@code summary} of every diff result: {@code files}, {@code additions}, {@code deletions}, {@code changes}
   * per change type, {@code total_files}. Public so that a backend that already knows its files' counts (the git
   * reader, which wrote the diff) answers the same summary without parsing its own text again.
   */
  public static JsonObject summaryOf(List<FileCount> files, int totalFiles) {
    JsonObject changes = new JsonObject();
    for (ChangeType t : ChangeType.values()) {
      changes.put(t.label(), 0);
    }
    long adds = 0;
    long dels = 0;
    for (FileCount f : files) {
      adds += f.additions();
      dels += f.deletions();
      changes.put(f.type().label(), changes.getInteger(f.type().label()) + 1);
    }
    return new JsonObject().put("files", files.size()).put("additions", adds).put("deletions", dels)
      .put("changes", changes).put("total_files", totalFiles);
  }

  private static void textOutsideFiles(Diff diff, List<String> warnings) {
    long bytes = nonBlank(diff.trailingText()) ? diff.trailingText().length() : 0;
    for (FileDiff f : diff.files()) {
      if (nonBlank(f.leadingText())) {
        bytes += f.leadingText().length();
      }
    }
    if (bytes > 0) {
      warnings.add("left out " + bytes + " bytes of text outside the file diffs (e.g. e-mail headers and commit "
        + "messages of a .patch)");
    }
  }

  private static boolean nonBlank(ByteSlice s) {
    for (int i = 0; i < s.length(); i++) {
      byte b = s.at(i);
      if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
        return true;
      }
    }
    return false;
  }

  /** git's one-line form of a binary change, replacing a {@code GIT binary patch} body. */
  private static ByteSlice binaryLine(FileDiff f) {
    String oldName = f.oldPath() == null ? "/dev/null" : dev.reviewgate.xdiff.PathBytes.quoted("a/" + f.oldPath());
    String newName = f.newPath() == null ? "/dev/null" : dev.reviewgate.xdiff.PathBytes.quoted("b/" + f.newPath());
    return ByteSlice.utf8("Binary files " + oldName + " and " + newName + " differ\n");
  }
}
