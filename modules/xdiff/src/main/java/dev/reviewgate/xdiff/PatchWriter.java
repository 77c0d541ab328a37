package dev.reviewgate.xdiff;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.eclipse.jgit.diff.Edit;
import org.eclipse.jgit.diff.EditList;
import org.eclipse.jgit.diff.HistogramDiff;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;

/**
 * Writes a {@link FileChange} as {@code git diff} writes it (git 2.39, default options): the same extended
 * headers and their order, {@code index} lines abbreviated like git, {@code Binary files ... differ}, no
 * {@code ---}/{@code +++} for header-only changes, a TAB after labels with a space, file/symlink type changes
 * split into a deletion and a creation, git's hunk grouping, slider compaction with the indent heuristic and the
 * default function-name rule after {@code @@}.
 */
public final class PatchWriter {

  private static final byte[] NO_NEWLINE = "\n\\ No newline at end of file\n".getBytes(StandardCharsets.US_ASCII);

  private final Blobs blobs;
  private final DiffAttributes attributes;
  private final Abbreviator abbreviator;
  private final DiffAlgorithm algorithm;
  private final int context;
  private final CancelCheck cancellation;
  private final boolean probesSameContent;
  private final Whitespace whitespace;
  private final List<String> overBlobLimit = new java.util.ArrayList<>();

  /** Readies the code that reads a blob's lines before a first diff needs it (see {@code Lines.prime}); blocking. */
  public static void primeLineReading() {
    Lines.prime();
  }

  /** A writer for blobs outside any tree: no attributes, nothing that cancels (two blobs fetched from a forge). */
  public PatchWriter(Blobs blobs, Abbreviator abbreviator, DiffAlgorithm algorithm, int context) {
    this(blobs, DiffAttributes.none(), abbreviator, algorithm, context, CancelCheck.NEVER);
  }

  public PatchWriter(Blobs blobs, DiffAttributes attributes, Abbreviator abbreviator, DiffAlgorithm algorithm,
                     int context, CancelCheck cancellation) {
    this(blobs, attributes, abbreviator, algorithm, context, cancellation, false);
  }

  /**
   * @param probesSameContent whether {@link #write} also tells a change whose sides are one blob (a pure rename, a
   *                          mode change) as binary when it is, which its text does not show but {@code git diff
   *                          --stat} prints ({@code Bin}); it reads that blob, so only a caller that renders a stat
   *                          asks for it ({@link #stats} always does)
   */
  public PatchWriter(Blobs blobs, DiffAttributes attributes, Abbreviator abbreviator, DiffAlgorithm algorithm,
                     int context, CancelCheck cancellation, boolean probesSameContent) {
    this(blobs, attributes, abbreviator, algorithm, context, cancellation, probesSameContent, Whitespace.NONE);
  }

  /**
   * @param whitespace what whitespace lines may differ in and be the same, as git's {@code -w}, {@code -b} and
   *                   {@code --ignore-space-at-eol}; a change of content that leaves no line changed then writes
   *                   nothing at all when git would not show its header either ({@link Stats#hidden})
   */
  public PatchWriter(Blobs blobs, DiffAttributes attributes, Abbreviator abbreviator, DiffAlgorithm algorithm,
                     int context, CancelCheck cancellation, boolean probesSameContent, Whitespace whitespace) {
    this.whitespace = whitespace;
    this.probesSameContent = probesSameContent;
    this.blobs = blobs;
    this.attributes = attributes;
    this.abbreviator = abbreviator;
    this.algorithm = algorithm;
    this.context = context;
    this.cancellation = cancellation;
  }

  /**
   * Line counts of one change, as {@code git diff --numstat} reports them (binary: no counts, but for a type change
   * the lines of its text side, as its patch holds them), and for a binary change the sizes of its two versions in
   * bytes, as {@code git diff --stat} prints them (0 for a missing side, both 0 when the two sides are the same blob).
   */
  public record Stats(int additions, int deletions, boolean binary, long oldBytes, long newBytes, boolean hidden) {

    /**
     * A change git leaves out under a whitespace option: a file whose content changed only in whitespace that is
     * ignored, with nothing else (a new mode, a rename) that makes git print its header. Nothing was written for it,
     * and {@code git diff --numstat} does not list it.
     */
    static final Stats HIDDEN = new Stats(0, 0, false, 0, 0, true);

    public Stats(int additions, int deletions, boolean binary, long oldBytes, long newBytes) {
      this(additions, deletions, binary, oldBytes, newBytes, false);
    }

