package dev.reviewgate.review;

import dev.reviewgate.core.ToolException;
import io.vertx.core.json.JsonObject;

/**
 * Where a new thread sits: lines {@code startLine}..{@code line} on one {@code side} ("new" or "old") of {@code file},
 * one line ({@code startLine} null), the whole file ({@code line} null) or the review as a whole ({@code file} null).
 */
public record Anchor(String file, Integer startLine, Integer line, String side) {

  public static final Anchor REVIEW = new Anchor(null, null, null, null);

  /** Normalised: no side without a line, side "new" by default, a one-line range kept as a single line. */
  public Anchor {
    if (file == null) {
      startLine = null;
      line = null;
    }
    if (line == null) {
      startLine = null;
      side = null;
    } else if (side == null) {
      side = "new";
    }
    if (startLine != null && startLine.equals(line)) {
      startLine = null;
    }
  }

  /** The anchor a tool's arguments name ({@code file}, {@code start_line}, {@code line}, {@code side}), checked. */
  public static Anchor of(JsonObject args) {
    String file = args.getString("file");
    Integer start = args.getInteger("start_line");
    Integer line = args.getInteger("line");
    if (line != null && file == null) {
      throw ToolException.invalid("line needs file: name the file the line belongs to, or omit line to comment on "
        + "the review as a whole.");
    }
    if (start != null && line == null) {
      throw ToolException.invalid("start_line needs line: a range is start_line..line (both on the same side).");
    }
    if (start != null && start > line) {
      throw ToolException.invalid("start_line " + start + " is after line " + line + "; a range runs from "
        + "start_line up to line.");
    }
    return new Anchor(file, start, line, args.getString("side"));
  }
}
