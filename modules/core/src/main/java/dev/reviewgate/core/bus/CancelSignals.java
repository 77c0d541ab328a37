package dev.reviewgate.core.bus;

import dev.reviewgate.core.Addresses;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import io.vertx.core.shareddata.LocalMap;
import io.vertx.core.shareddata.Shareable;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The one consumer of {@link Addresses#CANCEL} in a process, shared by every backend that does long work for a call
 * (git work, review waits). One consumer rather than one per backend: a cancellation is read once per process, and
 * the metrics keep one handler gauge per address (a second consumer on the same address made Micrometer warn at
 * every start and was never counted).
 *
 * <p>Made on first use; the launcher makes it before deploying backends, from its own thread, so that it belongs to
 * no verticle and outlives any one of them. Listeners are called on the context they listened from.
 */
public final class CancelSignals implements Shareable {

  private static final String MAP = "reviewgate.cancel-signals";

  private record Listener(Context context, Consumer<String> action) {
  }

  private final Set<Listener> listeners = ConcurrentHashMap.newKeySet();
  private final MessageConsumer<JsonObject> consumer;

  private CancelSignals(Vertx vertx) {
    consumer = vertx.eventBus().consumer(Addresses.CANCEL, message -> {
      JsonObject body = message.body();
      String callId = body == null ? null : body.getString("callId");
      if (callId != null) {
        listeners.forEach(listener -> listener.context().runOnContext(v -> listener.action().accept(callId)));
      }
    });
  }

  /** This Vert.x instance's signals. */
  public static CancelSignals of(Vertx vertx) {
    LocalMap<String, CancelSignals> map = vertx.sharedData().getLocalMap(MAP);
    synchronized (CancelSignals.class) {
      CancelSignals signals = map.get(MAP);
      if (signals == null) {
        signals = new CancelSignals(vertx);
        map.put(MAP, signals);
      }
      return signals;
    }
  }

  /** Tells every backend in the cluster that the caller of {@code callId} has gone: its long work stops. */
  public static void abandon(Vertx vertx, String callId) {
    vertx.eventBus().publish(Addresses.CANCEL, new JsonObject().put("callId", callId));
  }

  /**
   * Calls {@code action} with the id of every call a front-end abandons, on the current context, until the returned
   * handle runs. Completes once the consumer is registered (in a cluster: known to the other nodes).
   */
  public Future<Runnable> listen(Vertx vertx, Consumer<String> action) {
    Listener listener = new Listener(vertx.getOrCreateContext(), action);
    listeners.add(listener);
    return consumer.completion().map(v -> () -> listeners.remove(listener));
  }
}
