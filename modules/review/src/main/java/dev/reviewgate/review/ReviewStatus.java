package dev.reviewgate.review;

/**
 * Where a review stands. Only the person's completion makes it {@link #COMPLETED}; then it takes no more comments.
 * After "request changes" the agent may still report the work done, which makes it {@link #APPROVED}.
 */
public enum ReviewStatus {
  PENDING, CHANGES_REQUESTED, APPROVED, COMPLETED;

  public String wire() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  public static ReviewStatus fromWire(String text) {
    return valueOf(text.toUpperCase(java.util.Locale.ROOT));
  }
}
