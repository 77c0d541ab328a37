package dev.reviewgate.diff.parse;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.diff.model.ByteSlice;
import dev.reviewgate.diff.model.ChangeType;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Parses unified and git-style diffs from bytes in one pass.
 *
 * <p>File boundaries come from headers ({@code diff --git}, {@code diff ...}, or a {@code ---}/{@code +++} pair)
 * and from each hunk's line counts: a hunk owns exactly the lines its header announces, so a deleted line that
 * reads {@code --- a/x} or {@code diff --git ...} is just a line. Text outside any file (an e-mail patch's commit
 * message and signature) is kept verbatim for a byte-exact rendering. Lines are never copied or decoded: hunks
 * record where their lines start in the input.
 *
 * <p>Anything malformed fails the whole parse with a 400 naming the line and what was expected; there are no
 * partial results. Combined diffs ({@code diff --cc}) are refused.
 */
public final class DiffParser {

  /*
   * Hunk lines are classified by table lookups instead of a switch: line kinds alternate unpredictably, and the
   * branch mispredictions of a switch cost more than the rest of the per-line work.
   */
  private static final byte NORMAL = 1;
  private static final byte[] LINE_CLASS = new byte[256];
  private static final byte[] OLD_STEP = new byte[256];
  private static final byte[] NEW_STEP = new byte[256];
  private static final byte[] ADD_STEP = new byte[256];
  private static final byte[] DELETE_STEP = new byte[256];

  static {
    for (int c : new int[] {' ', '\n', '\r'}) {
      OLD_STEP[c] = 1;
      NEW_STEP[c] = 1;
    }
    NEW_STEP['+'] = 1;
    ADD_STEP['+'] = 1;
    OLD_STEP['-'] = 1;
    DELETE_STEP['-'] = 1;
    for (int c : new int[] {' ', '\n', '+', '-'}) {
      LINE_CLASS[c] = NORMAL;
    }
    LINE_CLASS['\\'] = 2;
    LINE_CLASS['\r'] = 3;
  }

  private final int maxLineBytes;

  /** @param maxLineBytes the longest line accepted ({@code diff.maxLineBytes}) */
  public DiffParser(int maxLineBytes) {
    this.maxLineBytes = maxLineBytes;
  }

  public Diff parse(byte[] source) {
    return new Run(source, maxLineBytes).parse();
  }

  /** The state of one parse. */
  private static final class Run {
    private final byte[] src;
    private final int end;
    private final int maxLine;
    private final List<FileDiff> files = new ArrayList<>();
    private int pos;
    private int lineNo = 1;
    private int textStart;
    private int[] starts;
    private int lineCount;
    private int number;

    Run(byte[] src, int maxLine) {
      this.src = src;
      this.end = src.length;
      this.maxLine = maxLine;
      this.starts = new int[Math.max(64, src.length / 40)];
    }

    Diff parse() {
      while (pos < end) {
        if (at("diff --git ")) {
          parseFile(true);
        } else if (at("diff --cc ") || at("diff --combined ") || at("@@@ ")) {
          throw fail("this is a combined diff (diff --cc, from a merge commit), which is not supported; "
            + "diff the merge against one parent instead, e.g. git diff <merge>^1 <merge>");
        } else if (at("diff ")) {
          parseFile(false);
        } else if (at("--- ") && nextLineStartsWith("+++ ")) {
          parseFile(false);
        } else if (at("@@ ")) {
          throw fail("found a hunk header outside any file; expected a file header ('diff --git a/... b/...' or a "
            + "'--- old' / '+++ new' pair) before it");
        } else {
          skipLine();
        }
      }
      ByteSlice trailing = ByteSlice.of(src, textStart, end);
      if (files.isEmpty() && !blank(textStart, end)) {
        lineNo = 1;
        throw fail("no diff found: expected a file header ('diff --git a/... b/...' or a '--- old' / '+++ new' pair) "
          + "followed by hunks ('@@ -a,b +c,d @@'); pass the output of git diff or a unified diff");
      }
      return new Diff(files, trailing);
    }

