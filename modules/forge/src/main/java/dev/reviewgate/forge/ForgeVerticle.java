package dev.reviewgate.forge;

import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.ReplyContent;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.bus.DiffCodec;
import dev.reviewgate.diff.shape.ReplyBudget;
import dev.reviewgate.forge.http.ForgeClient;
import dev.reviewgate.forge.json.ListPages;
import dev.reviewgate.forge.thread.ThreadPages;
import dev.reviewgate.forge.thread.ThreadTools;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonObject;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * How a forge is served: one client opened at start and closed at stop, one diff engine, and every tool call handed
 * that client bound to its caller's deadline (the tool's timeout from now), so that no forge request or wait outlives
 * the caller, reads and writes alike. A forge's verticle says only which tools it serves and with which handlers
 * ({@link #serveTools}).
 *
 * @param <B> what the forge's backend is built from
 * @param <C> the forge's client
 */
public abstract class ForgeVerticle<B extends ForgeBackendOptions, C extends ForgeClient<C, ?>> extends VerticleBase {

  private final String forge;
  private final B backend;
  private final ToolCatalog catalog;
  private final Function<Vertx, C> open;
  private C client;
  private DiffEngine engine;

  /**
   * @param forge the forge's key in the review-thread tools' {@code forge} argument, e.g. {@code gitlab}
   * @param open  the forge's client, made once at start
   */
  protected ForgeVerticle(String forge, B backend, ToolCatalog catalog, Function<Vertx, C> open) {
    this.forge = forge;
    this.backend = backend;
    this.catalog = catalog;
    this.open = open;
  }

  @Override
  public final Future<?> start() {
    DiffCodec.register(vertx.eventBus()); // the local clone's diff comes back as the model
    client = open.apply(vertx);
    engine = new DiffEngine(backend.diff());
    return serveTools(engine);
  }

  protected final B backend() {
    return backend;
  }

  /** Registers every tool of the forge with {@link #serve} and {@link #threads}; completes when all are registered. */
  protected abstract Future<?> serveTools(DiffEngine engine);

  /** Serves {@code tool} at its catalog address. */
  protected final Future<Void> serve(String tool, BiFunction<C, JsonObject, Future<JsonObject>> handler) {
    return ToolEndpoint.serve(vertx, catalog, tool, args -> handler.apply(clientFor(tool), args));
  }

  /**
   * Serves a list tool at its catalog address, its reply fitted to the call's budget as {@code pages} says
   * ({@link ListPages}).
   */
  protected final Future<Void> serveList(ListPages pages, BiFunction<C, JsonObject, Future<JsonObject>> handler) {
    ReplyContent content = catalog.require(pages.tool()).replyContent();
    return serve(pages.tool(), (bound, args) -> Future.succeededFuture(args).map(pages::forgeArguments)
      .compose(read -> handler.apply(bound, read))
      .map(reply -> pages.fit(args, reply, budget(args), content)));
  }

  /**
   * Serves this forge's side of a review-thread tool (the router sends calls with this {@code forge} here); the
   * listing's reply is fitted to the call's budget ({@link ThreadPages}).
   */
  protected final Future<Void> threads(String tool, BiFunction<C, JsonObject, Future<JsonObject>> handler) {
    if (!ThreadPages.TOOL.equals(tool)) {
      return ThreadTools.serve(vertx, forge, tool, args -> handler.apply(clientFor(tool), args));
    }
    ReplyContent content = catalog.require(tool).replyContent();
    return ThreadTools.serve(vertx, forge, tool, args -> Future.succeededFuture(args).map(ThreadPages::forgeArguments)
      .compose(read -> handler.apply(clientFor(tool), read))
      .map(listing -> ThreadPages.fit(args, listing, budget(args), content)));
  }

  /** The budget of a call's reply: its {@code max_bytes} or {@code token_budget}, else {@code diff.defaultTokenBudget}. */
  protected final ReplyBudget budget(JsonObject args) {
    return ReplyBudget.of(args, engine.options().defaultTokenBudget());
  }

  private C clientFor(String tool) {
    return client.until(System.currentTimeMillis() + backend.timeouts().of(tool));
  }

  @Override
  public final Future<?> stop() {
    if (client != null) {
      client.close();
    }
    return Future.succeededFuture();
  }
}
