package dev.reviewgate.git;

import java.util.List;

/**
 * One page of a range's commits, newest first.
 *
 * @param range      the range as asked ({@code HEAD} when none was given)
 * @param nextCursor what to pass for the next page; null on the last one
 * @param offset     how many commits of the range come before this page
 * @param fingerprint what the range resolved to, which a cursor carries
 */
public record LogPage(String repo, String range, List<LogCommit> commits, String nextCursor, int offset, String fingerprint) {

  public LogPage {
    commits = List.copyOf(commits);
  }

  /** This page's first {@code count} commits, its cursor then going on after them (a reply cut to its budget). */
  public LogPage first(int count) {
    return count >= commits.size() ? this : new LogPage(repo, range, commits.subList(0, count),
      (offset + count) + "." + fingerprint, offset, fingerprint);
  }
}
