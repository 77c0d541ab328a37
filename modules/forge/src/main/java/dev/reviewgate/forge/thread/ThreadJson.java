package dev.reviewgate.forge.thread;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * The one writer of the thread tools' JSON from their records, for every forge: member names and their order, and
 * which members a forge's record leaves out (see {@link ReviewThread}).
 */
public final class ThreadJson {

  private ThreadJson() {
  }

  public static JsonObject listing(ThreadListing listing) {
    JsonArray threads = new JsonArray();
    listing.threads().forEach(t -> threads.add(thread(t)));
    JsonObject out = new JsonObject().put("forge", listing.forge()).put("pr_number", listing.pr()).put("threads", threads)
      .put("total", listing.total());
    if (listing.nextSkip() != null) {
      out.put("next_skip", listing.nextSkip());
    }
    return out.put("warnings", warnings(listing.warnings()));
  }

  public static JsonObject thread(ReviewThread thread) {
    JsonObject out = new JsonObject().put("id", thread.id());
    ReviewThread.Anchor anchor = thread.anchor();
    if (anchor != null) {
      out.put("path", anchor.path());
      if (anchor.origin() != null) {
        out.put("subject", anchor.origin().onFile() ? "file" : "line");
      }
      out.put("side", anchor.side());
      if (anchor.lines() != null) {
        out.put("line", anchor.lines().line()).put("start_line", anchor.lines().startLine());
      }
      if (anchor.origin() != null) {
        out.put("original_line", anchor.origin().originalLine());
      }
    }
    JsonArray comments = new JsonArray();
    for (ReviewThread.Comment c : thread.comments()) {
      JsonObject comment = c.author().writeTo(new JsonObject().put("id", c.id())).put("created", c.created())
        .put("body", c.body());
      if (c.url() != null) {
        comment.put("url", c.url().value());
      }
      comments.add(comment);
    }
    return out.put("outdated", thread.outdated()).put("status", thread.status()).put("comments", comments)
      .put("hunk", thread.hunk());
  }

  public static JsonObject review(ThreadWrites.Review review) {
    JsonObject out = new JsonObject().put("posted", review.posted()).put("already_posted", review.alreadyPosted());
    if (review.reviewId() != null) {
      out.put("review_id", review.reviewId().value());
    }
    if (review.comments() != null) {
      out.put("comments", review.comments());
    }
    return out.put("url", review.url()).put("warnings", warnings(review.warnings()));
  }

  public static JsonObject reply(ThreadWrites.Reply reply) {
    JsonObject out = new JsonObject().put("posted", reply.posted()).put("already_posted", reply.alreadyPosted());
    if (reply.commentId() != null) {
      out.put("comment_id", reply.commentId().value());
    }
    return out.put("warnings", warnings(reply.warnings()));
  }

  public static JsonObject resolve(ThreadWrites.Resolve resolve) {
    return new JsonObject().put("thread_id", resolve.threadId()).put("status", resolve.status()).put("warnings", new JsonArray());
  }

  /** A copy: the answer may be added to after it is written, and the record's list may be unmodifiable. */
  private static JsonArray warnings(List<String> warnings) {
    return new JsonArray(new ArrayList<>(warnings));
  }
}