    static Stats text(int additions, int deletions) {
      return new Stats(additions, deletions, false, 0, 0);
    }
  }

  /**
   * Whether git shows this change only if a line of it changed: a change of content alone, neither added, deleted,
   * renamed nor of a new mode (those headers git prints whatever the lines), under a whitespace option.
   */
  private boolean shownOnlyIfLinesChanged(FileChange change) {
    return whitespace != Whitespace.NONE && change.status() == FileChange.Status.MODIFIED
      && change.oldMode() == change.newMode() && !change.oldId().equals(change.newId());
  }

  /**
   * A type change written as a deletion and a creation, counted as one change: binary when either side is (git's
   * stat then prints both sides' sizes, a symlink's or a text file's too).
   */
  private Stats joined(FileChange change, Stats gone, Stats added) {
    if (!gone.binary && !added.binary) {
      return Stats.text(added.additions, gone.deletions);
    }
    Stats sizes = binary(change);
    return new Stats(added.additions, gone.deletions, true, sizes.oldBytes, sizes.newBytes);
  }

  /** The two sides of a change as the line diff sees them. */
  private record Sides(byte[] oldData, byte[] newData, boolean binary, boolean loaded) {
    /** Both sides were read (neither over the blob limit) and hold the same bytes. */
    boolean loadedEqual() {
      return loaded && java.util.Arrays.equals(oldData, newData);
    }
  }

  public Stats stats(FileChange change) {
    cancellation.check();
    if (change.status() == FileChange.Status.TYPE_CHANGED) {
      return joined(change, stats(deletion(change)), stats(creation(change)));
    }
    if (change.oldId() != null && change.oldId().equals(change.newId())) {
      return sameContent(change);
    }
    Sides sides = sides(change);
    forget(change);
    if (sides.binary) {
      return binary(change);
    }
    Lines a = new Lines(sides.oldData, whitespace);
    Lines b = new Lines(sides.newData, a);
    // Counting needs no hunks: sliding a group of changed lines (Slider.compact) never changes how many there are.
    boolean[] changedA = new boolean[a.size() + 2];
    boolean[] changedB = new boolean[b.size() + 2];
    markChanges(a, b, changedA, changedB);
    int added = count(changedB);
    int deleted = count(changedA);
    return added + deleted == 0 && shownOnlyIfLinesChanged(change) ? Stats.HIDDEN : Stats.text(added, deleted);
  }

  /**
   * A change whose two sides are one blob: no lines changed, and binary (without sizes) when either path's attributes
   * or the blob's bytes say so, as git's stat reads it.
   */
  private Stats sameContent(FileChange change) {
    Sides sides = sides(change);
    forget(change);
    return sides.binary ? binary(change) : Stats.text(0, 0);
  }

  /** A binary change's stats: its two sizes, or none when both sides are the same blob (as git's diffstat). */
  private Stats binary(FileChange change) {
    ObjectId oldId = change.hasOld() ? change.oldId() : ObjectId.zeroId();
    ObjectId newId = change.hasNew() ? change.newId() : ObjectId.zeroId();
    if (oldId.equals(newId)) {
      return new Stats(0, 0, true, 0, 0);
    }
    return new Stats(0, 0, true, size(change.oldMode(), oldId), size(change.newMode(), newId));
  }

  private long size(int mode, ObjectId id) {
    if (mode == 0) {
      return 0;
    }
    return FileChange.type(mode) == FileMode.TYPE_GITLINK ? content(mode, id).length : blobs.size(id);
  }

  private static int count(boolean[] changed) {
    int count = 0;
    for (boolean line : changed) {
      if (line) {
        count++;
      }
    }
    return count;
  }

  public Stats write(FileChange change, PatchBytes out) {
    return write(change, out, PatchSink.NONE);
  }

  /** As {@link #write(FileChange, PatchBytes)}, telling {@code sink} the structure of what it writes. */
  public Stats write(FileChange change, PatchBytes out, PatchSink sink) {
    cancellation.check();
    if (change.status() == FileChange.Status.TYPE_CHANGED) {
      Stats gone = write(deletion(change), out, sink);
      return joined(change, gone, write(creation(change), out, sink));
    }
    Sides sides = null;
    Text text = null;
    if (shownOnlyIfLinesChanged(change)) {
      // git prints this header lazily, with the first hunk line: read the lines first, and write nothing without one.
      sides = sides(change);
      text = sides.binary ? null : text(sides);
      if (text != null && text.edits.isEmpty()) {
        forget(change);
        return Stats.HIDDEN;
      }
    }
    sink.fileStart(out.size(), change.hasOld() ? change.oldPath() : null, change.hasNew() ? change.newPath() : null);
    Stats stats = writeFile(change, sides, text, out, sink);
    sink.fileEnd(out.size(), stats.additions, stats.deletions);
    return stats;
  }

