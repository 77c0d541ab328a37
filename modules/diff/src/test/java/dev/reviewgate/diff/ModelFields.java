package dev.reviewgate.diff;

import dev.reviewgate.diff.model.ByteSlice;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;
import dev.reviewgate.diff.model.Line;
import java.util.Arrays;

/** Every field of the diff model as text, so that two models compare field by field with a readable difference. */
public final class ModelFields {

  private ModelFields() {
  }

  /** Every field of a file, its hunks and their lines, as text that shows where two files differ. */
  public static String describe(FileDiff file) {
    StringBuilder out = new StringBuilder()
      .append("paths=").append(file.oldPath()).append(" -> ").append(file.newPath())
      .append("\ntype=").append(file.changeType()).append(" modes=").append(file.oldMode()).append(" -> ").append(file.newMode())
      .append(" similarity=").append(file.similarity()).append(" index=").append(file.index())
      .append(" binary=").append(file.binary()).append(" counts=+").append(file.additions()).append(" -").append(file.deletions())
      .append(" cut=").append(file.cut())
      .append("\nleading=").append(bytes(file.leadingText())).append(" binaryBody=").append(bytes(file.binaryBody()))
      .append("\nheader=").append(bytes(file.header()))
      .append("\nheaderLines=").append(file.headerLines().stream().map(ModelFields::bytes).toList())
      .append("\nextended=").append(file.extendedHeaderLines().stream().map(ModelFields::bytes).toList())
      .append("\nlineCount=").append(file.lineCount());
    for (Hunk hunk : file.hunks()) {
      out.append("\n@@ ").append(hunk.oldStart()).append(',').append(hunk.oldCount()).append(' ')
        .append(hunk.newStart()).append(',').append(hunk.newCount()).append(" header=").append(bytes(hunk.header()))
        .append(" heading=").append(bytes(hunk.heading())).append(" +").append(hunk.additions())
        .append(" -").append(hunk.deletions()).append(" lines=").append(hunk.lineCount())
        .append(" rendered=").append(hunk.renderedBytes()).append(" body=").append(bytes(hunk.body()));
      for (Line line : hunk.lines()) {
        out.append("\n  ").append(line.kind()).append(' ').append(line.oldNumber()).append(' ').append(line.newNumber())
          .append(' ').append(bytes(line.raw()));
      }
    }
    return out.toString();
  }

  private static String bytes(ByteSlice slice) {
    return Arrays.toString(slice.toArray());
  }
}
