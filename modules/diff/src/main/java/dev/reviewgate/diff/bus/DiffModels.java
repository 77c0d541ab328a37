package dev.reviewgate.diff.bus;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.git.GitService;
import dev.reviewgate.diff.model.Diff;
import io.vertx.core.Future;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.EventBus;

/**
 * The git backend's diff as the model ({@link Addresses#GIT_DIFF_MODEL}), for a backend that needs a diff's files
 * (a forge's local clone): the files as xdiff built them, not text to parse. It lives here, not in core's
 * {@link GitService}, because core cannot name the model.
 */
public final class DiffModels {

  private DiffModels() {
  }

  /**
   * The diff {@code query} names (its shaping ignored), each request bounded by {@code timeoutMs}; the deadline is
   * stamped on the request, so a git node passing it on to the node serving the repository keeps it. The asker's
   * event bus has {@link DiffCodec} registered (a forge's verticle does at start), so a model from another node decodes.
   */
  public static Future<Diff> request(EventBus bus, GitService.DiffQuery query, long timeoutMs) {
    return bus.<Diff>request(Addresses.GIT_DIFF_MODEL, query.arguments(),
        CallContext.stampReplyBy(new DeliveryOptions().setSendTimeout(timeoutMs)))
      .map(reply -> reply.body())
      .recover(failure -> Future.failedFuture(BusRequests.toToolException(Addresses.GIT_DIFF_MODEL, failure)));
  }
}
