package dev.reviewgate.ado;

import dev.reviewgate.forge.json.Fields;
import java.util.List;

/**
 * One push to a pull request (an iteration) as Azure DevOps reports it: who pushed and when, and the commits it
 * compares: the source branch's head, the target's, and their merge base. Only {@code id} is needed (every later call
 * names an iteration by it); REST 7.1 marks no member of {@code GitPullRequestIteration} required, so the others may be
 * null (e.g. {@code sourceRefCommit} or {@code commonRefCommit} while Azure DevOps is still computing them).
 */
record AdoIteration(int id, String reason, String author, String created, String sourceCommit, String targetCommit,
                    String commonCommit) {

  static AdoIteration from(Fields api, NotSent notSent) {
    return new AdoIteration(api.intValue("id"), notSent.note(api.optString("reason"), "iterations' reason", "reason is null"),
      notSent.note(AdoPullRequest.name(api.optObject("author")), "iterations' author", "author is null"),
      notSent.note(api.optString("createdDate"), "iterations' createdDate", "created is null"),
      notSent.note(AdoPullRequest.commit(api, "sourceRefCommit"), "iterations' sourceRefCommit", "source_commit is null"),
      notSent.note(AdoPullRequest.commit(api, "targetRefCommit"), "iterations' targetRefCommit", "target_commit is null"),
      notSent.note(AdoPullRequest.commit(api, "commonRefCommit"), "iterations' commonRefCommit", "common_commit is null"));
  }

  /** {@code ado_list_pull_request_iterations}: every iteration of pull request {@code pr}, oldest first. */
  record Listing(int pr, List<AdoIteration> iterations, List<String> warnings) {
  }
}
