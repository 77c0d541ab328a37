package dev.reviewgate.review;

import java.time.Instant;

/**
 * Something the person did that the agent has not been told yet: a comment (with its thread and anchor) or the
 * completion. Queued durably in the review and handed to waits one at a time, oldest first ({@code seq} order).
 */
public record Feedback(long seq, Kind kind, String threadId, String commentId, String file, Integer startLine,
                       Integer line, String side, String body, CompletionAction action, String notes, Instant at) {

  public enum Kind {
    COMMENT, COMPLETION;

    public String wire() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public static Feedback comment(long seq, ReviewThread thread, ReviewComment comment) {
    return new Feedback(seq, Kind.COMMENT, thread.id(), comment.id(), thread.file(), thread.startLine(), thread.line(),
      thread.side(), comment.body(), null, null, comment.at());
  }

  public static Feedback completion(long seq, Completion completion) {
    return new Feedback(seq, Kind.COMPLETION, null, null, null, null, null, null, null, completion.action(),
      completion.notes(), completion.at());
  }
}
