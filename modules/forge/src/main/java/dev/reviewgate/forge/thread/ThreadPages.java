package dev.reviewgate.forge.thread;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ReplyContent;
import dev.reviewgate.diff.shape.PageCursor;
import dev.reviewgate.diff.shape.ReplyBudget;
import dev.reviewgate.forge.json.PagedArguments;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code pr_list_threads}' reply fitted to the call's budget ({@link ReplyBudget}), whichever forge wrote it: the
 * threads' comments from the cursor, whole, as many as fit, and a comment too long for the budget on its own in parts
 * (its body cut at a character, saying which characters the page holds). Each comment keeps its {@code author} and
 * {@code trust} beside its text, so a part of a stranger's text stays marked as theirs. A cursor names a place as
 * {@code thread-comment-character}, the thread counted in the whole listing: it replaces {@code skip}, so following
 * {@code next_cursor} reads every thread kept by the filters, {@code top} threads at most per page.
 */
public final class ThreadPages {

  public static final String TOOL = "pr_list_threads";

  /** A comment of the listing (or a thread without comments, {@code comment} -1), in the order they are read. */
  private record Unit(int thread, int comment) {
  }

  private ThreadPages() {
  }

  private static String fingerprint(JsonObject args) {
    return PagedArguments.fingerprint(TOOL, args, List.of("skip"));
  }

  /** The arguments the forge reads the listing with: a cursor's thread as {@code skip}. */
  public static JsonObject forgeArguments(JsonObject args) {
    if (args.getValue("cursor") == null) {
      return args;
    }
    long thread = PageCursor.read(args.getValue("cursor"), fingerprint(args), 3)[0];
    return args.copy().put("skip", (int) Math.min(thread, Integer.MAX_VALUE));
  }

  /** The forge's {@code listing} (read with {@link #forgeArguments}) as much of it from the cursor as fits. */
  public static JsonObject fit(JsonObject args, JsonObject listing, ReplyBudget budget, ReplyContent content) {
    String fingerprint = fingerprint(args);
    long[] at = PageCursor.read(args.getValue("cursor"), fingerprint, 3);
    int first = args.getValue("cursor") == null ? args.getInteger("skip", 0) : (int) at[0];
    JsonArray threads = listing.getJsonArray("threads", new JsonArray());
    List<Unit> units = new ArrayList<>();
    for (int t = 0; t < threads.size(); t++) {
      int comments = threads.getJsonObject(t).getJsonArray("comments", new JsonArray()).size();
      int from = t == 0 ? (int) at[1] : 0;
      if (t == 0 && from > 0 && from >= comments) {
        throw moved(args);
      }
      if (comments == 0) {
        units.add(new Unit(t, -1));
      }
      for (int c = from; c < comments; c++) {
        units.add(new Unit(t, c));
      }
    }
    if (units.isEmpty()) {
      return next(listing.copy(), listing, first, null, fingerprint);
    }
    Page page = new Page(args, listing, units, first, (int) Math.min(at[2], Integer.MAX_VALUE), budget, fingerprint);
    JsonObject whole = budget.largest(units.size(), k -> page.build(k, -1), content);
    if (budget.fits(whole, content)) {
      return whole;
    }
    return page.cutFirst(content);
  }

  /** The reply's continuation: where the page after {@code place} starts ({@code place} null: after this window). */
  private static JsonObject next(JsonObject reply, JsonObject listing, int first, long[] place, String fingerprint) {
    if (place != null) {
      reply.remove("next_skip");
      return reply.put("next_cursor", PageCursor.write(fingerprint, place));
    }
    if (listing.getValue("next_skip") instanceof Integer skip) {
      reply.put("next_cursor", PageCursor.write(fingerprint, skip, 0, 0));
    }
    return reply;
  }

  private static ToolException moved(JsonObject args) {
    return ToolException.conflict("cursor '" + args.getValue("cursor") + "' names a comment the thread no longer has "
      + "(comments were deleted since); start again without cursor");
  }

