package dev.reviewgate.diff.shape;

/**
 * The approximate token count of diff text: its UTF-8 byte length divided by 3.5, rounded up. Tokenizers of current
 * models average 3.5 to 4 bytes per token on source code and diffs (indentation and the +/- prefixes merge into
 * tokens, punctuation does not), so dividing by 3.5 errs on the side of staying within the budget. The estimate is
 * made on the unified text; the json and side_by_side formats of the same content are larger.
 */
public final class TokenEstimator {

  private TokenEstimator() {
  }

  public static long tokens(long bytes) {
    return (bytes * 2 + 6) / 7;
  }
}
