package dev.reviewgate.ado;

import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.thread.Author;
import dev.reviewgate.forge.thread.CommitMessage;
import java.util.List;

/**
 * A pull request with what a reviewer needs around it: reviewers and their votes, how many iterations, linked work
 * items and status checks. Read from Azure DevOps' answers by {@link #from} with REST 7.1's nullability (no member of
 * {@code GitPullRequest} is required: what was not sent is null, and {@code warnings} says so); written as JSON by
 * {@link AdoJson}.
 */
record AdoPullRequest(int id, String title, String description, String status, boolean draft, Author author,
                      String created, String sourceBranch, String targetBranch, String mergeStatus, String sourceCommit,
                      String targetCommit, List<Reviewer> reviewers, int iterations, List<WorkItem> workItems,
                      List<Check> checks, List<CommitMessage> commits, List<String> warnings) {

  /** @param vote null when Azure DevOps did not send it */
  record Reviewer(String name, String uniqueName, Integer vote, boolean required) {
  }

  record WorkItem(String id, String url) {
  }

  record Check(String name, String state, String description, String url) {
  }

  /**
   * @param pull       the pull request resource ({@code GitPullRequest})
   * @param askedId    the id the caller asked for, shown when the reply does not repeat it
   * @param iterations how many iterations it has
   * @param commits    the commits' messages when asked, else null
   */
  static AdoPullRequest from(Fields pull, int askedId, int iterations, List<WorkItem> workItems, List<Check> checks,
                             List<CommitMessage> commits, AdoTrust trust) {
    NotSent notSent = new NotSent();
    List<Reviewer> reviewers = pull.objects("reviewers", r -> new Reviewer(name(r),
      r.optString("uniqueName"), notSent.note(r.optInt("vote"), "reviewers[].vote", "that reviewer's vote is null"),
      // Azure DevOps leaves out false booleans: absent is not required.
      r.bool("isRequired", false)));
    String sourceCommit = notSent.note(commit(pull, "lastMergeSourceCommit"), "lastMergeSourceCommit",
      "source_commit is null (Azure DevOps may still be computing the merge)");
    String targetCommit = notSent.note(commit(pull, "lastMergeTargetCommit"), "lastMergeTargetCommit",
      "target_commit is null (Azure DevOps may still be computing the merge)");
    Integer id = pull.optInt("pullRequestId");
    return new AdoPullRequest(id == null ? askedId : id, notSent.note(pull.optString("title"), "title", "title is null"),
      pull.optString("description"), notSent.note(pull.optString("status"), "status", "status is null"),
      pull.bool("isDraft", false), creator(pull, trust, notSent, "author is null"),
      notSent.note(pull.optString("creationDate"), "creationDate", "created is null"),
      notSent.note(branch(pull.optString("sourceRefName")), "sourceRefName", "source_branch is null"),
      notSent.note(branch(pull.optString("targetRefName")), "targetRefName", "target_branch is null"),
      pull.optString("mergeStatus"), sourceCommit, targetCommit, reviewers, iterations, workItems, checks, commits,
      notSent.warnings());
  }

  /** The work items of a {@code workitems} reply ({@code ResourceRef}s, whose members are all optional). */
  static List<WorkItem> workItems(Fields reply) {
    return reply.objects("value", w -> new WorkItem(w.optString("id"), w.optString("url")));
  }

  /** The commits of a {@code commits} reply ({@code GitCommitRef}s: {@code comment} is the message). */
  static List<CommitMessage> commits(Fields reply, AdoTrust trust) {
    return reply.objects("value", c -> new CommitMessage(c.string("commitId"), c.optString("comment"), trust.committer(c.optObject("author"))));
  }

  /** The checks of a {@code statuses} reply ({@code GitPullRequestStatus}es, whose members are all optional). */
  static List<Check> checks(Fields reply) {
    return reply.objects("value", status -> {
      Fields context = status.optObject("context");
      String genre = context == null ? null : context.optString("genre");
      String name = context == null ? "" : context.optString("name", "");
      return new Check((genre == null ? "" : genre + "/") + name, status.optString("state"), status.optString("description"),
        status.optString("targetUrl"));
    });
  }

  /** One entry of a pull request list: the fields a list shows. */
  record Listed(int id, String title, String status, boolean draft, Author author, String created,
                String sourceBranch, String targetBranch) {

    /** An entry without {@code pullRequestId} cannot be named in any later call: that alone fails the list. */
    static Listed from(Fields pull, NotSent notSent, AdoTrust trust) {
      return new Listed(pull.intValue("pullRequestId"), notSent.note(pull.optString("title"), "title", "its title is null"),
        notSent.note(pull.optString("status"), "status", "its status is null"), pull.bool("isDraft", false),
        creator(pull, trust, notSent, "its author is null"),
        notSent.note(pull.optString("creationDate"), "creationDate", "its created is null"),
        notSent.note(branch(pull.optString("sourceRefName")), "sourceRefName", "its source_branch is null"),
        notSent.note(branch(pull.optString("targetRefName")), "targetRefName", "its target_branch is null"));
    }
  }

  /** A page of pull requests; {@code nextSkip} is set when the page was full (more may follow). */
  record Listing(List<Listed> pullRequests, Integer nextSkip, List<String> warnings) {
  }

  /** The pull request's {@code createdBy} with its trust; a warning when it has no name. */
  private static Author creator(Fields pull, AdoTrust trust, NotSent notSent, String warning) {
    Author author = trust.author(pull.optObject("createdBy"));
    notSent.note(author.login(), "createdBy", warning);
    return author;
  }

  /** An identity's display name, else its unique name; null when neither was sent. */
  static String name(Fields identity) {
    return identity == null ? null : identity.optString("displayName", identity.optString("uniqueName"));
  }

  /** The {@code commitId} of a commit reference member ({@code GitCommitRef}), or null. */
  static String commit(Fields json, String member) {
    Fields ref = json.optObject(member);
    return ref == null ? null : ref.optString("commitId");
  }

  static String branch(String ref) {
    return ref != null && ref.startsWith("refs/heads/") ? ref.substring("refs/heads/".length()) : ref;
  }
}
