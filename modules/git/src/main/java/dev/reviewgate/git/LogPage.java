package dev.reviewgate.git;

import java.util.List;

/**
 * One page of a range's commits, newest first.
 *
 * @param range      the range as asked ({@code HEAD} when none was given)
 * @param nextCursor what to pass for the next page; null on the last one
 */
public record LogPage(String repo, String range, List<LogCommit> commits, String nextCursor) {

  public LogPage {
    commits = List.copyOf(commits);
  }
}