    private void parseFile(boolean git) {
      ByteSlice leading = ByteSlice.of(src, textStart, pos);
      int headerStart = pos;
      FileHeader h = readHeader(git);
      int headerEnd = pos;
      ByteSlice binaryBody = ByteSlice.EMPTY;
      if (h.binaryStart >= 0) {
        parseBinaryPatch();
        binaryBody = ByteSlice.of(src, h.binaryStart, pos);
      }
      int[] counts = new int[2];
      List<Hunk> hunks = readHunks(h, counts);
      if (!h.resolvePaths(git)) {
        throw failAt(headerStart, "cannot tell the file's path from 'diff --git' header; expected 'a/<path> b/<path>'");
      }
      ChangeType type = h.changeType(git, hunks.isEmpty());
      if (type == ChangeType.ADDED) {
        h.oldPath = null;
      } else if (type == ChangeType.DELETED) {
        h.newPath = null;
      }
      files.add(new FileDiff(leading, ByteSlice.of(src, headerStart, headerEnd), h.lines, h.oldPath, h.newPath, type,
        h.oldMode, h.newMode, h.similarity, h.index, h.binary, binaryBody, hunks, counts[0], counts[1], false));
      textStart = pos;
    }

    /** The {@code diff} line and the extended header lines, up to the hunks, a binary marker or the next file. */
    private FileHeader readHeader(boolean git) {
      FileHeader h = new FileHeader();
      if (at("diff ")) {
        int le = lineEnd();
        if (git) {
          h.gitNames = PathText.gitLine(src, pos + 11, Bytes.contentEnd(src, pos, le));
        } else {
          h.gnuLine = new String(src, pos, Bytes.contentEnd(src, pos, le) - pos, StandardCharsets.UTF_8);
        }
        h.lines.add(ByteSlice.of(src, pos, le));
        advance(le);
      }
      while (pos < end) {
        int le = lineEnd();
        int ce = Bytes.contentEnd(src, pos, le);
        if (at("--- ")) {
          readDashes(h, le, ce);
          break;
        } else if (at("Binary files ")) {
          h.binary = true;
          h.binaryNames = FileHeader.binaryNames(text(pos + 13, ce));
          h.lines.add(ByteSlice.of(src, pos, le));
          advance(le);
          break;
        } else if (at("GIT binary patch")) {
          h.binary = true;
          h.binaryStart = pos;
          break;
        } else if (!extendedLine(h, ce)) {
          break;
        }
        h.lines.add(ByteSlice.of(src, pos, le));
        advance(le);
      }
      return h;
    }

    /** The {@code --- old} / {@code +++ new} pair: hunks follow. */
    private void readDashes(FileHeader h, int le, int ce) {
      if (!Bytes.startsWith(src, le, end, "+++ ")) {
        advance(le);
        throw fail("expected the '+++ <new path>' line after the '--- <old path>' line");
      }
      h.oldPath = PathText.value(src, pos + 4, ce);
      h.lines.add(ByteSlice.of(src, pos, le));
      advance(le);
      int next = lineEnd();
      h.newPath = PathText.value(src, pos + 4, Bytes.contentEnd(src, pos, next));
      h.lines.add(ByteSlice.of(src, pos, next));
      advance(next);
      h.pathsFromDashes = true;
      h.hunksFollow = true;
    }

