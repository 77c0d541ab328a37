package dev.reviewgate.forge.http;

import dev.reviewgate.core.ToolException;

/**
 * What to do after one attempt of a request. {@code waitMs} and {@code why} (the reason for the wait, in words for
 * the caller) apply to {@link Kind#RETRY}; {@code failure} to {@link Kind#FAIL}.
 */
public record Decision(Kind kind, long waitMs, String why, ToolException failure) {

  public enum Kind { DELIVER, RETRY, FAIL }

  public static Decision deliver() {
    return new Decision(Kind.DELIVER, 0, null, null);
  }

  public static Decision retry(long waitMs, String why) {
    return new Decision(Kind.RETRY, Math.max(0, waitMs), why, null);
  }

  public static Decision fail(ToolException failure) {
    return new Decision(Kind.FAIL, 0, null, failure);
  }
}
