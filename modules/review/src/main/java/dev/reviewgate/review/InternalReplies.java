package dev.reviewgate.review;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import io.vertx.core.Future;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;

/** How the review service answers its internal addresses (tasks, drafts): as a tool would, failures as codes. */
final class InternalReplies {

  private InternalReplies() {
  }

  /** Replies with what {@code answer} completes with, or fails with its code ({@code what} names the part for a 500). */
  static void answer(Message<JsonObject> message, Future<JsonObject> answer, String what) {
    answer.onComplete(done -> {
      if (done.succeeded()) {
        message.reply(done.result());
      } else {
        ToolException failure = done.cause() instanceof ToolException t ? t
          : new ToolException(Failure.INTERNAL, what + " failed: " + done.cause().getMessage());
        message.fail(failure.code(), failure.getMessage());
      }
    });
  }
}