    /** One of git's extended header lines (modes, renames, copies, similarity, index); false for anything else. */
    private boolean extendedLine(FileHeader h, int ce) {
      if (at("old mode ")) {
        h.oldMode = text(pos + 9, ce);
      } else if (at("new mode ")) {
        h.newMode = text(pos + 9, ce);
      } else if (at("deleted file mode ")) {
        h.deleted = true;
        h.oldMode = text(pos + 18, ce);
      } else if (at("new file mode ")) {
        h.added = true;
        h.newMode = text(pos + 14, ce);
      } else if (at("rename from ")) {
        h.renameFrom = PathText.value(src, pos + 12, ce);
      } else if (at("rename to ")) {
        h.renameTo = PathText.value(src, pos + 10, ce);
      } else if (at("rename old ")) {
        h.renameFrom = PathText.value(src, pos + 11, ce);
      } else if (at("rename new ")) {
        h.renameTo = PathText.value(src, pos + 11, ce);
      } else if (at("copy from ")) {
        h.copyFrom = PathText.value(src, pos + 10, ce);
      } else if (at("copy to ")) {
        h.copyTo = PathText.value(src, pos + 8, ce);
      } else if (at("similarity index ")) {
        h.similarity = percent(pos + 17, ce);
      } else if (at("dissimilarity index ")) {
        // kept verbatim in the header lines; similarity describes renames and copies only
      } else if (at("index ")) {
        h.index = text(pos + 6, ce);
      } else {
        return false;
      }
      return true;
    }

    private List<Hunk> readHunks(FileHeader h, int[] counts) {
      List<Hunk> hunks = new ArrayList<>(h.hunksFollow ? 4 : 0);
      if (h.hunksFollow) {
        if (!at("@@ ")) {
          if (at("@@@ ")) {
            throw fail("this is a combined diff (diff --cc, from a merge commit), which is not supported; "
              + "diff the merge against one parent instead, e.g. git diff <merge>^1 <merge>");
          }
          throw fail(pos >= end
            ? "the input ends after the '--- '/'+++ ' file header; expected a hunk header '@@ -a,b +c,d @@'"
            : "expected a hunk header '@@ -a,b +c,d @@' after the '--- '/'+++ ' file header, found '" + preview() + "'");
        }
        while (at("@@ ")) {
          hunks.add(parseHunk(counts));
        }
        checkAfterHunks();
      } else if (at("@@ ")) {
        throw fail("found a hunk header but the file header above it has no '--- <old path>' / '+++ <new path>' lines");
      }
      return hunks;
    }

    /** The hot loop: one pass over the hunk's lines, counting them against the header. */
    private Hunk parseHunk(int[] fileCounts) {
      int headerLine = lineNo;
      int hStart = pos;
      int le = lineEnd();
      int ce = Bytes.contentEnd(src, pos, le);
      int i = pos + 3;
      if (i >= ce || src[i] != '-') {
        throw badHunkHeader(hStart, ce);
      }
      i = number(i + 1, ce);
      int oldStart = number;
      int oldCount = 1;
      if (i > 0 && i < ce && src[i] == ',') {
        i = number(i + 1, ce);
        oldCount = number;
      }
      if (i < 0 || i + 1 >= ce || src[i] != ' ' || src[i + 1] != '+') {
        throw badHunkHeader(hStart, ce);
      }
      i = number(i + 2, ce);
      int newStart = number;
      int newCount = 1;
      if (i > 0 && i < ce && src[i] == ',') {
        i = number(i + 1, ce);
        newCount = number;
      }
      if (i < 0 || !Bytes.startsWith(src, i, ce, " @@")) {
        throw badHunkHeader(hStart, ce);
      }
      int headingStart = i + 3;
      if (headingStart < ce && src[headingStart] == ' ') {
        headingStart++;
      } else if (headingStart < ce) {
        throw badHunkHeader(hStart, ce);
      }
      ByteSlice header = ByteSlice.of(src, hStart, le);
      ByteSlice heading = ByteSlice.of(src, Math.min(headingStart, ce), ce);
      advance(le);

      int first = lineCount;
      int oldLeft = oldCount;
      int newLeft = newCount;
      int adds = 0;
      int dels = 0;
      byte[] a = src;
      int p = pos;
      int n = lineCount;
      int[] st = starts;
      int line = lineNo;
      while ((oldLeft | newLeft) != 0) {
        if (p >= end) {
          pos = p;
          lineNo = line;
          throw truncated(headerLine, header, oldLeft, newLeft);
        }
        int nl = Bytes.newline(a, p, end);
        int next = nl < end ? nl + 1 : end;
        if (next - p > maxLine) {
          pos = p;
          lineNo = line;
          throw tooLong(next - p);
        }
        int b = a[p] & 0xFF;
        if (LINE_CLASS[b] != NORMAL) {
          pos = p;
          lineNo = line;
          checkUnusual(b, n == first, headerLine);
        }
        oldLeft -= OLD_STEP[b];
        newLeft -= NEW_STEP[b];
        adds += ADD_STEP[b];
        dels += DELETE_STEP[b];
        if ((oldLeft | newLeft) < 0) {
          pos = p;
          lineNo = line;
          throw fail("the hunk started at line " + headerLine + " (" + show(header) + ") announces " + oldCount
            + " old and " + newCount + " new lines, but this line is one " + (oldLeft < 0 ? "old" : "new")
            + " line more; the hunk header's counts are wrong");
        }
        if (n == st.length) {
          st = Arrays.copyOf(st, st.length * 2);
          starts = st;
        }
        st[n++] = p;
        p = next;
        line++;
      }
      if (p < end && a[p] == '\\') {
        int nl = Bytes.newline(a, p, end);
        if (n == st.length) {
          st = Arrays.copyOf(st, st.length * 2);
          starts = st;
        }
        st[n++] = p;
        p = nl < end ? nl + 1 : end;
        line++;
      }
      pos = p;
      lineNo = line;
      lineCount = n;
      fileCounts[0] += adds;
      fileCounts[1] += dels;
      return new Hunk(oldStart, oldCount, newStart, newCount, header, heading, src, st, first, n - first, p, adds, dels);
    }

