package dev.reviewgate.git;

/**
 * Text that a regular-expression engine reads through {@link #charAt}, checking the operation's {@link Cancellation}
 * every {@value #CHECK_EVERY} characters read (a volatile read; a large pattern costs microseconds per character). RE2 matches in linear time, but with a large compiled pattern
 * (e.g. {@code (?:x?){1000}x{1000}}) one line can still take seconds; reading through this stops such a match
 * within a few milliseconds of the deadline instead of letting it burn a worker thread to the end.
 */
final class WatchedText implements CharSequence {

  private static final int CHECK_EVERY = 512;

  private final String text;
  private final Cancellation cancellation;
  private int reads;

  WatchedText(String text, Cancellation cancellation) {
    this.text = text;
    this.cancellation = cancellation;
  }

  @Override
  public char charAt(int index) {
    if (++reads == CHECK_EVERY) {
      reads = 0;
      cancellation.check();
    }
    return text.charAt(index);
  }

  @Override
  public int length() {
    return text.length();
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return text.subSequence(start, end);
  }

  @Override
  public String toString() {
    return text;
  }
}
