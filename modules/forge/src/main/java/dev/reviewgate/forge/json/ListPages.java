package dev.reviewgate.forge.json;

import dev.reviewgate.core.catalog.ReplyContent;
import dev.reviewgate.diff.shape.PageCursor;
import dev.reviewgate.diff.shape.ReplyBudget;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * A forge list tool's reply (pull requests, iterations, versions) fitted to the call's budget: the list's first
 * entries from the cursor that fit, whole, with {@code count} saying how many, a warning that the budget cut it, and
 * {@code next_cursor} for the rest. A cursor names the forge's page it belongs to ({@code skip} or {@code page}, which
 * it replaces) and the entry in it, {@code page-entry}; a {@code skip} tool's {@code next_skip} goes on after the last
 * entry shown, so either continues.
 *
 * @param tool   the tool, for its cursors' fingerprint
 * @param field  the reply's list
 * @param paging the argument that pages the forge's list ({@code skip}, {@code page}), null when none does
 * @param skips  whether {@code paging} counts entries ({@code skip}, with {@code next_skip} in the reply) rather than
 *               pages ({@code page}, with {@code next_page})
 */
public record ListPages(String tool, String field, String paging, boolean skips) {

  public static ListPages bySkip(String tool, String field) {
    return new ListPages(tool, field, "skip", true);
  }

  public static ListPages byPage(String tool, String field) {
    return new ListPages(tool, field, "page", false);
  }

  public static ListPages whole(String tool, String field) {
    return new ListPages(tool, field, null, false);
  }

  private String fingerprint(JsonObject args) {
    return PagedArguments.fingerprint(tool, args, paging == null ? List.of() : List.of(paging));
  }

  /** The arguments the forge reads the list with: a cursor's page as the paging argument. */
  public JsonObject forgeArguments(JsonObject args) {
    if (args.getValue("cursor") == null) {
      return args;
    }
    long page = PageCursor.read(args.getValue("cursor"), fingerprint(args), 2)[0];
    return paging == null || !skips && page == 0 ? args : args.copy().put(paging, (int) Math.min(page, Integer.MAX_VALUE));
  }

  /** The forge's {@code reply} (read with {@link #forgeArguments}), from the cursor's entry, as much of it as fits. */
  public JsonObject fit(JsonObject args, JsonObject reply, ReplyBudget budget, ReplyContent content) {
    String fingerprint = fingerprint(args);
    long[] at = PageCursor.read(args.getValue("cursor"), fingerprint, 2);
    long page = args.getValue("cursor") != null ? at[0] : paging == null ? 0 : args.getInteger(paging, 0);
    JsonArray all = reply.getJsonArray(field, new JsonArray());
    int start = (int) Math.min(at[1], all.size());
    int n = all.size() - start;
    if (start == 0 && budget.fits(reply, content)) {
      return reply;
    }
    return budget.largest(n, k -> {
      JsonObject part = reply.copy().put(field, new JsonArray(all.getList().subList(start, start + k)));
      if (part.containsKey("count")) {
        part.put("count", k);
      }
      if (start + k == all.size()) {
        return part;
      }
      part.put("next_cursor", PageCursor.write(fingerprint, page, start + k));
      if (skips) {
        part.put("next_skip", page + start + k);
      } else if (paging != null) {
        part.remove("next_page"); // this page is not done
      }
      JsonArray warnings = part.getValue("warnings") instanceof JsonArray given ? given.copy() : new JsonArray();
      warnings.add("this page holds entries " + (start + 1) + " to " + (start + k) + " of the " + all.size() + " the forge "
        + "answered; it was cut to fit " + budget.limit() + ": call again with the same arguments and cursor=next_cursor "
        + "for the rest");
      return part.put("warnings", warnings);
    }, content);
  }
}
