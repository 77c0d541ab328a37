package dev.reviewgate.core;

/**
 * A failure the caller can act on: a {@link Failure} code and a message naming the bad input and the fix.
 * Libraries throw it; the shared handler wrapper turns it into {@code message.fail(code, message)}.
 * It carries no stack trace because it is an expected outcome, not a bug.
 */
public final class ToolException extends RuntimeException {

  private final int code;

  public ToolException(int code, String message) {
    super(message, null, false, false);
    this.code = code;
  }

  public int code() {
    return code;
  }

  public static ToolException invalid(String message) {
    return new ToolException(Failure.INVALID_ARGUMENTS, message);
  }

  public static ToolException notAllowed(String message) {
    return new ToolException(Failure.NOT_ALLOWED, message);
  }

  public static ToolException notFound(String message) {
    return new ToolException(Failure.NOT_FOUND, message);
  }

  public static ToolException conflict(String message) {
    return new ToolException(Failure.CONFLICT, message);
  }

  public static ToolException tooLarge(String message) {
    return new ToolException(Failure.TOO_LARGE, message);
  }

  public static ToolException busy(String message) {
    return new ToolException(Failure.BUSY, message);
  }

  public static ToolException upstream(String message) {
    return new ToolException(Failure.UPSTREAM, message);
  }

  public static ToolException timedOut(String message) {
    return new ToolException(Failure.TIMED_OUT, message);
  }

  @Override
  public String toString() {
    return "[" + Failure.label(code) + "] " + getMessage();
  }
}
