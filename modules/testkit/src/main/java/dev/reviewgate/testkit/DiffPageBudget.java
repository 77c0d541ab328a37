package dev.reviewgate.testkit;

import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.diff.shape.ReplyBudget;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * The budget scenario of a forge's diff tool over a pull request of many changes ({@code repo.ManyFiles}), asked for
 * all of them on one page: with a small budget and with none, every reply (the page's diff text, its change list and
 * its notes) within 1.1 times its budget as a client reads it, and the pages followed ({@code next_cursor} within a
 * page, then {@code pagination.next_skip}) list every change once, in order.
 */
public final class DiffPageBudget {

  private static final long DEFAULT_BYTES = ReplyBudget.bytesForTokens(20_000);

  private DiffPageBudget() {
  }

  /**
   * @param args  the tool's arguments naming the pull request
   * @param paths every change's path, in the forge's order
   */
  public static void check(BusCalls tools, String tool, JsonObject args, List<String> paths) {
    Tool declared = ToolCatalog.standard().require(tool);
    for (JsonObject budget : List.of(new JsonObject().put("token_budget", 1_500), new JsonObject())) {
      long bytes = budget.containsKey("token_budget") ? ReplyBudget.bytesForTokens(budget.getLong("token_budget")) : DEFAULT_BYTES;
      JsonObject first = args.copy().mergeIn(budget).put("top", paths.size());
      List<String> listed = new ArrayList<>();
      JsonObject call = first;
      int calls = 0;
      for (int guard = 0; guard < 500 && call != null; guard++) {
        JsonObject page = BusCalls.fitsOutputSchema(declared.address(), tools.call(declared.address(), call));
        calls++;
        long size = ReplyBudget.wireBytes(page, declared.replyContent());
        if (size > bytes * 1.1) {
          throw new AssertionError(tool + " page " + calls + " with " + budget.encode() + " takes " + size + " bytes, over "
            + bytes + " × 1.1");
        }
        if (!call.containsKey("cursor")) {
          page.getJsonArray("changes").forEach(c -> listed.add(((JsonObject) c).getString("path")));
        }
        Object skip = page.getJsonObject("pagination").getValue("next_skip");
        call = page.getString("next_cursor") != null ? call.copy().put("cursor", page.getString("next_cursor"))
          : skip != null ? first.copy().put("skip", skip) : null;
      }
      if (!listed.equals(paths)) {
        throw new AssertionError(tool + " with " + budget.encode() + " listed " + listed.size() + " changes of " + paths.size()
          + " (each once, in order)");
      }
      if (calls < 2) {
        throw new AssertionError(tool + " with " + budget.encode() + " was not paged");
      }
    }
  }
}
