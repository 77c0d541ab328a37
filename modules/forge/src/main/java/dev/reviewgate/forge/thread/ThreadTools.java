package dev.reviewgate.forge.thread;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ToolTimeouts;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/**
 * The review-thread tools are forge-neutral ({@code forge}: {@code github}, {@code ado} or {@code gitlab}); each forge module serves
 * them for its forge at {@code reviewgate.<forge>.threads.<tool>}. A router on the tools' catalog addresses
 * ({@link ThreadRouterVerticle}, one per node with a forge role) validates the arguments once against the catalog and
 * sends the call to the forge it names.
 */
public final class ThreadTools {

  public static final List<String> TOOLS = List.of("pr_list_threads", "pr_review", "pr_reply", "pr_resolve_thread");

  private ThreadTools() {
  }

  /** Where {@code forge} serves {@code tool}: an address only this router calls (not in the catalog, not bridged). */
  public static String forgeAddress(String forge, String tool) {
    return Addresses.PREFIX + forge + ".threads." + tool;
  }

  /** Registers the router on every thread tool's catalog address; a forge gets the time its caller gives the tool. */
  public static Future<Void> route(Vertx vertx, ToolCatalog catalog, ToolTimeouts timeouts) {
    return Future.all(TOOLS.stream().map(tool -> ToolEndpoint.serve(vertx, catalog, tool, args ->
      Boolean.TRUE.equals(args.getValue("confirm"))
        ? Future.<JsonObject>failedFuture(dev.reviewgate.core.ToolException.invalid(dev.reviewgate.core.catalog.Tool.CONFIRM_NEEDS_MCP))
        : BusRequests.request(vertx.eventBus(), forgeAddress(args.getString("forge", "github"), tool), args,
          timeouts.of(tool)))).toList()).mapEmpty();
  }

  /**
   * The answer of {@code pr_list_threads}: the threads kept by {@code unresolved_only} (a status among
   * {@code openStatuses}) and {@code path}, paged by {@code top}/{@code skip}.
   */
  public static JsonObject listing(String forge, int pr, List<JsonObject> threads, JsonObject args, java.util.Set<String> openStatuses,
                                   List<String> warnings) {
    boolean unresolvedOnly = args.getBoolean("unresolved_only", false);
    String path = args.getString("path");
    List<JsonObject> kept = threads.stream()
      .filter(t -> !unresolvedOnly || openStatuses.contains(t.getString("status")))
      .filter(t -> path == null || path.equals(t.getString("path"))).toList();
    int skip = args.getInteger("skip", 0);
    int top = args.getInteger("top", 50);
    List<JsonObject> page = kept.subList(Math.min(skip, kept.size()), Math.min(kept.size(), skip + top));
    JsonObject result = new JsonObject().put("forge", forge).put("pr_number", pr)
      .put("threads", new io.vertx.core.json.JsonArray(new java.util.ArrayList<>(page))).put("total", kept.size());
    if (skip + page.size() < kept.size()) {
      result.put("next_skip", skip + page.size());
    }
    return result.put("warnings", new io.vertx.core.json.JsonArray(warnings));
  }

  /**
   * Puts on each thread the header of the hunk its line sits in ({@code hunk: "@@ -a,b +c,d @@"}), as the pull
   * request's current diff has it; {@code null} when the line is in no hunk (an outdated thread, or a file comment).
   */
  public static void attachHunks(List<JsonObject> threads, java.util.function.Supplier<dev.reviewgate.diff.model.Diff> diff) {
    java.util.Map<String, dev.reviewgate.diff.model.FileDiff> byPath = new java.util.HashMap<>();
    try {
      diff.get().files().forEach(file -> byPath.put(file.path(), file));
    } catch (dev.reviewgate.core.ToolException noDiff) {
      // an empty diff (nothing left to compare): no thread sits in a hunk
    }
    for (JsonObject thread : threads) {
      dev.reviewgate.diff.model.FileDiff file = byPath.get(thread.getString("path"));
      Integer line = thread.getInteger("line");
      String hunk = null;
      if (file != null && line != null) {
        boolean old = "old".equals(thread.getString("side"));
        for (dev.reviewgate.diff.model.Hunk h : file.hunks()) {
          int start = old ? h.oldStart() : h.newStart();
          int count = old ? h.oldCount() : h.newCount();
          if (line >= start && line < start + count) {
            hunk = "@@ -" + h.oldStart() + "," + h.oldCount() + " +" + h.newStart() + "," + h.newCount() + " @@";
            break;
          }
        }
      }
      thread.put("hunk", hunk);
    }
  }

  /** Serves {@code tool} for {@code forge} (arguments already validated by the router). */
  public static Future<Void> serve(Vertx vertx, String forge, String tool, Function<JsonObject, Future<JsonObject>> handler) {
    return ToolEndpoint.serveRouted(vertx, forgeAddress(forge, tool), tool, handler);
  }
}
