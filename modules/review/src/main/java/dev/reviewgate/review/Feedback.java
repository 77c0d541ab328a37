package dev.reviewgate.review;

import java.time.Instant;
import java.util.List;

/**
 * Something the person did that the agent has not been told yet: a comment (with its thread and anchor), the
 * completion, or a finished pending review ({@code batch}: its comments, with the completion's {@code action} and
 * {@code notes} when it also completed the review). Queued durably in the review and handed to waits one at a time,
 * oldest first ({@code seq} order).
 */
public record Feedback(long seq, Kind kind, String threadId, String commentId, String file, Integer startLine,
                       Integer line, String side, String body, CompletionAction action, String notes, Instant at,
                       List<Feedback> batch) {

  public enum Kind {
    COMMENT, COMPLETION, REVIEW;

    public String wire() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public Feedback {
    batch = List.copyOf(batch);
  }

  public static Feedback comment(long seq, ReviewThread thread, ReviewComment comment) {
    return new Feedback(seq, Kind.COMMENT, thread.id(), comment.id(), thread.file(), thread.startLine(), thread.line(),
      thread.side(), comment.body(), null, null, comment.at(), List.of());
  }

  public static Feedback completion(long seq, Completion completion) {
    return new Feedback(seq, Kind.COMPLETION, null, null, null, null, null, null, null, completion.action(),
      completion.notes(), completion.at(), List.of());
  }

  /** A finished pending review: its comments as one item; {@code completion} null when it left the review open. */
  public static Feedback review(long seq, List<Feedback> comments, Completion completion, Instant at) {
    return new Feedback(seq, Kind.REVIEW, null, null, null, null, null, null, null,
      completion == null ? null : completion.action(), completion == null ? null : completion.notes(), at, comments);
  }
}
