package dev.reviewgate.git;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * A commit as {@code git_log} lists it.
 *
 * @param body    the message after its subject paragraph, stripped; empty when there is none
 * @param parents the commit's parent SHAs in order (none for a root commit or a shallow clone's boundary), never
 *                rewritten by a path filter
 * @param shallowBoundary the commit is where a shallow clone's history ends: its parents were not fetched
 */
public record LogCommit(String sha, String subject, String body, Person author, Person committer,
                        List<String> parents, boolean shallowBoundary) {

  public LogCommit {
    parents = List.copyOf(parents);
  }

  public String shortSha() {
    return sha.substring(0, 7);
  }

  /** An author or committer, with the time and the zone offset the commit recorded. */
  public record Person(String name, String email, OffsetDateTime when) {
  }
}
