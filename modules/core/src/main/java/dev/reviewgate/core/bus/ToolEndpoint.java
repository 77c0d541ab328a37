package dev.reviewgate.core.bus;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.security.Caller;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The backend boundary every tool goes through, whichever front-end sent the message: the arguments are checked
 * against the catalog's input schema (failing with 400 and a readable text), then the handler runs, and its
 * failure becomes {@code message.fail(code, text)}. A tool only the person may call (catalog {@code callers}) refuses,
 * with 403 and no change, any message that does not carry the person's {@link Caller#HEADER}. Unexpected exceptions are logged with their stack trace and
 * reach the caller only as a short 500 text.
 */
public final class ToolEndpoint {

  private static final Logger LOG = Logger.getLogger(ToolEndpoint.class.getName());

  private ToolEndpoint() {
  }

  /**
   * Registers {@code handler} on the tool's address.
   *
   * @return the consumer's registration, completed once it is visible to senders (cluster-wide when clustered)
   */
  public static Future<Void> serve(Vertx vertx, ToolCatalog catalog, String toolName,
                                   Function<JsonObject, Future<JsonObject>> handler) {
    return serve(vertx, catalog, toolName, (arguments, context) -> handler.apply(arguments));
  }

  /**
   * Like {@link #serve(Vertx, ToolCatalog, String, Function)}, for long-running tools that report progress or can
   * be cancelled: the handler also gets the call's {@link CallContext} (from the message headers).
   */
  public static Future<Void> serve(Vertx vertx, ToolCatalog catalog, String toolName,
                                   BiFunction<JsonObject, CallContext, Future<JsonObject>> handler) {
    Tool tool = catalog.require(toolName);
    MessageConsumer<Object> consumer = vertx.eventBus().consumer(tool.address(), message -> {
      if (tool.personOnly() && !Caller.of(message.headers()).map(Caller.PERSON::equals).orElse(false)) {
        // Defence in depth behind the bridges' own permissions, on whichever node serves the tool: only a front door
        // that saw the person's login cookie stamps the person, and every door strips what clients send.
        message.fail(Failure.NOT_ALLOWED, "only the person may call " + tool.name() + ", from the dashboard after "
          + "signing in with 'reviewgate open'; an agent's or a service's credential cannot");
        return;
      }
      handle(vertx, tool.name(), arguments -> catalog.validate(tool.name(), arguments), handler, message);
    });
    return consumer.completion();
  }

  /**
   * Serves an address that only another backend calls, with arguments that backend already validated against
   * {@code toolName}'s schema (e.g. a forge-neutral tool routed to one forge): failures are answered as for a tool.
   */
  public static Future<Void> serveRouted(Vertx vertx, String address, String toolName,
                                         Function<JsonObject, Future<JsonObject>> handler) {
    return routedConsumer(vertx, address, toolName, (arguments, context) -> handler.apply(arguments)).completion();
  }

  /**
   * As {@link #serveRouted}, the handler also getting the call's {@link CallContext}, and the consumer given back for
   * a serving that may end (a git node's repository withdrawn from it). The reply is a tool's JSON object (held to
   * the cluster's reply limit) or, for an internal address, a body with its own codec (the git backend's diff model).
   */
  public static <R> MessageConsumer<Object> routedConsumer(Vertx vertx, String address, String toolName,
                                                           BiFunction<JsonObject, CallContext, Future<R>> handler) {
    return vertx.eventBus().consumer(address, message -> handle(vertx, toolName, arguments -> { }, handler, message));
  }

  private static <R> void handle(Vertx vertx, String toolName, java.util.function.Consumer<JsonObject> validate,
                                 BiFunction<JsonObject, CallContext, Future<R>> handler,
                                 Message<Object> message) {
    Future<R> result;
    try {
      Object body = message.body();
      if (body != null && !(body instanceof JsonObject)) {
        throw ToolException.invalid("invalid arguments for " + toolName + ": expected a JSON object of named arguments");
      }
      JsonObject arguments = body == null ? new JsonObject() : (JsonObject) body;
      validate.accept(arguments);
      result = handler.apply(arguments, CallContext.from(message.headers()));
    } catch (RuntimeException e) {
      result = Future.failedFuture(e);
    }
    result.onComplete(done -> {
      if (done.succeeded()) {
        Object reply = done.result() == null ? new JsonObject() : done.result();
        try {
          if (reply instanceof JsonObject json) {
            ReplyLimit.check(vertx, toolName, json);
          }
        } catch (RuntimeException unfit) { // too large (a ToolException), or not encodable (a bug): answered either way
          fail(toolName, message, unfit);
          return;
        }
        message.reply(reply);
      } else {
        fail(toolName, message, done.cause());
      }
    });
  }

  private static void fail(String toolName, Message<Object> message, Throwable cause) {
    if (cause instanceof ToolException tool1) {
      message.fail(tool1.code(), tool1.getMessage());
      return;
    }
    LOG.log(Level.SEVERE, "tool " + toolName + " failed unexpectedly", cause);
    message.fail(Failure.INTERNAL, "internal error in " + toolName + "; the server log has the details. "
      + "Retry once; if it persists, report it with the arguments you used.");
  }
}