  /** A text change's two sides as lines, and the edits between them. */
  private record Text(Lines a, Lines b, EditList edits) {
  }

  private Text text(Sides sides) {
    Lines a = new Lines(sides.oldData, whitespace);
    Lines b = new Lines(sides.newData, a);
    return new Text(a, b, edits(a, b));
  }

  /**
   * One file that is no type change. Header lines are ASCII when paths are quoted (core.quotePath on, the default),
   * so their chars are their bytes and the sink's offsets count them; with it off, a name's bytes ≥ 0x80 are written
   * as the tree holds them. {@code known} and {@code read}: its sides, and its lines and edits, when already read
   * (else null; each side is read once, so a blob over the limit is named once).
   */
  private Stats writeFile(FileChange change, Sides known, Text read, PatchBytes out, PatchSink sink) {
    long base = out.size();
    String oldPath = change.oldPath() != null ? change.oldPath() : change.newPath();
    String newPath = change.newPath() != null ? change.newPath() : change.oldPath();
    boolean quotePath = attributes.config().quotePath();
    String oldLabel = GitQuote.quote("a/" + oldPath, quotePath);
    String newLabel = GitQuote.quote("b/" + newPath, quotePath);
    StringBuilder header = new StringBuilder();
    header.append("diff --git ").append(oldLabel).append(' ').append(newLabel).append('\n');
    sink.headerLine(PatchSink.HeaderLine.DIFF_GIT, null, base + length(header));
    if (!change.hasOld()) {
      headerLine(header, "new file mode ", FileChange.octalMode(change.newMode()), PatchSink.HeaderLine.NEW_FILE_MODE, base, sink);
    } else if (!change.hasNew()) {
      headerLine(header, "deleted file mode ", FileChange.octalMode(change.oldMode()), PatchSink.HeaderLine.DELETED_FILE_MODE,
        base, sink);
    } else if (change.oldMode() != change.newMode()) {
      headerLine(header, "old mode ", FileChange.octalMode(change.oldMode()), PatchSink.HeaderLine.OLD_MODE, base, sink);
      headerLine(header, "new mode ", FileChange.octalMode(change.newMode()), PatchSink.HeaderLine.NEW_MODE, base, sink);
    }
    if (change.status() == FileChange.Status.RENAMED) {
      header.append("similarity index ").append(change.similarity()).append("%\n");
      sink.headerLine(PatchSink.HeaderLine.SIMILARITY_INDEX, Integer.toString(change.similarity()), base + length(header));
      header.append("rename from ").append(GitQuote.quote(change.oldPath(), quotePath)).append('\n');
      sink.headerLine(PatchSink.HeaderLine.RENAME_FROM, change.oldPath(), base + length(header));
      header.append("rename to ").append(GitQuote.quote(change.newPath(), quotePath)).append('\n');
      sink.headerLine(PatchSink.HeaderLine.RENAME_TO, change.newPath(), base + length(header));
    }
    ObjectId oldId = change.hasOld() ? change.oldId() : ObjectId.zeroId();
    ObjectId newId = change.hasNew() ? change.newId() : ObjectId.zeroId();
    boolean sameContent = oldId.equals(newId);
    if (!sameContent) {
      int indexStart = header.append("index ").length();
      header.append(abbreviator.abbreviate(oldId)).append("..").append(abbreviator.abbreviate(newId));
      if (change.oldMode() == change.newMode()) {
        header.append(' ').append(FileChange.octalMode(change.oldMode()));
      }
      header.append('\n');
      sink.headerLine(PatchSink.HeaderLine.INDEX, header.substring(indexStart, header.length() - 1), base + length(header));
    }
    String fromLabel = change.hasOld() ? oldLabel : "/dev/null";
    String toLabel = change.hasNew() ? newLabel : "/dev/null";
    write(out, header);
    if (sameContent) {
      return probesSameContent ? sameContent(change) : Stats.text(0, 0);
    }
    Sides sides = known != null ? known : sides(change);
    if (sides.binary) {
      // As git: binary sides with the same bytes (an empty file added or deleted under a binary or -diff
      // attribute: /dev/null and the empty blob) show the header alone.
      if (!sides.loadedEqual()) {
        write(out, "Binary files " + fromLabel + " and " + toLabel + " differ\n");
        sink.headerLine(PatchSink.HeaderLine.BINARY_FILES, null, out.size());
      }
      forget(change);
      return binary(change);
    }
    Text text = read != null ? read : text(sides);
    Lines a = text.a;
    Lines b = text.b;
    EditList edits = text.edits;
    if (edits.isEmpty()) {
      return Stats.text(0, 0);
    }
    String fromLine = "--- " + fromLabel + (fromLabel.indexOf(' ') >= 0 ? "\t" : "") + "\n";
    sink.headerLine(PatchSink.HeaderLine.OLD_LABEL, change.hasOld() ? oldPath : null, out.size() + length(fromLine));
    write(out, fromLine + "+++ " + toLabel + (toLabel.indexOf(' ') >= 0 ? "\t" : "") + "\n");
    sink.headerLine(PatchSink.HeaderLine.NEW_LABEL, change.hasNew() ? newPath : null, out.size());
    String driver = attributes.driver(oldPath, change.oldMode());
    FuncPattern pattern = FuncPattern.forDriver(driver != null ? driver : attributes.driver(newPath, change.newMode()),
      attributes.config());
    Stats stats = hunks(a, b, edits, pattern, out, sink);
    forget(change);
    return stats;
  }

