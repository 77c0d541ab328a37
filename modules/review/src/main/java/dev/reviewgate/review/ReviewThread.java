package dev.reviewgate.review;

import java.util.ArrayList;
import java.util.List;

/**
 * A conversation anchored on a line ({@code file}, {@code line}, {@code side} "new" or "old") or, with a null
 * file, on the review as a whole.
 */
public record ReviewThread(String id, String file, Integer line, String side, List<ReviewComment> comments) {

  public ReviewThread {
    comments = List.copyOf(comments);
  }

  public ReviewThread with(ReviewComment comment) {
    List<ReviewComment> all = new ArrayList<>(comments);
    all.add(comment);
    return new ReviewThread(id, file, line, side, all);
  }
}
