package dev.reviewgate.bitbucket;

import dev.reviewgate.forge.thread.ReviewComment;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import java.util.List;

/**
 * What the Bitbucket tools ask of a flavour's REST API, answered as records: {@link CloudApi} (REST 2.0) and
 * {@link DcApi} (REST 1.0). Everything else (paging a change list, diffs, anchors, markers) is shared.
 */
interface BitbucketApi {

  /** A page of pull requests and whether another follows. */
  record Listing(List<PullRequest> pullRequests, boolean more) {
  }

  /** A new comment: on a line or file of the diff ({@code anchor}), or a reply ({@code parentId}), or general. */
  record NewComment(String body, ReviewComment anchor, Anchoring lines, String parentId) {
  }

  /**
   * How a comment's lines sit in the merge-base diff: the kind (added, deleted or context) of its last and first line,
   * for the flavours that name it (Data Center's {@code lineType}).
   */
  record Anchoring(String lineKind, String startKind) {
  }

  /** @param state {@code open}, {@code merged}, {@code declined}, {@code superseded} (Cloud) or {@code all} */
  Future<Listing> list(Repo repo, String state, int page, int perPage);

  Future<PullRequest> pullRequest(Repo repo, long id);

  /** The full ids of the pull request's head, its merge base with the target, and the target's head. */
  Future<PullRequest.Commits> commits(Repo repo, PullRequest pr);

  /** What changed from {@code from} to {@code to} (straight: {@code git diff from to}), with renames. */
  Future<List<BitbucketChange>> changes(Repo repo, long id, String from, String to);

  /** A file's bytes at a commit. */
  Future<Buffer> file(Repo repo, String path, String commit);

  /** Every comment of the pull request, replies included. */
  Future<List<BitbucketComment>> comments(Repo repo, long id);

  /** Posts a comment; its id. */
  Future<String> post(Repo repo, long id, NewComment comment);

  /**
   * Casts the verdict ({@code approve}, {@code request_changes}, …; {@code comment} casts none).
   *
   * @return a note for the answer's warnings, or null
   */
  Future<String> vote(Repo repo, PullRequest pr, String verdict);

  /** Resolves ({@code true}) or reopens a thread by its first comment's id; the status now. */
  Future<String> resolve(Repo repo, long id, String commentId, boolean resolved);

  /** The forge's rule for where a comment may sit, for the refusal of one that may not. */
  String rule();
}
