package dev.reviewgate.github;

import dev.reviewgate.forge.json.ForgeEndpoint;

/**
 * GitHub's endpoints whose replies this module reads, named as GitHub's REST API description and GraphQL schema name
 * them, for errors about a reply that lacks what a call needs.
 */
final class GitHubEndpoints {

  static final ForgeEndpoint PULL = rest("GET /repos/{owner}/{repo}/pulls/{pull_number}");
  static final ForgeEndpoint PULLS = rest("GET /repos/{owner}/{repo}/pulls");
  static final ForgeEndpoint REVIEWS = rest("GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews");
  static final ForgeEndpoint CHECK_RUNS = rest("GET /repos/{owner}/{repo}/commits/{ref}/check-runs");
  static final ForgeEndpoint COMBINED_STATUS = rest("GET /repos/{owner}/{repo}/commits/{ref}/status");
  static final ForgeEndpoint PULL_COMMITS = rest("GET /repos/{owner}/{repo}/pulls/{pull_number}/commits");
  static final ForgeEndpoint PULL_FILES = rest("GET /repos/{owner}/{repo}/pulls/{pull_number}/files");
  static final ForgeEndpoint COMPARE = rest("GET /repos/{owner}/{repo}/compare/{basehead}");
  static final ForgeEndpoint REQUEST_REVIEWERS = rest("POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers");
  static final ForgeEndpoint MERGE = rest("PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge");
  static final ForgeEndpoint CREATE_REVIEW = rest("POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews");
  static final ForgeEndpoint REVIEW_THREADS = graphql("repository.pullRequest.reviewThreads");
  static final ForgeEndpoint THREAD_COMMENTS = graphql("node(PullRequestReviewThread).comments");
  static final ForgeEndpoint REPLY = graphql("addPullRequestReviewThreadReply");
  static final ForgeEndpoint RESOLVE = graphql("resolveReviewThread");
  static final ForgeEndpoint UNRESOLVE = graphql("unresolveReviewThread");
  static final ForgeEndpoint READY = graphql("markPullRequestReadyForReview");
  static final ForgeEndpoint DRAFT = graphql("convertPullRequestToDraft");

  private GitHubEndpoints() {
  }

  private static ForgeEndpoint rest(String endpoint) {
    return new ForgeEndpoint("GitHub", endpoint);
  }

  private static ForgeEndpoint graphql(String field) {
    return new ForgeEndpoint("GitHub", "POST /graphql " + field);
  }
}
