package dev.reviewgate.gitlab;

import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;
import dev.reviewgate.diff.model.LineKind;
import dev.reviewgate.forge.thread.Commentable;
import dev.reviewgate.forge.thread.ReviewComment;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeSet;

/**
 * The lines of one file's diff in a merge request version as GitLab places comments on them: a comment on an added
 * line carries {@code new_line} only, on a removed line {@code old_line} only, on a context line both; a range carries
 * {@code line_range} whose ends have GitLab's {@code line_code} ({@code sha1(path)_old_new}, with GitLab's counters:
 * an added line's old number is the old side's counter at that point, a removed line's new number likewise).
 */
final class DiffPositions {

  /** One line of the diff: its kind and GitLab's two counters there. */
  private record Line(LineKind kind, int oldPos, int newPos) {
  }

  private final String oldPath;
  private final String newPath;
  private final Map<Integer, Line> byNew = new HashMap<>();
  private final Map<Integer, Line> byOld = new HashMap<>();

  private DiffPositions(String oldPath, String newPath) {
    this.oldPath = oldPath;
    this.newPath = newPath;
  }

  static DiffPositions of(FileDiff file) {
    String newPath = file.newPath() != null ? file.newPath() : file.oldPath();
    DiffPositions positions = new DiffPositions(file.oldPath() != null ? file.oldPath() : newPath, newPath);
    for (Hunk hunk : file.hunks()) {
      int[] counters = {hunk.oldStart(), hunk.newStart()};
      hunk.forEachLine((kind, oldNo, newNo, source, start, end) -> {
        Line line = new Line(kind, counters[0], counters[1]);
        switch (kind) {
          case CONTEXT -> {
            positions.byNew.put(counters[1], line);
            positions.byOld.put(counters[0], line);
            counters[0]++;
            counters[1]++;
          }
          case ADDED -> {
            positions.byNew.put(counters[1], line);
            counters[1]++;
          }
          case DELETED -> {
            positions.byOld.put(counters[0], line);
            counters[0]++;
          }
          case NO_NEWLINE -> { }
        }
      });
    }
    return positions;
  }

  /** What may be commented: the lines of the hunks, per side. */
  Commentable commentable() {
    return new Commentable(new TreeSet<>(byNew.keySet()), new TreeSet<>(byOld.keySet()));
  }

  /**
   * The {@code position} of a draft note or discussion for {@code comment} (already checked against
   * {@link #commentable()}), at the version's three commits.
   */
  JsonObject position(ReviewComment comment, MergeRequestVersion version) {
    JsonObject position = new JsonObject().put("base_sha", version.base()).put("start_sha", version.start())
      .put("head_sha", version.head()).put("old_path", oldPath).put("new_path", newPath);
    if (comment.onFile()) {
      return position.put("position_type", "file");
    }
    position.put("position_type", "text");
    Line end = line(comment.onOldSide(), comment.line());
    put(position, end);
    if (comment.startLine() != null && !comment.startLine().equals(comment.line())) {
      Line start = line(comment.onOldSide(), comment.startLine());
      position.put("line_range", new JsonObject().put("start", rangeEnd(start)).put("end", rangeEnd(end)));
    }
    return position;
  }

  private Line line(boolean old, int number) {
    return (old ? byOld : byNew).get(number);
  }

  private static void put(JsonObject target, Line line) {
    if (line.kind() != LineKind.ADDED) {
      target.put("old_line", line.oldPos());
    }
    if (line.kind() != LineKind.DELETED) {
      target.put("new_line", line.newPos());
    }
  }

  private JsonObject rangeEnd(Line line) {
    JsonObject end = new JsonObject().put("line_code", lineCode(newPath, line.oldPos(), line.newPos()))
      .put("type", line.kind() == LineKind.ADDED ? "new" : line.kind() == LineKind.DELETED ? "old" : null);
    put(end, line);
    return end;
  }

  /** GitLab's line code: the SHA-1 of the file's path, then the old and new counters. */
  static String lineCode(String path, int oldPos, int newPos) {
    try {
      MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
      return HexFormat.of().formatHex(sha1.digest(path.getBytes(StandardCharsets.UTF_8))) + "_" + oldPos + "_" + newPos;
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 is required by every Java platform", e);
    }
  }
}