    /** The rare hunk lines: a "no newline" marker (never first), an empty CRLF line, anything else is an error. */
    private void checkUnusual(int b, boolean firstLine, int headerLine) {
      if (b == '\\') {
        if (firstLine) {
          throw fail("a '\\ No newline at end of file' marker must follow the line it applies to, but it opens "
            + "the hunk started at line " + headerLine);
        }
      } else if (b != '\r' || pos + 1 >= end || src[pos + 1] != '\n') {
        throw badLine(headerLine);
      }
    }

    /** After a file's last hunk: a line that continues it means the counts were too small. */
    private void checkAfterHunks() {
      if (pos >= end) {
        return;
      }
      byte c = src[pos];
      boolean hunkLike = c == ' ' || c == '+' || c == '-' || c == '\\';
      if (!hunkLike) {
        return;
      }
      if (at("--- ") && nextLineStartsWith("+++ ")) {
        return;
      }
      if (at("-- \n") || at("-- \r\n")) {
        return; // an e-mail patch's signature separator
      }
      throw fail("this line continues the hunk above ('" + preview() + "') but the hunk header's counts are already "
        + "used up; expected the next hunk ('@@ -a,b +c,d @@'), the next file's header, or the end of the diff. "
        + "The hunk header's counts are wrong");
    }

    /** {@code GIT binary patch}, then one or two {@code literal N}/{@code delta N} blocks, each ended by a blank line. */
    private void parseBinaryPatch() {
      advance(lineEnd());
      for (int block = 0; block < 2; block++) {
        if (!(at("literal ") || at("delta "))) {
          if (block == 0) {
            throw fail(pos >= end ? "the input ends inside a 'GIT binary patch'; expected 'literal <size>' or 'delta <size>'"
              : "expected 'literal <size>' or 'delta <size>' in the 'GIT binary patch' block, found '" + preview() + "'");
          }
          return;
        }
        advance(lineEnd());
        while (true) {
          if (pos >= end) {
            throw fail("the input ends inside a 'GIT binary patch' block; expected base85 data lines and a blank line");
          }
          int le = lineEnd();
          if (Bytes.contentEnd(src, pos, le) == pos) {
            advance(le);
            break;
          }
          byte c = src[pos];
          if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
            throw fail("expected a base85 data line (starting with a length letter A-Z or a-z) or a blank line in the "
              + "'GIT binary patch' block, found '" + preview() + "'");
          }
          advance(le);
        }
      }
    }

