package dev.reviewgate.review;

import java.util.ArrayList;
import java.util.List;

/**
 * A conversation anchored on a line ({@code file}, {@code line}, {@code side} "new" or "old"), on lines
 * {@code startLine}..{@code line}, on a whole file ({@code line} null) or, with a null file, on the review as a whole.
 * The person may mark it {@code resolved} (the page folds it).
 */
public record ReviewThread(String id, String file, Integer startLine, Integer line, String side,
                           List<ReviewComment> comments, boolean resolved) {

  public ReviewThread {
    comments = List.copyOf(comments);
  }

  public Anchor anchor() {
    return new Anchor(file, startLine, line, side);
  }

  public ReviewThread with(ReviewComment comment) {
    List<ReviewComment> all = new ArrayList<>(comments);
    all.add(comment);
    return new ReviewThread(id, file, startLine, line, side, all, resolved);
  }

  /** The thread with comment {@code commentId} replaced by {@code comment}, or removed when it is null. */
  public ReviewThread replacing(String commentId, ReviewComment comment) {
    List<ReviewComment> all = new ArrayList<>();
    for (ReviewComment c : comments) {
      if (!c.id().equals(commentId)) {
        all.add(c);
      } else if (comment != null) {
        all.add(comment);
      }
    }
    return new ReviewThread(id, file, startLine, line, side, all, resolved);
  }

  public ReviewThread resolved(boolean on) {
    return new ReviewThread(id, file, startLine, line, side, comments, on);
  }
}
