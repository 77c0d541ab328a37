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
  public record Review(boolean posted, boolean alreadyPosted, Long reviewId, Integer comments, String url,
                      List<String> warnings) {
  }

  /**
   * A reply in a thread ({@code pr_reply}).
   *
   * @param commentId the new (or earlier) comment's id: written whenever the reply was posted now, null if the forge
   *     did not say; left out for one posted before whose id is not known
   */
  public record Reply(boolean posted, boolean alreadyPosted, String commentId, List<String> warnings) {

    public static Reply already(String commentId) {
      return new Reply(false, true, commentId, List.of());
    }
  }

  /** A resolved or reopened thread ({@code pr_resolve_thread}), in its status as the forge reports it now. */
  public record Resolve(String threadId, String status) {
  }
}
