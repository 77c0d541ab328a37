package dev.reviewgate.review;

import java.time.Instant;

/**
 * A comment of the person's pending review ("Start a review"): kept with the review, shown only to the person, and
 * handed to the agent with the others as one batch when the review is finished. {@code threadId} is set for a reply
 * in an existing thread; otherwise {@code anchor} is where its new thread will sit.
 */
public record PendingComment(String id, String threadId, Anchor anchor, String body, Instant at) {

  public PendingComment withBody(String newBody) {
    return new PendingComment(id, threadId, anchor, newBody, at);
  }
}
