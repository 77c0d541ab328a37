package dev.reviewgate.testkit;

import static dev.reviewgate.testkit.BusCalls.comment;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.testing.TempGitRepo;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Supplier;

/**
 * What the thread tests of every forge ask of {@code pr_review} on a pull request of the shop repository (src/app.c
 * edited, README.md untouched, gone.txt deleted), and what they expect back.
 */
public final class ReviewScenarios {

  /** What the refusal of {@link #anchorsOutsideTheDiff} says, whichever the forge; each forge adds its line range. */
  public static final List<String> OUTSIDE_THE_DIFF_REFUSAL = List.of("3 of its 4", "src/app.c line 99 (new side)",
    "does not change README.md", "gone.txt line 1 (new side)", "none on the new side");

  private ReviewScenarios() {
  }

  /** {@code review} with one comment the forge can place and three it cannot: past app.c's end, README.md, gone.txt's new side. */
  public static JsonObject anchorsOutsideTheDiff(JsonObject review, int placeableLine) {
    return review.copy().put("comments", new JsonArray()
      .add(comment("src/app.c", placeableLine, "new", "fine"))
      .add(comment("src/app.c", 99, "new", "past the end"))
      .add(comment("README.md", 1, "new", "not changed"))
      .add(comment("gone.txt", 1, "new", "deleted: no new side")));
  }

  /** The first hunk header of {@code git diff --histogram from to -- path}, up to its second {@code @@}. */
  public static String firstHunkHeader(TempGitRepo repo, String from, String to, String path) {
    String line = repo.git("diff", "--histogram", from, to, "--", path).lines().filter(l -> l.startsWith("@@")).findFirst()
      .orElseThrow(() -> new AssertionError("git diff " + from + " " + to + " has no hunk in " + path));
    return line.substring(0, line.indexOf("@@", 2) + 2);
  }

  /**
   * What one thread answered on its walk: {@code pr_review} with one comment on src/app.c line 5, two equal replies,
   * resolving, the unresolved threads, and the thread listed last.
   */
  public record ReplyWalk(String threadId, JsonObject reply, JsonObject replyAgain, JsonObject resolved, JsonObject unresolved,
    JsonObject thread) {

    /** Whether the unresolved threads still list the walked one. */
    public boolean stillUnresolved() {
      return unresolved.getJsonArray("threads").stream().anyMatch(t -> threadId.equals(((JsonObject) t).getString("id")));
    }
  }

  public static ReplyWalk replyTwiceAndResolve(BusCalls threads, JsonObject review) {
    threads.call("reviewgate.pr.review", review.copy().put("comments", new JsonArray().add(comment("src/app.c", 5, "new", "Spelled out?"))));
    JsonObject onApp = new JsonObject().put("path", "src/app.c");
    String id = threads.call("reviewgate.pr.threads.list", onApp).getJsonArray("threads").getJsonObject(0).getString("id");
    JsonObject reply = new JsonObject().put("thread_id", id).put("body", "Renamed it.");
    return new ReplyWalk(id, threads.call("reviewgate.pr.reply", reply), threads.call("reviewgate.pr.reply", reply),
      threads.call("reviewgate.pr.resolve", new JsonObject().put("thread_id", id).put("resolved", true)),
      threads.call("reviewgate.pr.threads.list", new JsonObject().put("unresolved_only", true)),
      threads.call("reviewgate.pr.threads.list", onApp).getJsonArray("threads").getJsonObject(0));
  }

  /**
   * {@code pr_review} whose first write's response was lost, then called again twice: the first failure's text, the
   * two answers, and what the forge held ({@code held}: e.g. how many threads or notes) after each call.
   */
  public record LostResponseRetry<T>(String lost, T heldAfterLoss, JsonObject retried, T heldAfterRetry, JsonObject again,
    T heldAfterAgain) {
  }

  /** Runs {@code pr_review} three times; the forge must have been told to lose the first write's response. */
  public static <T> LostResponseRetry<T> reviewAfterALostResponse(BusCalls threads, JsonObject review, Supplier<T> held) {
    String lost;
    try {
      threads.call("reviewgate.pr.review", review);
      throw new AssertionError("the review whose response was lost reported success");
    } catch (ToolException e) {
      lost = e.getMessage();
    }
    T afterLoss = held.get();
    JsonObject retried = threads.call("reviewgate.pr.review", review);
    T afterRetry = held.get();
    JsonObject again = threads.call("reviewgate.pr.review", review);
    return new LostResponseRetry<>(lost, afterLoss, retried, afterRetry, again, held.get());
  }
}
