package dev.reviewgate.diff.model;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One hunk: its ranges, its section heading and its lines. The lines are not objects: the hunk holds where each
 * line starts in the source buffer (a shared offset table filled by the parser), and {@link #line(int)},
 * {@link #lines()} and {@link #forEachLine(LineVisitor)} materialise or visit them on demand.
 */
public final class Hunk {

  /** Receives each line of a hunk without allocating; {@code start}/{@code end} are offsets into {@code source}. */
  @FunctionalInterface
  public interface LineVisitor {
    void line(LineKind kind, int oldNumber, int newNumber, byte[] source, int start, int end);
  }

  private final int oldStart;
  private final int oldCount;
  private final int newStart;
  private final int newCount;
  private final ByteSlice header;
  private final ByteSlice heading;
  private final byte[] source;
  private final int[] starts;
  private final int first;
  private final int count;
  private final int end;
  private final int additions;
  private final int deletions;

  /**
   * @param header  the whole {@code @@ ... @@} line as it will be rendered, terminator included
   * @param heading the section heading after the closing {@code @@} (no leading space, no terminator); may be empty
   * @param starts  line start offsets; this hunk's lines are {@code starts[first .. first+count)}
   * @param end     the offset just past the hunk's last line
   */
  public Hunk(int oldStart, int oldCount, int newStart, int newCount, ByteSlice header, ByteSlice heading,
              byte[] source, int[] starts, int first, int count, int end, int additions, int deletions) {
    this.oldStart = oldStart;
    this.oldCount = oldCount;
    this.newStart = newStart;
    this.newCount = newCount;
    this.header = header;
    this.heading = heading;
    this.source = source;
    this.starts = starts;
    this.first = first;
    this.count = count;
    this.end = end;
    this.additions = additions;
    this.deletions = deletions;
  }

  public int oldStart() {
    return oldStart;
  }

  public int oldCount() {
    return oldCount;
  }

  public int newStart() {
    return newStart;
  }

  public int newCount() {
    return newCount;
  }

  public ByteSlice header() {
    return header;
  }

  public ByteSlice heading() {
    return heading;
  }

  public int additions() {
    return additions;
  }

  public int deletions() {
    return deletions;
  }

  /** Lines in the hunk, "no newline" markers included. */
  public int lineCount() {
    return count;
  }

  /** The hunk's body (all its lines) as one slice of the source. */
  public ByteSlice body() {
    return count == 0 ? ByteSlice.EMPTY : ByteSlice.of(source, starts[first], end);
  }

  /** Bytes the hunk renders to in unified format, header included. */
  public long renderedBytes() {
    return header.length() + (count == 0 ? 0 : end - starts[first]);
  }

  public int lineStart(int index) {
    return starts[first + index];
  }

  public int lineEnd(int index) {
    return index + 1 < count ? starts[first + index + 1] : end;
  }

  public LineKind kind(int index) {
    return LineKind.of(source[starts[first + index]]);
  }

  public byte[] source() {
    return source;
  }

  /** The first old (new) line number the hunk covers, or the number the next line would get when the side is empty. */
  private int firstOld() {
    return oldCount == 0 ? oldStart + 1 : oldStart;
  }

  private int firstNew() {
    return newCount == 0 ? newStart + 1 : newStart;
  }

  public void forEachLine(LineVisitor visitor) {
    forEachLine(0, count, visitor);
  }

  /** Visits lines {@code [from, to)} with their correct line numbers. */
  public void forEachLine(int from, int to, LineVisitor visitor) {
    int oldNo = firstOld();
    int newNo = firstNew();
    for (int i = 0; i < to; i++) {
      int s = starts[first + i];
      LineKind kind = LineKind.of(source[s]);
      if (i >= from) {
        int e = i + 1 < count ? starts[first + i + 1] : end;
        switch (kind) {
          case CONTEXT -> visitor.line(kind, oldNo, newNo, source, s, e);
          case ADDED -> visitor.line(kind, 0, newNo, source, s, e);
          case DELETED -> visitor.line(kind, oldNo, 0, source, s, e);
          case NO_NEWLINE -> visitor.line(kind, 0, 0, source, s, e);
        }
      }
      switch (kind) {
        case CONTEXT -> {
          oldNo++;
          newNo++;
        }
        case ADDED -> newNo++;
        case DELETED -> oldNo++;
        case NO_NEWLINE -> { }
      }
    }
  }

  public Line line(int index) {
    Line[] found = new Line[1];
    forEachLine(index, index + 1, (kind, o, n, src, s, e) -> found[0] = new Line(kind, o, n, ByteSlice.of(src, s, e)));
    return found[0];
  }

  public List<Line> lines() {
    List<Line> lines = new ArrayList<>(count);
    forEachLine((kind, o, n, src, s, e) -> lines.add(new Line(kind, o, n, ByteSlice.of(src, s, e))));
    return lines;
  }

  /**
   * Lines {@code [from, to)} as a hunk of their own, with recomputed ranges and a new header. Any contiguous run of
   * a hunk's lines is itself a valid hunk, which is how context is trimmed and long hunks are cut.
   */
  public Hunk slice(int from, int to) {
    if (from == 0 && to == count) {
      return this;
    }
    int[] acc = new int[6]; // old count, new count, adds, dels, old number at from, new number at from
    acc[4] = -1;
    forEachLineNumbers(from, to, acc);
    int oldFirst = acc[4];
    int newFirst = acc[5];
    int oc = acc[0];
    int nc = acc[1];
    int os = oc == 0 ? oldFirst - 1 : oldFirst;
    int ns = nc == 0 ? newFirst - 1 : newFirst;
    ByteSlice newHeader = ByteSlice.utf8(headerLine(os, oc, ns, nc, heading));
    int sliceEnd = to < count ? starts[first + to] : end;
    return new Hunk(os, oc, ns, nc, newHeader, heading, source, starts, first + from, to - from, sliceEnd, acc[2], acc[3]);
  }

  private void forEachLineNumbers(int from, int to, int[] acc) {
    int oldNo = firstOld();
    int newNo = firstNew();
    for (int i = 0; i < to; i++) {
      LineKind kind = LineKind.of(source[starts[first + i]]);
      if (i == from) {
        acc[4] = oldNo;
        acc[5] = newNo;
      }
      boolean in = i >= from;
      switch (kind) {
        case CONTEXT -> {
          oldNo++;
          newNo++;
          if (in) {
            acc[0]++;
            acc[1]++;
          }
        }
        case ADDED -> {
          newNo++;
          if (in) {
            acc[1]++;
            acc[2]++;
          }
        }
        case DELETED -> {
          oldNo++;
          if (in) {
            acc[0]++;
            acc[3]++;
          }
        }
        case NO_NEWLINE -> { }
      }
    }
    if (acc[4] < 0) {
      acc[4] = oldNo;
      acc[5] = newNo;
    }
  }

  /** A hunk header as git writes it: a count of 1 is left out. */
  public static String headerLine(int oldStart, int oldCount, int newStart, int newCount, ByteSlice heading) {
    StringBuilder b = new StringBuilder(48).append("@@ -").append(oldStart);
    if (oldCount != 1) {
      b.append(',').append(oldCount);
    }
    b.append(" +").append(newStart);
    if (newCount != 1) {
      b.append(',').append(newCount);
    }
    b.append(" @@");
    if (heading != null && !heading.isEmpty()) {
      b.append(' ').append(new String(heading.bytes(), heading.offset(), heading.length(), StandardCharsets.UTF_8));
    }
    return b.append('\n').toString();
  }
}
