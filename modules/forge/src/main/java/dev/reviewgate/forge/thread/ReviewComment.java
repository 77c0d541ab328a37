package dev.reviewgate.forge.thread;

import io.vertx.core.json.JsonObject;

/**
 * One comment of a review as an agent writes it: on a line ({@code line}, and {@code startLine} for a range) of one
 * side of a file's diff, or on the whole file ({@code line} null).
 *
 * @param side {@code new} (the pull request's version: added and context lines) or {@code old} (the base: deleted lines)
 */
public record ReviewComment(String path, Integer line, Integer startLine, String side, String body) {

  public static ReviewComment from(JsonObject json) {
    return new ReviewComment(json.getString("path"), json.getInteger("line"), json.getInteger("start_line"),
      json.getString("side", "new"), json.getString("body"));
  }

  public boolean onFile() {
    return line == null;
  }

  public boolean onOldSide() {
    return "old".equals(side);
  }

  /** The first line of the comment's range. */
  public int first() {
    return startLine != null ? startLine : line;
  }

  /** The anchor in words, for messages: {@code src/a.c line 12 (new side)}. */
  public String describe() {
    if (onFile()) {
      return path + " (the whole file)";
    }
    return path + " " + (startLine != null && !startLine.equals(line) ? "lines " + startLine + "-" + line : "line " + line)
      + " (" + side + " side)";
  }
}
