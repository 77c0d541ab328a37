package dev.reviewgate.diff.model;

import java.util.List;

/**
 * A parsed diff: its files in source order, and the text after the last file (an e-mail signature, say).
 * Rendering it in unified format gives back the parsed bytes exactly.
 */
public record Diff(List<FileDiff> files, ByteSlice trailingText) {

  public Diff {
    files = List.copyOf(files);
  }

  public int additions() {
    int n = 0;
    for (FileDiff f : files) {
      n += f.additions();
    }
    return n;
  }

  public int deletions() {
    int n = 0;
    for (FileDiff f : files) {
      n += f.deletions();
    }
    return n;
  }
}
