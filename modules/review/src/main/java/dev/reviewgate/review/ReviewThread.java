package dev.reviewgate.review;

import java.util.ArrayList;
import java.util.List;

/**
 * A conversation anchored on a line ({@code file}, {@code line}, {@code side} "new" or "old"), on lines
 * {@code startLine}..{@code line}, on a whole file ({@code line} null) or, with a null file, on the review as a whole.
 */
public record ReviewThread(String id, String file, Integer startLine, Integer line, String side,
                           List<ReviewComment> comments) {

  public ReviewThread {
    comments = List.copyOf(comments);
  }

  public Anchor anchor() {
    return new Anchor(file, startLine, line, side);
  }

  public ReviewThread with(ReviewComment comment) {
    List<ReviewComment> all = new ArrayList<>(comments);
    all.add(comment);
    return new ReviewThread(id, file, startLine, line, side, all);
  }
}
