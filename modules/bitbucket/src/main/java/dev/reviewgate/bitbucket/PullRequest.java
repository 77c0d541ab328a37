package dev.reviewgate.bitbucket;

import java.util.List;

/**
 * A pull request in the words both flavours share. Only {@code id} is needed to name one; the rest stays null where
 * the flavour's reply left it out (both API descriptions mark every member optional).
 *
 * @param sourceCommit Cloud: often a 12-digit abbreviation; Data Center: the full id
 * @param version      Data Center's optimistic-locking version of the pull request, null on Cloud
 */
record PullRequest(long id, String title, String description, String state, Boolean draft, String author, String sourceBranch,
                   String targetBranch, String sourceCommit, String targetCommit, String created, String updated, String url,
                   List<Reviewer> reviewers, Integer version) {

  /**
   * A reviewer or participant and where they stand.
   *
   * @param status {@code approved}, {@code changes_requested} (Cloud) / {@code needs_work} (Data Center), or null
   */
  record Reviewer(String name, String role, String status) {
  }

  /** The commits a diff of the pull request is written between, as full ids. */
  record Commits(String base, String head, String target) {
  }
}