    /** Parses decimal digits into {@link #number}; returns the index after them, or -1 when there are none or too many. */
    private int number(int i, int ce) {
      if (i < 0) {
        return -1;
      }
      long v = 0;
      int startDigits = i;
      while (i < ce && src[i] >= '0' && src[i] <= '9') {
        v = v * 10 + (src[i] - '0');
        if (v > Integer.MAX_VALUE) {
          return -1;
        }
        i++;
      }
      if (i == startDigits) {
        return -1;
      }
      number = (int) v;
      return i;
    }

    private Integer percent(int start, int ce) {
      int e = ce;
      if (e > start && src[e - 1] == '%') {
        e--;
      }
      try {
        return Integer.valueOf(new String(src, start, e - start, StandardCharsets.US_ASCII));
      } catch (NumberFormatException notANumber) {
        throw fail("expected a percentage like 'similarity index 95%'");
      }
    }

    private String text(int start, int ce) {
      return new String(src, start, Math.max(0, ce - start), StandardCharsets.UTF_8);
    }

    private boolean at(String prefix) {
      return Bytes.startsWith(src, pos, end, prefix);
    }

    private boolean nextLineStartsWith(String prefix) {
      return Bytes.startsWith(src, lineEnd(), end, prefix);
    }

    /** The end of the current line (after its {@code \n}), enforcing the line length limit. */
    private int lineEnd() {
      int nl = Bytes.newline(src, pos, end);
      int le = nl < end ? nl + 1 : end;
      if (le - pos > maxLine) {
        throw tooLong(le - pos);
      }
      return le;
    }

    private void advance(int to) {
      pos = to;
      lineNo++;
    }

    private void skipLine() {
      advance(lineEnd());
    }

    private boolean blank(int from, int to) {
      for (int i = from; i < to; i++) {
        byte b = src[i];
        if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
          return false;
        }
      }
      return true;
    }

    private String preview() {
      int nl = Bytes.newline(src, pos, Math.min(end, pos + 200));
      String s = new String(src, pos, Bytes.contentEnd(src, pos, nl) - pos, StandardCharsets.UTF_8);
      return s.length() > 60 ? s.substring(0, 60) + "..." : s;
    }

    private static String show(ByteSlice header) {
      return header.lineText().strip();
    }

    private ToolException fail(String what) {
      return ToolException.invalid("invalid diff at line " + lineNo + ": " + what);
    }

    private ToolException failAt(int offset, String what) {
      return ToolException.invalid("invalid diff at the file header starting at byte " + offset + " (line " + lineNo
        + "): " + what);
    }

    private ToolException badHunkHeader(int start, int ce) {
      String text = new String(src, start, Math.min(ce - start, 80), StandardCharsets.UTF_8);
      return fail("malformed hunk header '" + text + "'; expected '@@ -<old start>[,<old count>] +<new start>"
        + "[,<new count>] @@ [section heading]'");
    }

    private ToolException badLine(int headerLine) {
      return fail("expected a hunk line starting with ' ' (context), '+' (added), '-' (deleted) or '\\' (no newline "
        + "marker) for the hunk started at line " + headerLine + ", found '" + preview() + "'");
    }

    private ToolException truncated(int headerLine, ByteSlice header, int oldLeft, int newLeft) {
      return fail("the input ends inside the hunk started at line " + headerLine + " (" + show(header) + "): expected "
        + Math.max(0, oldLeft) + " more old and " + Math.max(0, newLeft) + " more new lines; the diff is truncated or "
        + "the hunk header's counts are wrong");
    }

    private ToolException tooLong(int length) {
      return fail("the line is " + length + " bytes long, more than the limit of " + maxLine
        + " bytes (diff.maxLineBytes); raise the limit in the configuration or leave that file out of the diff");
    }
  }
}
