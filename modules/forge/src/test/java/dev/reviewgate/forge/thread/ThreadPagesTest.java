package dev.reviewgate.forge.thread;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ReplyContent;
import dev.reviewgate.diff.shape.ReplyBudget;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link ThreadPages} over listings {@link ThreadListing} makes: what a cursor belongs to, where it goes on, and a
 * budget too small for one character of a comment. The forges' tests read whole listings page by page.
 */
class ThreadPagesTest {

  private static final int DEFAULT_TOKENS = 20_000;

  private static List<ReviewThread> threads(int n, String body) {
    List<ReviewThread> out = new ArrayList<>();
    for (int t = 0; t < n; t++) {
      List<ReviewThread.Comment> comments = new ArrayList<>();
      for (int c = 0; c < 3; c++) {
        comments.add(new ReviewThread.Comment("c" + t + "-" + c, Author.untrusted("eve"), "2026-11-20T10:00:00Z", body));
      }
      out.add(new ReviewThread("t" + t, new ReviewThread.Anchor(t % 2 == 0 ? "a.c" : "b.c", "new",
        new ReviewThread.Lines(3, null), null), false, "unresolved", comments));
    }
    return out;
  }

  /** The reply of one call, as the forge verticle makes it. */
  private static JsonObject page(List<ReviewThread> threads, JsonObject args) {
    JsonObject read = ThreadPages.forgeArguments(args);
    JsonObject listing = ThreadJson.listing(ThreadListing.of("gitea", 4, threads, read, Set.of("unresolved"), List.of()));
    return ThreadPages.fit(args, listing, ReplyBudget.of(args, DEFAULT_TOKENS), ReplyContent.NONE);
  }

  @Test
  void aCursorGoesOnFromItsCommentAndIsRefusedWithOtherFilters() {
    List<ReviewThread> threads = threads(40, "a comment of some length, \"quoted\"\n");
    JsonObject args = new JsonObject().put("token_budget", 1_200).put("top", 30);
    JsonObject first = page(threads, args);
    String cursor = first.getString("next_cursor");
    assertThat(cursor).matches("\\d+-\\d+-0\\.[0-9a-f]{12}");
    assertThat(first.containsKey("next_skip")).as("a page cut inside its window has no next_skip").isFalse();
    JsonObject second = page(threads, args.copy().put("cursor", cursor).put("token_budget", 2_000));
    assertThat(second.getJsonArray("threads")).isNotEmpty();
    assertThatThrownBy(() -> page(threads, args.copy().put("cursor", cursor).put("path", "a.c")))
      .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.getMessage()).contains("issued for another result"));
    assertThatThrownBy(() -> page(threads, args.copy().put("cursor", "12.zz")))
      .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.getMessage()).contains("not one this tool issued"));
  }

  @Test
  void theLastPageOfAWindowGoesOnToTheNextWindowByCursorAndBySkip() {
    List<ReviewThread> threads = threads(5, "short");
    JsonObject page = page(threads, new JsonObject().put("top", 2));
    assertThat(page.getInteger("next_skip")).isEqualTo(2);
    JsonObject next = page(threads, new JsonObject().put("top", 2).put("cursor", page.getString("next_cursor")));
    assertThat(next.getJsonArray("threads").getJsonObject(0).getString("id")).isEqualTo("t2");
    assertThat(next.getInteger("next_skip")).isEqualTo(4);
  }

  @Test
  void aBudgetTooSmallForOneCharacterIsRefusedNamingTheLeastThatFits() {
    assertThatThrownBy(() -> page(threads(2, "x".repeat(5_000)), new JsonObject().put("max_bytes", 300)))
      .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.getMessage()).contains("give max_bytes of at least"));
  }
}
