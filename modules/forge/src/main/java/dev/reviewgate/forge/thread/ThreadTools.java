package dev.reviewgate.forge.thread;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.config.ToolTimeouts;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The review-thread tools are forge-neutral ({@code forge}: {@code github}, {@code ado}, {@code gitlab} or {@code bitbucket}); each forge module serves
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
        ? Future.<JsonObject>failedFuture(ToolException.invalid(dev.reviewgate.core.catalog.Tool.CONFIRM_NEEDS_MCP))
        : BusRequests.request(vertx.eventBus(), forgeAddress(args.getString("forge", "github"), tool), args,
          timeouts.of(tool)))).toList()).mapEmpty();
  }

  /**
   * Each thread with the header of the hunk its line sits in ({@code @@ -a,b +c,d @@}), as the pull request's current
   * diff has it; {@code null} when the line is in no hunk (an outdated thread, or a file comment).
   */
  public static List<ReviewThread> withHunks(List<ReviewThread> threads, Supplier<Diff> diff) {
    Map<String, FileDiff> byPath = new HashMap<>();
    try {
      diff.get().files().forEach(file -> byPath.put(file.path(), file));
    } catch (ToolException noDiff) {
      // an empty diff (nothing left to compare): no thread sits in a hunk
    }
    return threads.stream().map(thread -> thread.withHunk(hunk(byPath.get(thread.path()), thread))).toList();
  }

  /**
   * The diff the threads' hunks are read from: context, so a forge that cannot give it now (502) leaves the hunks out,
   * saying why in {@code warnings}, rather than the threads.
   */
  public static Future<Diff> hunksFrom(Future<Diff> diff, List<String> warnings) {
    return diff.recover(failure -> {
      if (!(failure instanceof ToolException e) || e.code() != dev.reviewgate.core.Failure.UPSTREAM) {
        return Future.failedFuture(failure);
      }
      warnings.add("hunk left out of every thread: " + e.getMessage());
      return Future.succeededFuture(new Diff(List.of(), dev.reviewgate.diff.model.ByteSlice.EMPTY));
    });
  }

  private static String hunk(FileDiff file, ReviewThread thread) {
    Integer line = thread.line();
    if (file == null || line == null) {
      return null;
    }
    boolean old = "old".equals(thread.anchor().side());
    for (Hunk h : file.hunks()) {
      int start = old ? h.oldStart() : h.newStart();
      int count = old ? h.oldCount() : h.newCount();
      if (line >= start && line < start + count) {
        return "@@ -" + h.oldStart() + "," + h.oldCount() + " +" + h.newStart() + "," + h.newCount() + " @@";
      }
    }
    return null;
  }

  /** Serves {@code tool} for {@code forge} (arguments already validated by the router). */
  public static Future<Void> serve(Vertx vertx, String forge, String tool, Function<JsonObject, Future<JsonObject>> handler) {
    return ToolEndpoint.serveRouted(vertx, forgeAddress(forge, tool), tool, handler);
  }
}
