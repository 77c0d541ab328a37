package dev.reviewgate.core;

/**
 * HTTP-like failure codes used with {@code message.fail(code, text)} on every reviewgate address.
 * The text that goes with a code is written for the caller: what was wrong and what to do next.
 */
public final class Failure {

  public static final int INVALID_ARGUMENTS = 400;
  public static final int NOT_ALLOWED = 403;
  public static final int NOT_FOUND = 404;
  public static final int CONFLICT = 409;
  /** The answer needs history past a shallow clone's boundary: the repository lacks it, a deeper fetch adds it. */
  public static final int SHALLOW_HISTORY = 412;
  public static final int TOO_LARGE = 413;
  /** The answer needs an object a partial clone has not fetched (its promisor remote holds it). */
  public static final int NOT_FETCHED = 424;
  public static final int BUSY = 429;
  public static final int INTERNAL = 500;
  public static final int UPSTREAM = 502;
  public static final int UNAVAILABLE = 503;
  public static final int TIMED_OUT = 504;

  /** A short word for a code, used as a prefix in text results (e.g. {@code [NOT_FOUND]}). */
  public static String label(int code) {
    return switch (code) {
      case INVALID_ARGUMENTS -> "INVALID_ARGUMENTS";
      case NOT_ALLOWED -> "NOT_ALLOWED";
      case NOT_FOUND -> "NOT_FOUND";
      case CONFLICT -> "CONFLICT";
      case SHALLOW_HISTORY -> "SHALLOW_HISTORY";
      case TOO_LARGE -> "TOO_LARGE";
      case NOT_FETCHED -> "NOT_FETCHED";
      case BUSY -> "BUSY";
      case UPSTREAM -> "UPSTREAM";
      case UNAVAILABLE -> "UNAVAILABLE";
      case TIMED_OUT -> "TIMED_OUT";
      default -> "INTERNAL";
    };
  }

  private Failure() {
  }
}
