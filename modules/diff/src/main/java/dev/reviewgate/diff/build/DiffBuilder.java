package dev.reviewgate.diff.build;

import dev.reviewgate.diff.model.ByteSlice;
import dev.reviewgate.diff.model.ChangeType;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;
import dev.reviewgate.xdiff.FileChange;
import dev.reviewgate.xdiff.PatchBytes;
import dev.reviewgate.xdiff.PatchSink;
import dev.reviewgate.xdiff.PatchWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The diff model built as xdiff's {@link PatchWriter} writes, from what it tells (a {@link PatchSink}): no text is
 * parsed. Each file is written into one buffer and taken from it as one array when the file ends, and its
 * {@link FileDiff} and hunks point into that array, so the diff is held once, file by file, and renders byte for
 * byte as written. The fields are those the diff engine's parser gives the same text (the tests hold them equal).
 * Not thread-safe: one builder per thread, their {@link #files()} joined in order.
 */
public final class DiffBuilder implements PatchSink {

  private final PatchBytes buffer = new PatchBytes();
  private final List<FileDiff> files = new ArrayList<>();
  private long bytes;
  // The file being written: its header as told, its hunks' numbers and its line starts (offsets into the buffer).
  private long fileStart;
  private String oldPath;
  private String newPath;
  private final List<Long> headerEnds = new ArrayList<>(8);
  private boolean added;
  private boolean deleted;
  private boolean renamed;
  private boolean binary;
  private String oldMode;
  private String newMode;
  private String index;
  private Integer similarity;
  /** Seven numbers a hunk: its four ranges, and its header's start, heading start and heading end in the file. */
  private long[] hunkNumbers = new long[7 * 4];
  private int hunks;
  private int[] lineStarts = new int[64];
  private int[] hunkFirstLine = new int[4];
  /** Each hunk's added and deleted lines, counted as they are told. */
  private int[] hunkCounts = new int[4 * 2];
  private int lines;

  /** Writes one change (a type change is two files) with {@code writer} and builds its files. */
  public PatchWriter.Stats write(PatchWriter writer, FileChange change) {
    return writer.write(change, buffer, this);
  }

  /** The files built so far, in the order written. */
  public List<FileDiff> files() {
    return java.util.Collections.unmodifiableList(files);
  }

  /** The files built since the last take, in the order written; the builder lets go of them. */
  public List<FileDiff> takeFiles() {
    List<FileDiff> taken = List.copyOf(files);
    files.clear();
    return taken;
  }

  /** Bytes the files built so far render to. */
  public long size() {
    return bytes;
  }

  public Diff diff() {
    return new Diff(files, ByteSlice.EMPTY);
  }

  @Override
  public void fileStart(long start, String oldPath, String newPath) {
    this.fileStart = start;
    this.oldPath = oldPath;
    this.newPath = newPath;
    headerEnds.clear();
    added = deleted = renamed = binary = false;
    oldMode = newMode = index = null;
    similarity = null;
    hunks = 0;
    lines = 0;
  }

  @Override
  public void headerLine(HeaderLine kind, String value, long end) {
    headerEnds.add(end - fileStart);
    switch (kind) {
      case NEW_FILE_MODE -> {
        added = true;
        newMode = value;
      }
      case DELETED_FILE_MODE -> {
        deleted = true;
        oldMode = value;
      }
      case OLD_MODE -> oldMode = value;
      case NEW_MODE -> newMode = value;
      case SIMILARITY_INDEX -> similarity = Integer.valueOf(value);
      case RENAME_FROM -> renamed = true;
      case INDEX -> index = value;
      case BINARY_FILES -> binary = true;
      case DIFF_GIT, RENAME_TO, OLD_LABEL, NEW_LABEL -> { }
    }
  }

  @Override
  public void hunk(int oldStart, int oldCount, int newStart, int newCount, long start, long headingStart,
                   long headingEnd) {
    if (hunks * 7 == hunkNumbers.length) {
      hunkNumbers = Arrays.copyOf(hunkNumbers, hunkNumbers.length * 2);
      hunkFirstLine = Arrays.copyOf(hunkFirstLine, hunkFirstLine.length * 2);
      hunkCounts = Arrays.copyOf(hunkCounts, hunkCounts.length * 2);
    }
    long[] h = hunkNumbers;
    int at = hunks * 7;
    h[at] = oldStart;
    h[at + 1] = oldCount;
    h[at + 2] = newStart;
    h[at + 3] = newCount;
    h[at + 4] = start - fileStart;
    h[at + 5] = headingStart - fileStart;
    h[at + 6] = headingEnd - fileStart;
    hunkCounts[hunks * 2] = 0;
    hunkCounts[hunks * 2 + 1] = 0;
    hunkFirstLine[hunks++] = lines;
  }

  @Override
  public void line(char kind, long start) {
    if (kind == '+') {
      hunkCounts[(hunks - 1) * 2]++;
    } else if (kind == '-') {
      hunkCounts[(hunks - 1) * 2 + 1]++;
    }
    if (lines == lineStarts.length) {
      lineStarts = Arrays.copyOf(lineStarts, lines * 2);
    }
    lineStarts[lines++] = (int) (start - fileStart);
  }

  @Override
  public void fileEnd(long end, int additions, int deletions) {
    byte[] source = buffer.takeBytes();
    if (source.length != end - fileStart) {
      throw new IllegalStateException("a file of " + (end - fileStart) + " bytes was told, " + source.length
        + " written; write with DiffBuilder.write");
    }
    bytes += source.length;
    List<ByteSlice> headerLines = new ArrayList<>(headerEnds.size());
    int lineStart = 0;
    for (long lineEnd : headerEnds) {
      headerLines.add(ByteSlice.of(source, lineStart, (int) lineEnd));
      lineStart = (int) lineEnd;
    }
    int[] starts = Arrays.copyOf(lineStarts, lines);
    List<Hunk> built = new ArrayList<>(hunks);
    for (int i = 0; i < hunks; i++) {
      built.add(hunk(source, starts, i));
    }
    if (index != null && index.indexOf(' ') > 0) {
      // A mode that did not change is written once, at the end of the index line.
      String mode = index.substring(index.indexOf(' ') + 1);
      oldMode = oldMode == null && !added ? mode : oldMode;
      newMode = newMode == null && !deleted ? mode : newMode;
    }
    ChangeType type = added ? ChangeType.ADDED : deleted ? ChangeType.DELETED : renamed ? ChangeType.RENAMED
      : oldMode != null && newMode != null && !oldMode.equals(newMode) && hunks == 0 && !binary ? ChangeType.MODE_CHANGED
      : ChangeType.MODIFIED;
    files.add(new FileDiff(ByteSlice.EMPTY, ByteSlice.of(source, 0, lineStart), headerLines, oldPath, newPath, type,
      oldMode, newMode, similarity, index, binary, ByteSlice.EMPTY, built, additions, deletions, false));
  }

  private Hunk hunk(byte[] source, int[] starts, int i) {
    long[] h = hunkNumbers;
    int at = i * 7;
    int headerStart = (int) h[at + 4];
    int headingEnd = (int) h[at + 6];
    int first = hunkFirstLine[i];
    int count = (i + 1 < hunks ? hunkFirstLine[i + 1] : lines) - first;
    int end = i + 1 < hunks ? (int) h[at + 7 + 4] : source.length;
    return new Hunk((int) h[at], (int) h[at + 1], (int) h[at + 2], (int) h[at + 3],
      ByteSlice.of(source, headerStart, headingEnd + 1), ByteSlice.of(source, (int) h[at + 5], headingEnd), source,
      starts, first, count, end, hunkCounts[i * 2], hunkCounts[i * 2 + 1]);
  }
}
