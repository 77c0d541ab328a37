package dev.reviewgate.git;

import dev.reviewgate.core.json.TextStream;
import dev.reviewgate.core.json.Utf8Text;
import dev.reviewgate.diff.build.DiffBuilder;
import dev.reviewgate.diff.model.BinarySizes;
import dev.reviewgate.diff.model.ByteSlice;
import dev.reviewgate.diff.model.ChangeType;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.shape.Shaper;
import dev.reviewgate.xdiff.FileChange;
import dev.reviewgate.xdiff.PatchBytes;
import dev.reviewgate.xdiff.PatchWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Joins written blocks in file order, cutting at {@code git.maxDiffBytes} between files as one writer would: their
 * text, or (MODEL) their files, concatenated.
 */
final class DiffJoiner {
  private final GitReader.Pair pair;
  private final long maxDiffBytes;
  /** The text joined so far: all of it, or (JSON) what follows the blocks already escaped in {@link #json}. */
  private final PatchBytes out = new PatchBytes();
  private final List<Utf8Text.Part> json;
  /** Where the escaped blocks go instead of {@link #json} when a caller streams the text. */
  final TextStream stream;
  private long escapedBytes;
  /** The model's files joined so far and the bytes they render to (MODEL only), and their builder on one thread. */
  private final List<FileDiff> files;
  private long fileBytes;
  private final DiffBuilder builder;
  private final List<String> omitted = new ArrayList<>();
  private final List<String> overBlobLimit = new ArrayList<>();
  final List<Shaper.FileCount> counts = new ArrayList<>();
  private final Map<String, BinarySizes> binarySizes = new HashMap<>();
  private int written;

  DiffJoiner(GitReader.Pair pair, long maxDiffBytes, PatchForm form, TextStream stream) {
    this.pair = pair;
    this.maxDiffBytes = maxDiffBytes;
    this.json = form == PatchForm.JSON ? new ArrayList<>() : null;
    this.files = form == PatchForm.MODEL ? new ArrayList<>() : null;
    this.builder = form == PatchForm.MODEL ? new DiffBuilder() : null;
    this.stream = stream;
  }

  private void emit(Utf8Text.Part part) {
    if (stream != null) {
      stream.add(part);
    } else {
      json.add(part);
    }
  }

  long size() {
    return escapedBytes + out.size() + fileBytes;
  }

  boolean full() {
    return size() >= maxDiffBytes;
  }

  /**
   * Takes the block's files up to the cut: a file is written when the patch before it is still under the limit.
   * A block wholly under it hands over its chunks (no copy); only the block at the cut is copied in part.
   */
  void add(DiffBlock block) {
    int count = block.changes.size();
    long before = size();
    int taken = 0;
    while (taken < count && before + (taken == 0 ? 0 : block.ends[taken - 1]) < maxDiffBytes) {
      taken++;
    }
    if (files != null) {
      files.addAll(taken == count ? block.files : block.files.subList(0, taken == 0 ? 0 : block.filesEnd[taken - 1]));
      fileBytes += taken == 0 ? 0 : block.ends[taken - 1];
    } else if (taken == count && block.json != null && out.size() == 0) {
      emit(block.json);
      escapedBytes += block.out.size();
      block.out = null; // its raw bytes: let go now that they are escaped
    } else if (taken == count) {
      out.moveFrom(block.out);
    } else if (taken > 0) {
      block.out.copyTo(out, 0, block.ends[taken - 1]);
    }
    for (int i = 0; i < count; i++) {
      FileChange change = block.changes.get(i);
      if (i >= taken) {
        omitted.add(change.path());
        continue;
      }
      record(change, block.stats[i]);
      if (block.overBlobLimit.contains(change.path())) {
        overBlobLimit.add(change.path());
      }
    }
  }

  /** One file written straight into the joined buffer or model (a diff written on one thread). */
  void write(FileChange change, PatchWriter writer) {
    if (full()) {
      omitted.add(change.path());
      return;
    }
    if (builder == null) {
      record(change, writer.write(change, out));
      return;
    }
    record(change, builder.write(writer, change));
    List<FileDiff> built = builder.takeFiles();
    files.addAll(built);
    fileBytes += DiffBlock.bytes(built);
  }

  /** A written file's counts, and its two sizes when binary; nothing for one a whitespace option left out. */
  private void record(FileChange change, PatchWriter.Stats stats) {
    if (stats.hidden()) {
      return;
    }
    count(change, stats, counts);
    if (stats.binary()) {
      binarySizes.put(change.path(), sizes(stats));
    }
    written++;
  }

  void skip(DiffBlock block) {
    block.settled().forEach(change -> omitted.add(change.path()));
  }

  GitReader.Patch patch() {
    return patch(overBlobLimit);
  }

  GitReader.Patch patch(List<String> overLimit) {
    long size = size();
    if (json != null && out.size() > 0) {
      emit(Utf8Text.escape(out.takeChunks())); // one thread's diff, or the block at the cut
    }
    return new GitReader.Patch(pair, out, json, files == null ? null : new Diff(files, ByteSlice.EMPTY), size, written, omitted, overLimit, counts, binarySizes);
  }

  static BinarySizes sizes(PatchWriter.Stats stats) {
    return new BinarySizes(stats.oldBytes(), stats.newBytes());
  }

  /**
   * How the diff engine's parser classifies what {@link PatchWriter} wrote for {@code change} (its tests hold the two
   * equal): a type change is written as a deletion and a creation, a mode change without new content has no hunks.
   */
  static void count(FileChange change, PatchWriter.Stats stats, List<Shaper.FileCount> counts) {
    switch (change.status()) {
      case ADDED -> counts.add(new Shaper.FileCount(ChangeType.ADDED, stats.additions(), 0));
      case DELETED -> counts.add(new Shaper.FileCount(ChangeType.DELETED, 0, stats.deletions()));
      case RENAMED -> counts.add(new Shaper.FileCount(ChangeType.RENAMED, stats.additions(), stats.deletions()));
      case TYPE_CHANGED -> {
        counts.add(new Shaper.FileCount(ChangeType.DELETED, 0, stats.deletions()));
        counts.add(new Shaper.FileCount(ChangeType.ADDED, stats.additions(), 0));
      }
      case MODIFIED -> counts.add(new Shaper.FileCount(change.oldMode() != change.newMode() && change.oldId().equals(change.newId())
        ? ChangeType.MODE_CHANGED : ChangeType.MODIFIED, stats.additions(), stats.deletions()));
    }
  }
}
