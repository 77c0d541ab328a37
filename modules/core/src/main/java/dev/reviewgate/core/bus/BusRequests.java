package dev.reviewgate.core.bus;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import io.vertx.core.Future;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.json.JsonObject;

/**
 * The one way callers send a request to a reviewgate address: always with a send timeout, and with every
 * {@link ReplyException} mapped to a {@link ToolException} carrying a {@link Failure} code.
 */
public final class BusRequests {

  private BusRequests() {
  }

  public static Future<JsonObject> request(EventBus bus, String address, JsonObject body, long timeoutMs) {
    return request(bus, address, body, new DeliveryOptions().setSendTimeout(timeoutMs));
  }

  public static Future<JsonObject> request(EventBus bus, String address, JsonObject body, DeliveryOptions options) {
    return bus.<JsonObject>request(address, body, options)
      .map(reply -> reply.body() == null ? new JsonObject() : reply.body())
      .recover(failure -> Future.failedFuture(toToolException(address, failure)));
  }

  /** Maps any failure of a bus request to the code and text a caller sees. */
  public static ToolException toToolException(String address, Throwable failure) {
    if (failure instanceof ToolException tool) {
      return tool;
    }
    if (failure instanceof ReplyException reply) {
      return switch (reply.failureType()) {
        case TIMEOUT -> new ToolException(Failure.TIMED_OUT,
          "no answer from " + address + " in time; the operation was abandoned. Retry, or narrow the request.");
        case NO_HANDLERS -> new ToolException(Failure.UNAVAILABLE,
          "nothing serves " + address + " right now; the service may be starting, disabled in configuration, "
            + "or (clustered) served by no node that is up: start a node with that role.");
        default -> new ToolException(reply.failureCode() > 0 ? reply.failureCode() : Failure.INTERNAL,
          reply.getMessage() == null ? "the request failed" : reply.getMessage());
      };
    }
    return new ToolException(Failure.INTERNAL, "internal error while calling " + address);
  }
}
