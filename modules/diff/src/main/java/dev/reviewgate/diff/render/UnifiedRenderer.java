package dev.reviewgate.diff.render;

import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;

/**
 * Unified diff text. For a parsed, unshaped diff the output is the parsed input byte for byte: every header, hunk
 * and line is written from the source slices, and text outside files is kept.
 */
public final class UnifiedRenderer {

  private UnifiedRenderer() {
  }

  /** The whole diff, non-diff text included: {@code render(parse(x))} equals {@code x}. */
  public static byte[] render(Diff diff) {
    ByteSink out = new ByteSink(estimate(diff));
    for (FileDiff file : diff.files()) {
      out.write(file.leadingText());
      writeFile(file, out);
    }
    out.write(diff.trailingText());
    return out.toByteArray();
  }

  /** One file: its header, its hunks, its binary patch (if kept). */
  public static void writeFile(FileDiff file, ByteSink out) {
    out.write(file.header());
    for (Hunk hunk : file.hunks()) {
      writeHunk(hunk, out);
    }
    out.write(file.binaryBody());
  }

  public static void writeHunk(Hunk hunk, ByteSink out) {
    out.write(hunk.header());
    if (hunk.lineCount() > 0) {
      out.write(hunk.source(), hunk.lineStart(0), hunk.lineEnd(hunk.lineCount() - 1));
    }
  }

  /** Bytes {@link #writeFile} produces for this file. */
  public static long fileBytes(FileDiff file) {
    long n = file.header().length() + file.binaryBody().length();
    for (Hunk hunk : file.hunks()) {
      n += hunk.renderedBytes();
    }
    return n;
  }

  private static int estimate(Diff diff) {
    long n = diff.trailingText().length();
    for (FileDiff f : diff.files()) {
      n += f.leadingText().length() + fileBytes(f);
    }
    return (int) Math.min(Integer.MAX_VALUE - 8, n);
  }
}