  private void forget(FileChange change) {
    if (change.oldId() != null) {
      blobs.forget(change.oldId());
    }
    if (change.newId() != null) {
      blobs.forget(change.newId());
    }
  }

  private Stats hunks(Lines a, Lines b, List<Edit> edits, FuncPattern pattern, PatchBytes out, PatchSink sink) {
    FuncName func = new FuncName(a, pattern);
    int added = 0;
    int deleted = 0;
    for (Edit edit : edits) {
      added += edit.getLengthB();
      deleted += edit.getLengthA();
    }
    int first = 0;
    while (first < edits.size()) {
      int last = first;
      while (last + 1 < edits.size()
        && edits.get(last + 1).getBeginA() - edits.get(last).getEndA() <= 2 * context) {
        last++;
      }
      Edit head = edits.get(first);
      Edit tail = edits.get(last);
      int s1 = Math.max(head.getBeginA() - context, 0);
      int s2 = Math.max(head.getBeginB() - context, 0);
      int post = Math.min(context, Math.min(a.size() - tail.getEndA(), b.size() - tail.getEndB()));
      int e1 = tail.getEndA() + post;
      int e2 = tail.getEndB() + post;
      func.advance(s1);
      long start = out.size();
      StringBuilder line = new StringBuilder("@@ -");
      range(line, s1, e1 - s1).append(" +");
      range(line, s2, e2 - s2).append(" @@");
      write(out, line);
      byte[] heading = func.text();
      if (heading.length > 0) {
        out.write(' ');
      }
      long headingStart = out.size();
      if (heading.length > 0) {
        // git prints a hunk header only up to its first byte that does not start a valid UTF-8 character: a
        // heading cut at 80 bytes inside a character, or a Latin-1 line, ends there.
        out.write(heading, 0, Utf8.validPrefix(heading));
      }
      sink.hunk(e1 == s1 ? s1 : s1 + 1, e1 - s1, e2 == s2 ? s2 : s2 + 1, e2 - s2, start, headingStart, out.size());
      out.write('\n');
      for (int i = s2; i < head.getBeginB(); i++) {
        record(out, sink, ' ', b, i);
      }
      for (int k = first; k <= last; k++) {
        Edit edit = edits.get(k);
        if (k > first) {
          Edit previous = edits.get(k - 1);
          for (int i = previous.getEndB(); i < edit.getBeginB(); i++) {
            record(out, sink, ' ', b, i);
          }
        }
        for (int i = edit.getBeginA(); i < edit.getEndA(); i++) {
          record(out, sink, '-', a, i);
        }
        for (int i = edit.getBeginB(); i < edit.getEndB(); i++) {
          record(out, sink, '+', b, i);
        }
      }
      for (int i = tail.getEndB(); i < e2; i++) {
        record(out, sink, ' ', b, i);
      }
      first = last + 1;
    }
    return Stats.text(added, deleted);
  }

  private static StringBuilder range(StringBuilder out, int start, int count) {
    out.append(count == 0 ? start : start + 1);
    if (count != 1) {
      out.append(',').append(count);
    }
    return out;
  }

