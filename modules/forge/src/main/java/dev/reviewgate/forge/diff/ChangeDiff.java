package dev.reviewgate.forge.diff;

import dev.reviewgate.diff.model.ByteSlice;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import java.util.List;

/**
 * One change's part of the diff model, as written (usually one file; two when a rename git would not pair is a
 * deletion and a creation; none when both sides are the same), with its line counts.
 *
 * @param binary whether git found either side binary (a binary file renamed as it was shows no "Binary files" line)
 */
public record ChangeDiff(List<FileDiff> files, int additions, int deletions, boolean binary) {

  public ChangeDiff {
    files = List.copyOf(files);
  }

  static ChangeDiff of(FileDiff file) {
    return new ChangeDiff(List.of(file), file.additions(), file.deletions(), file.binary());
  }

  public Diff diff() {
    return new Diff(files, ByteSlice.EMPTY);
  }

  /** The files of several changes in order, as one diff. */
  public static Diff joined(List<ChangeDiff> diffs) {
    return new Diff(diffs.stream().flatMap(d -> d.files().stream()).toList(), ByteSlice.EMPTY);
  }
}
