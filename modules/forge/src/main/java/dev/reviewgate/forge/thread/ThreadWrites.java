package dev.reviewgate.forge.thread;

import java.util.List;

/** What the writing thread tools answer, whichever forge they wrote to; {@link ThreadJson} writes them. */
public final class ThreadWrites {

  private ThreadWrites() {
  }

  /**
   * A posted review ({@code pr_review}).
   *
   * @param reviewId the forge's id of the review; null where a review has none (left out)
   * @param comments the number of comments posted with it; null when not counted (left out)
   * @param url the review's page, null when the forge gives none
   */
  public record Review(boolean posted, boolean alreadyPosted, Reported<Long> reviewId, Integer comments, String url,
                      List<String> warnings) {
  }

  /**
   * A reply in a thread ({@code pr_reply}).
   *
   * @param commentId the new (or earlier) comment's id; null when not known at all (left out): Azure DevOps and GitLab
   *     name no earlier reply's comment
   */
  public record Reply(boolean posted, boolean alreadyPosted, Reported<String> commentId, List<String> warnings) {

    /** Found posted by an earlier attempt. */
    public static Reply already(Reported<String> commentId) {
      return new Reply(false, true, commentId, List.of());
    }

    /** Posted now; the forge's id of the new comment, null if it did not say. */
    public static Reply posted(String commentId, List<String> warnings) {
      return new Reply(true, false, Reported.of(commentId), warnings);
    }
  }

  /** A resolved or reopened thread ({@code pr_resolve_thread}), in its status as the forge reports it now. */
  public record Resolve(String threadId, String status) {
  }
}