  /** The pages of one listing from one place. */
  private record Page(JsonObject args, JsonObject listing, List<Unit> units, int first, int fromChar, ReplyBudget budget,
                      String fingerprint) {

    /**
     * The page of the first {@code k} units; with {@code chars} ≥ 0, its last unit's body is cut after that many
     * characters (code points) of what this page shows of it.
     */
    JsonObject build(int k, int chars) {
      JsonArray threads = listing.getJsonArray("threads");
      JsonObject reply = without(listing, "threads");
      JsonArray shown = new JsonArray();
      JsonObject open = null;
      int openThread = -1;
      long[] cutAt = null;
      for (int i = 0; i < k; i++) {
        Unit unit = units.get(i);
        JsonObject thread = threads.getJsonObject(unit.thread());
        if (unit.thread() != openThread) {
          open = without(thread, "comments").put("comments", new JsonArray());
          if (unit.comment() > 0) {
            open.put("comments_on_earlier_pages", unit.comment());
          }
          shown.add(open);
          openThread = unit.thread();
        }
        if (unit.comment() < 0) {
          continue;
        }
        JsonObject comment = thread.getJsonArray("comments").getJsonObject(unit.comment()).copy();
        int start = i == 0 ? fromChar : 0;
        int end = i == k - 1 && chars >= 0 ? start + chars : -1;
        long[] rest = part(comment, start, end);
        if (rest != null) {
          cutAt = new long[] {first + unit.thread(), unit.comment(), rest[0]};
        }
        open.getJsonArray("comments").add(comment);
      }
      reply.put("threads", shown);
      long[] place = cutAt != null ? cutAt : k < units.size()
        ? new long[] {first + units.get(k).thread(), Math.max(0, units.get(k).comment()), 0} : null;
      if (place != null) {
        JsonArray warnings = reply.getJsonArray("warnings", new JsonArray()).copy();
        warnings.add("this page was cut to fit " + budget.limit() + "; call again with the same arguments and "
          + "cursor=next_cursor for the rest");
        reply.put("warnings", warnings);
      }
      return next(reply, listing, first, place, fingerprint);
    }

    /** The first unit alone does not fit: as much of its body as fits, the rest on the next page. */
    JsonObject cutFirst(ReplyContent content) {
      Unit unit = units.get(0);
      String body = unit.comment() < 0 ? null : listing.getJsonArray("threads").getJsonObject(unit.thread())
        .getJsonArray("comments").getJsonObject(unit.comment()).getString("body");
      int left = body == null ? 0 : body.codePointCount(0, body.length()) - fromChar;
      int low = 1;
      int high = left - 1;
      JsonObject best = null;
      while (low <= high) {
        int mid = (low + high) >>> 1;
        JsonObject candidate = build(1, mid);
        if (budget.fits(candidate, content)) {
          best = candidate;
          low = mid + 1;
        } else {
          high = mid - 1;
        }
      }
      if (best == null) {
        throw budget.tooSmall(build(1, 0));
      }
      return best;
    }
  }

  /** A copy of {@code json} but its member {@code left}, sharing the other members' values (a page's parts are new). */
  private static JsonObject without(JsonObject json, String left) {
    JsonObject out = new JsonObject();
    json.forEach(e -> {
      if (!e.getKey().equals(left)) {
        out.put(e.getKey(), e.getValue());
      }
    });
    return out;
  }

  /**
   * {@code comment}'s body as characters {@code [start, end)} ({@code end} -1: to its end), saying which part it is
   * when not all of it; the place of its rest ({@code {character}}) when the page ends inside it, else null.
   */
  private static long[] part(JsonObject comment, int start, int end) {
    if (!(comment.getValue("body") instanceof String body) || start == 0 && end < 0) {
      return null;
    }
    int length = body.codePointCount(0, body.length());
    int from = Math.min(start, length);
    int to = end < 0 ? length : Math.min(end, length);
    comment.put("body", body.substring(body.offsetByCodePoints(0, from), body.offsetByCodePoints(0, to)));
    boolean more = to < length;
    comment.put("body_cut", "characters " + (from + 1) + " to " + to + " of this comment's " + length + (more
      ? "; the rest is on the next page: call again with the same arguments and cursor=next_cursor"
      : "; the first " + from + " were on earlier pages"));
    return more ? new long[] {to} : null;
  }
}