  private static void record(PatchBytes out, PatchSink sink, char prefix, Lines lines, int line) {
    sink.line(prefix, out.size());
    out.write(prefix);
    int start = lines.start(line);
    int end = lines.start(line + 1);
    out.write(lines.raw(), start, end - start);
    if (end == start || lines.raw()[end - 1] != '\n') {
      sink.line('\\', out.size() + 1); // the marker, after the line's added terminator
      out.write(NO_NEWLINE, 0, NO_NEWLINE.length);
    }
  }

  private static void headerLine(StringBuilder header, String words, String value, PatchSink.HeaderLine kind, long base,
                                 PatchSink sink) {
    header.append(words).append(value).append('\n');
    sink.headerLine(kind, value, base + length(header));
  }

  private EditList edits(Lines a, Lines b) {
    if (a.size() == 0 || b.size() == 0) {
      // A side with no lines (an added or deleted file): every line of the other is the change, as git's histogram
      // and classic diffs both find, with nothing to slide; no classes to look up (a 2 MB commit of added files spent
      // a tenth of its time there).
      EditList whole = new EditList();
      if (a.size() + b.size() > 0) {
        whole.add(new Edit(0, a.size(), 0, b.size()));
      }
      return whole;
    }
    boolean[] changedA = new boolean[a.size() + 2];
    boolean[] changedB = new boolean[b.size() + 2];
    markChanges(a, b, changedA, changedB);
    return Slider.compact(a, b, changedA, changedB, true);
  }

  /** git's histogram diff, or for any other algorithm git's classic one (what {@code myers} means to git). */
  private void markChanges(Lines a, Lines b, boolean[] changedA, boolean[] changedB) {
    if (algorithm instanceof HistogramDiff) {
      GitHistogram.diff(a, b, changedA, changedB, cancellation);
    } else {
      ClassicDiff.diff(a, b, changedA, changedB, cancellation);
    }
  }

  /** Paths written as binary only because a side is over the blob limit (git would have diffed them). */
  public List<String> overBlobLimit() {
    return List.copyOf(overBlobLimit);
  }

  private Sides sides(FileChange change) {
    byte[] oldData = content(change.oldMode(), change.oldId());
    byte[] newData = content(change.newMode(), change.newId());
    if ((oldData == null && change.hasOld()) || (newData == null && change.hasNew())) {
      overBlobLimit.add(change.path());
    }
    boolean binary = (oldData == null && change.hasOld()) || (newData == null && change.hasNew())
      || (change.hasOld() && binary(change.oldPath(), change.oldMode(), oldData))
      || (change.hasNew() && binary(change.newPath(), change.newMode(), newData));
    return new Sides(oldData == null ? new byte[0] : oldData, newData == null ? new byte[0] : newData, binary,
      oldData != null && newData != null);
  }

  private boolean binary(String path, int mode, byte[] data) {
    if (FileChange.type(mode) == FileMode.TYPE_GITLINK) {
      return false;
    }
    return switch (attributes.verdict(path, mode)) {
      case TEXT -> false;
      case BINARY -> true;
      case CONTENT -> data == null || Blobs.looksBinary(data);
    };
  }

  /** The bytes git diffs for one side; {@code null} for a blob too big to load (treated as binary). */
  private byte[] content(int mode, ObjectId id) {
    if (mode == 0) {
      return new byte[0];
    }
    if (FileChange.type(mode) == FileMode.TYPE_GITLINK) {
      return ("Subproject commit " + id.name() + "\n").getBytes(StandardCharsets.US_ASCII);
    }
    if (blobs.tooBig(id)) {
      return null;
    }
    return blobs.bytes(id);
  }

  private static FileChange deletion(FileChange change) {
    return new FileChange(FileChange.Status.DELETED, change.oldPath(), null, change.oldMode(), 0, change.oldId(), null, 0);
  }

  private static FileChange creation(FileChange change) {
    return new FileChange(FileChange.Status.ADDED, null, change.newPath(), 0, change.newMode(), null, change.newId(), 0);
  }

  /** The bytes {@code text} is written as: its length but for a name not quoted that holds bytes ≥ 0x80. */
  private static int length(CharSequence text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) >= 0x80) {
        return PathBytes.encode(text).length;
      }
    }
    return text.length();
  }

  /** Header text: a name not quoted (core.quotePath off) goes out as the bytes it was read from. */
  private static void write(PatchBytes out, CharSequence text) {
    byte[] bytes = PathBytes.encode(text);
    out.write(bytes, 0, bytes.length);
  }
}
