package dev.reviewgate.forge.thread;

import dev.reviewgate.core.ToolException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Every anchor of a review checked against the pull request's diff before anything is sent: a review with one
 * comment a forge would reject or silently drop is refused whole, naming each bad anchor and the nearest lines that
 * would do.
 */
public final class AnchorCheck {

  private AnchorCheck() {
  }

  /**
   * @param files the changed files by path (new path; a deleted file by its old path), with what may be commented
   * @throws ToolException 400 listing every bad anchor, when there is one
   */
  public static void check(List<ReviewComment> comments, Map<String, Commentable> files, String forgeRule) {
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < comments.size(); i++) {
      ReviewComment comment = comments.get(i);
      String where = "comment " + (i + 1) + " (" + comment.describe() + "): ";
      if (comment.body() == null || comment.body().isBlank()) {
        problems.add(where + "has no body");
        continue;
      }
      Commentable file = files.get(comment.path());
      if (file == null) {
        problems.add(where + "this pull request does not change " + comment.path() + "; it changes "
          + listed(new TreeSet<>(files.keySet())));
        continue;
      }
      if (comment.onFile()) {
        continue;
      }
      if (comment.startLine() != null && comment.startLine() > comment.line()) {
        problems.add(where + "start_line " + comment.startLine() + " is after line " + comment.line());
        continue;
      }
      if (!file.covers(comment.onOldSide(), comment.first(), comment.line())) {
        problems.add(where + "not commentable (" + forgeRule + "); the nearest commentable lines on the " + comment.side()
          + " side are " + file.nearest(comment.onOldSide(), comment.line()));
      }
    }
    if (!problems.isEmpty()) {
      throw ToolException.invalid("the review was not sent: " + problems.size() + " of its " + comments.size()
        + " comment(s) sit where the forge would reject or drop them, and nothing was posted. Fix these anchors and send "
        + "the whole review again:\n- " + String.join("\n- ", problems));
    }
  }

  private static String listed(TreeSet<String> paths) {
    List<String> shown = new ArrayList<>(paths).subList(0, Math.min(10, paths.size()));
    return String.join(", ", shown) + (paths.size() > 10 ? ", … (" + paths.size() + " files)" : "");
  }
}
