package dev.reviewgate.git;

import dev.reviewgate.core.json.Utf8Text;
import dev.reviewgate.diff.build.DiffBuilder;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.render.UnifiedRenderer;
import dev.reviewgate.xdiff.FileChange;
import dev.reviewgate.xdiff.PatchBytes;
import dev.reviewgate.xdiff.PatchWriter;
import dev.reviewgate.xdiff.Renames;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Some consecutive files of a diff as the trees list them, written into their own buffer (or, as the model, built
 * into their own files) with where each one ends; {@code changes} are the files written, after rename detection
 * (known once the block has waited for it).
 */
final class DiffBlock {
  final List<FileChange> listed;
  final int offset;
  final CompletableFuture<FileChange[]> renamed;
  final PatchForm form;
  final List<FileChange> changes = new ArrayList<>();
  PatchBytes out = new PatchBytes();
  /** The model's files of {@link #changes}, in order (a type change has two); MODEL only. */
  final List<FileDiff> files = new ArrayList<>();
  /** Where the i-th written change ends: in bytes of text, and (MODEL) in {@link #files}. */
  final long[] ends;
  final int[] filesEnd;
  final PatchWriter.Stats[] stats;
  List<String> overBlobLimit = List.of();
  /** The block's text escaped as JSON (JSON only), made on the thread that wrote it. */
  Utf8Text.Part json;
  // The block's files as written so far, by listed index: the piece of text each is in (pieces in file order, a
  // file put off holding its place with null) and where it ends there, or (MODEL) its files and their bytes; and
  // what was written (null: nothing yet, or a deletion that became part of a rename).
  private final List<PatchBytes> pieces = new ArrayList<>();
  private int[] pieceOf;
  private long[] endInPiece;
  private List<List<FileDiff>> filesOf;
  private final DiffBuilder builder;
  private FileChange[] written;
  private PatchWriter.Stats[] statsOf;
  private final List<Integer> later = new ArrayList<>();
  private final List<String> overLimit = new ArrayList<>();

  /** @param renamed the whole list after rename detection, aligned with it (null: none ran); see Renames#aligned */
  DiffBlock(List<FileChange> listed, int offset, CompletableFuture<FileChange[]> renamed, PatchForm form) {
    this.listed = listed;
    this.offset = offset;
    this.renamed = renamed;
    this.form = form;
    this.ends = new long[listed.size()];
    this.filesEnd = new int[listed.size()];
    this.stats = new PatchWriter.Stats[listed.size()];
    this.builder = form == PatchForm.MODEL ? new DiffBuilder() : null;
  }

  /**
   * Writes the block's files in their order, but for the additions and deletions met before the renames are known:
   * those are left for {@link #writeRest}, each to go into a piece of its own put back in its place. The diff
   * threads had waited for the renames instead (a warm 36.6 MB git.git range used 1.25 of two cores).
   */
  void writeUntilRenames(PatchWriter writer) {
    int count = listed.size();
    pieceOf = new int[count];
    endInPiece = new long[count];
    filesOf = new ArrayList<>(java.util.Collections.nCopies(count, null));
    written = new FileChange[count];
    statsOf = new PatchWriter.Stats[count];
    PatchBytes piece = null;
    for (int i = 0; i < count; i++) {
      if (Renames.mayPair(listed.get(i)) && !renamed.isDone()) {
        later.add(i);
        pieceOf[i] = pieces.size();
        pieces.add(null);
        piece = null;
        continue;
      }
      FileChange change = settled(i);
      if (change == null) {
        continue;
      }
      if (builder == null && piece == null) {
        piece = new PatchBytes();
        pieces.add(piece);
      }
      write(i, change, writer, piece, pieces.size() - 1);
    }
    overLimit.addAll(writer.overBlobLimit());
  }

  /** Writes the i-th listed file: its text at the end of {@code piece}, the piece at {@code pieceIndex}; or its model. */
  private void write(int i, FileChange change, PatchWriter writer, PatchBytes piece, int pieceIndex) {
    written[i] = change;
    if (builder != null) {
      statsOf[i] = builder.write(writer, change);
      filesOf.set(i, builder.takeFiles());
      return;
    }
    pieceOf[i] = pieceIndex;
    statsOf[i] = writer.write(change, piece);
    endInPiece[i] = piece.size();
  }

  /** Whether files wait for the renames. */
  boolean waiting() {
    return !later.isEmpty();
  }

  /** Writes the files put off (the renames are known now) and joins the block. */
  void writeRest(PatchWriter writer) {
    for (int i : later) {
      FileChange change = settled(i);
      if (change == null) {
        continue;
      }
      PatchBytes own = builder == null ? new PatchBytes() : null;
      if (own != null) {
        pieces.set(pieceOf[i], own);
      }
      write(i, change, writer, own, pieceOf[i]);
    }
    overLimit.addAll(writer.overBlobLimit());
    joined();
  }

  /**
   * Joins the block in file order: the pieces of text into {@link #out} (escaped for JSON), or the files of the
   * model into {@link #files}, with each written file's end.
   */
  DiffBlock joined() {
    long[] pieceStart = new long[pieces.size()];
    for (int k = 0; k < pieces.size(); k++) {
      pieceStart[k] = out.size();
      if (pieces.get(k) != null) {
        out.moveFrom(pieces.get(k));
      }
    }
    pieces.clear();
    long modelBytes = 0;
    for (int i = 0; i < listed.size(); i++) {
      if (written[i] != null) {
        int n = changes.size();
        changes.add(written[i]);
        stats[n] = statsOf[i];
        if (builder != null) {
          files.addAll(filesOf.get(i));
          modelBytes += bytes(filesOf.get(i));
          ends[n] = modelBytes;
          filesEnd[n] = files.size();
        } else {
          ends[n] = pieceStart[pieceOf[i]] + endInPiece[i];
        }
      }
    }
    overBlobLimit = overLimit;
    if (form == PatchForm.JSON) {
      // The raw bytes stay until the block is joined: a block cut at git.maxDiffBytes is copied from them in part.
      json = Utf8Text.escape(out.chunks());
    }
    return this;
  }

  /** Bytes the files render to. */
  static long bytes(List<FileDiff> files) {
    long bytes = 0;
    for (FileDiff file : files) {
      bytes += UnifiedRenderer.fileBytes(file);
    }
    return bytes;
  }

  /** The files of a block never written (past the cut), after rename detection. */
  List<FileChange> settled() {
    List<FileChange> settled = new ArrayList<>();
    for (int i = 0; i < listed.size(); i++) {
      FileChange change = settled(i);
      if (change != null) {
        settled.add(change);
      }
    }
    return settled;
  }

  /** The i-th listed file after rename detection (null: a deletion now part of a rename), waiting only if it may pair. */
  private FileChange settled(int i) {
    FileChange change = listed.get(i);
    if (!Renames.mayPair(change)) {
      return change;
    }
    FileChange[] all;
    try {
      all = renamed.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException failure ? failure : e;
    }
    return all == null ? change : all[offset + i];
  }
}
