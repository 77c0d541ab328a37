package dev.reviewgate.git;

import java.util.List;

/**
 * The matches of a pattern in a commit's files, in path order.
 *
 * @param truncated            whether the search stopped at the match cap
 * @param message              what to do about the cap; null unless truncated
 * @param filesSkippedTooLarge files over {@code git.maxGrepFileBytes}, not searched
 * @param skippedTooLarge      their paths, in path order, the first {@code git.maxGrepMatches} of them
 */
public record GrepResult(String repo, String sha, List<Match> matches, int filesSearched, boolean truncated,
                         String message, int filesSkippedTooLarge, List<String> skippedTooLarge) {

  public GrepResult {
    matches = List.copyOf(matches);
    skippedTooLarge = List.copyOf(skippedTooLarge);
  }

  /**
   * A matching line (1-based {@code line} and {@code column}, {@code text} cut at {@code git.maxGrepLineChars}), or a
   * binary file that matches somewhere ({@code binary}: no line, column or text).
   */
  public record Match(String path, boolean binary, int line, int column, String text) {

    static Match inLine(String path, int line, int column, String text) {
      return new Match(path, false, line, column, text);
    }

    static Match inBinary(String path) {
      return new Match(path, true, 0, 0, null);
    }
  }
}
