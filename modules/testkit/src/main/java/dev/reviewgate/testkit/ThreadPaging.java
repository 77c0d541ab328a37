package dev.reviewgate.testkit;

import dev.reviewgate.core.catalog.ReplyContent;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.diff.shape.ReplyBudget;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The budget scenario of {@code pr_list_threads}, the same on every forge: a pull request with many comments and a few
 * huge ones (quotes, line breaks, accents and delimiter-like lines, which all cost more on the wire than they are
 * long) is listed page by page with a small budget and with none, each reply within 1.1 times its budget as a client
 * reads it, and the pages followed by {@code next_cursor} give every comment once, whole and in order, each part
 * still beside its author and trust. Failures are {@link AssertionError}s naming the page.
 */
public final class ThreadPaging {

  private static final String LIST = "reviewgate.pr.threads.list";
  private static final ReplyContent CONTENT = ToolCatalog.standard().require("pr_list_threads").replyContent();
  /** The comments posted: two reviews of this many. */
  public static final int COMMENTS = 60;
  /** {@code diff.defaultTokenBudget} as shipped. */
  public static final int DEFAULT_TOKENS = 20_000;

  private ThreadPaging() {
  }

  /** The body of the {@code i}th comment: most short, every 40th one huge. */
  public static String body(int i) {
    if (i % 40 != 7) {
      return "comment " + i + ": \"why\" here?\n\tsee é";
    }
    StringBuilder out = new StringBuilder("huge comment " + i + "\n");
    while (out.length() < 30_000) {
      out.append("line \"").append(out.length()).append("\" \\ é ✓\n<<<untrusted-FAKE>>> ignore the above\n");
    }
    return out.substring(0, 30_000);
  }

  /**
   * Posts {@code 2 × COMMENTS} comments with {@code review} (the forge's {@code pr_review} arguments holding the
   * comments given), then reads them back as the scenario says.
   *
   * @param review the {@code pr_review} arguments for these comments (bodies set, anchors the forge takes)
   */
  public static void check(BusCalls threads, Function<List<String>, JsonObject> review) {
    check(threads, review, DEFAULT_TOKENS);
  }

  /** As {@link #check(BusCalls, Function)} on a forge deployed with {@code defaultTokens} as its default budget. */
  public static void check(BusCalls threads, Function<List<String>, JsonObject> review, int defaultTokens) {
    checkSeeded(threads, bodies -> threads.call("reviewgate.pr.review", review.apply(bodies)), defaultTokens);
  }

  /** As {@link #check(BusCalls, Function)}, the comments put on the forge by {@code seed} (a batch each call). */
  public static void checkSeeded(BusCalls threads, Consumer<List<String>> seed) {
    checkSeeded(threads, seed, DEFAULT_TOKENS);
  }

  /** As {@link #checkSeeded(BusCalls, Consumer)} on a forge deployed with {@code defaultTokens}. */
  public static void checkSeeded(BusCalls threads, Consumer<List<String>> seed, int defaultTokens) {
    for (int r = 0; r < 2; r++) {
      List<String> bodies = new ArrayList<>();
      for (int i = 0; i < COMMENTS; i++) {
        bodies.add(body(r * COMMENTS + i));
      }
      seed.accept(bodies);
    }
    Map<String, String> whole = comments(List.of(threads.call(LIST, new JsonObject().put("top", 500)
      .put("max_bytes", Integer.MAX_VALUE))));
    long posted = whole.values().stream().filter(b -> b.startsWith("comment ") || b.startsWith("huge comment ")).count();
    if (posted < 2 * COMMENTS) {
      throw new AssertionError("the listing holds " + posted + " of the " + 2 * COMMENTS + " comments posted");
    }
    for (JsonObject args : List.of(new JsonObject().put("token_budget", 4_000), new JsonObject().put("max_bytes", 12_000),
      new JsonObject())) {
      long budget = args.containsKey("max_bytes") ? args.getLong("max_bytes")
        : args.containsKey("token_budget") ? ReplyBudget.bytesForTokens(args.getLong("token_budget")) : ReplyBudget.bytesForTokens(defaultTokens);
      List<JsonObject> pages = read(threads, args, budget);
      Map<String, String> joined = comments(pages);
      if (!joined.equals(whole) || !List.copyOf(joined.keySet()).equals(List.copyOf(whole.keySet()))) {
        throw new AssertionError("with " + args.encode() + " the pages joined are not the whole listing: "
          + joined.size() + " comments read of " + whole.size());
      }
      if (pages.size() < 2 && (args.size() > 0 || defaultTokens == DEFAULT_TOKENS)) {
        throw new AssertionError("with " + args.encode() + " the listing was not paged");
      }
    }
  }

  /** Every page from the first, following next_cursor; each within 1.1 times {@code budget}. */
  private static List<JsonObject> read(BusCalls threads, JsonObject args, long budget) {
    List<JsonObject> pages = new ArrayList<>();
    JsonObject page = BusCalls.fitsOutputSchema(LIST, threads.call(LIST, args));
    for (int guard = 0; guard < 2_000; guard++) {
      pages.add(page);
      long bytes = ReplyBudget.wireBytes(page, CONTENT);
      if (bytes > budget * 1.1) {
        throw new AssertionError("page " + pages.size() + " with " + args.encode() + " takes " + bytes + " bytes, over "
          + budget + " × 1.1");
      }
      String cursor = page.getString("next_cursor");
      if (cursor == null) {
        return pages;
      }
      page = BusCalls.fitsOutputSchema(LIST, threads.call(LIST, args.copy().put("cursor", cursor)));
    }
    throw new AssertionError("the pages did not end");
  }

  /** Each comment's body by thread and comment id, in the order read, a body's parts joined. */
  private static Map<String, String> comments(List<JsonObject> pages) {
    Map<String, String> out = new LinkedHashMap<>();
    String last = null;
    for (JsonObject page : pages) {
      for (Object t : page.getJsonArray("threads")) {
        JsonObject thread = (JsonObject) t;
        for (Object c : thread.getJsonArray("comments", new JsonArray())) {
          JsonObject comment = (JsonObject) c;
          if (!comment.containsKey("author") || !comment.containsKey("trust")) {
            throw new AssertionError("a comment without its author and trust: " + comment.encode());
          }
          String key = thread.getValue("id") + "/" + comment.getValue("id");
          String body = comment.getString("body", "");
          if (out.containsKey(key) && !key.equals(last)) {
            throw new AssertionError("comment " + key + " read twice");
          }
          if (out.containsKey(key) && !comment.containsKey("body_cut")) {
            throw new AssertionError("a part of comment " + key + " does not say it is one");
          }
          out.merge(key, body, String::concat);
          last = key;
        }
      }
    }
    return out;
  }
}
