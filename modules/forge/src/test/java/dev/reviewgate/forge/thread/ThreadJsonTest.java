package dev.reviewgate.forge.thread;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.Validator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The one encoder of the thread tools: the exact JSON each forge's records become (member order, nulls against left
 * out members, as the forges wrote them before the records), each answer valid against its tool's outputSchema.
 */
class ThreadJsonTest {

  private static final JsonSchemaOptions SCHEMA = new JsonSchemaOptions().setDraft(Draft.DRAFT202012)
    .setBaseUri("https://reviewgate.dev/test/").setOutputFormat(OutputFormat.Basic);

  private static final ReviewThread.Comment LINKED = new ReviewThread.Comment("C1", new Author("octo", true), "2024-05-01T10:00:00Z", "Why?",
    Reported.of("https://github.com/o/r/pull/1#discussion_r1"));
  private static final ReviewThread.Comment GHOST = new ReviewThread.Comment("C2", Author.untrusted(null), null, "gone", Reported.of(null));

  /** Checks {@code answer} against {@code tool}'s outputSchema and returns it encoded. */
  private static String valid(String tool, JsonObject answer) {
    OutputUnit check = Validator.create(JsonSchema.of(ToolCatalog.standard().require(tool).outputSchema()), SCHEMA).validate(answer);
    assertThat(check.getValid()).as(tool + " " + answer.encode() + " " + check.getErrors()).isTrue();
    return answer.encode();
  }

  private static String listed(ReviewThread thread) {
    return valid("pr_list_threads", ThreadJson.listing(new ThreadListing("github", 1, List.of(thread), 1, null, List.of())));
  }

  /** The one thread of a listing, encoded. */
  private static String only(String listing) {
    return new JsonObject(listing).getJsonArray("threads").getJsonObject(0).encode();
  }

  @Test
  void aThreadWithEveryAnchorMemberWritesThemAllInOrder() {
    ReviewThread thread = new ReviewThread("T1", new ReviewThread.Anchor("src/a.c", "new", new ReviewThread.Lines(12, 10),
      new ReviewThread.Origin(false, 11)), false, "unresolved", List.of(LINKED), "@@ -1,3 +1,4 @@");

    assertThat(only(listed(thread))).isEqualTo("{\"id\":\"T1\",\"path\":\"src/a.c\",\"subject\":\"line\",\"side\":\"new\","
      + "\"line\":12,\"start_line\":10,\"original_line\":11,\"outdated\":false,\"status\":\"unresolved\",\"comments\":[{\"id\":"
      + "\"C1\",\"author\":\"octo\",\"trust\":\"trusted\",\"created\":\"2024-05-01T10:00:00Z\",\"body\":\"Why?\",\"url\":"
      + "\"https://github.com/o/r/pull/1#discussion_r1\"}],\"hunk\":\"@@ -1,3 +1,4 @@\"}");
  }

  @Test
  void reportedLinesWithoutValuesAreNullsNotLeftOut() {
    ReviewThread outdated = new ReviewThread("T2", new ReviewThread.Anchor("src/a.c", "old", new ReviewThread.Lines(null, null),
      new ReviewThread.Origin(true, null)), null, "resolved", List.of(GHOST));

    assertThat(only(listed(outdated))).isEqualTo("{\"id\":\"T2\",\"path\":\"src/a.c\",\"subject\":\"file\",\"side\":\"old\","
      + "\"line\":null,\"start_line\":null,\"original_line\":null,\"outdated\":null,\"status\":\"resolved\",\"comments\":[{\"id\":"
      + "\"C2\",\"author\":null,\"trust\":\"untrusted\",\"created\":null,\"body\":\"gone\",\"url\":null}],\"hunk\":null}");
  }

  @Test
  void whatAForgeDoesNotReportIsLeftOut() {
    ReviewThread.Comment plain = new ReviewThread.Comment("5", Author.untrusted("Ann"), "2024-05-01T10:00:00Z", "Looks odd");
    ReviewThread general = new ReviewThread("7", null, null, "active", List.of(plain));
    ReviewThread onFile = new ReviewThread("8", new ReviewThread.Anchor("a.c", null, null, null), null, "fixed", List.of(plain));
    ReviewThread onLine = new ReviewThread("9", new ReviewThread.Anchor("a.c", "old", new ReviewThread.Lines(3, null), null), null,
      "unresolvable", List.of(plain));

    assertThat(only(listed(general))).isEqualTo("{\"id\":\"7\",\"outdated\":null,\"status\":\"active\",\"comments\":[{\"id\":\"5\","
      + "\"author\":\"Ann\",\"trust\":\"untrusted\",\"created\":\"2024-05-01T10:00:00Z\",\"body\":\"Looks odd\"}],\"hunk\":null}");
    assertThat(only(listed(onFile))).startsWith("{\"id\":\"8\",\"path\":\"a.c\",\"side\":null,\"outdated\":null,\"status\":\"fixed\",");
    assertThat(only(listed(onLine))).startsWith("{\"id\":\"9\",\"path\":\"a.c\",\"side\":\"old\",\"line\":3,\"start_line\":null,"
      + "\"outdated\":null,\"status\":\"unresolvable\",");
  }

  @Test
  void aListingKeepsFilteredThreadsPagedAndSaysWhereTheNextPageStarts() {
    ReviewThread.Comment plain = new ReviewThread.Comment("1", Author.untrusted("a"), null, "b");
    List<ReviewThread> threads = List.of(
      new ReviewThread("1", new ReviewThread.Anchor("a.c", "new", new ReviewThread.Lines(1, null), null), null, "active", List.of(plain)),
      new ReviewThread("2", new ReviewThread.Anchor("a.c", "new", new ReviewThread.Lines(2, null), null), null, "fixed", List.of(plain)),
      new ReviewThread("3", new ReviewThread.Anchor("b.c", "new", new ReviewThread.Lines(3, null), null), null, "pending", List.of(plain)),
      new ReviewThread("4", null, null, "active", List.of(plain)));
    JsonObject args = new JsonObject().put("unresolved_only", true).put("top", 2);

    JsonObject first = new JsonObject(valid("pr_list_threads", ThreadJson.listing(ThreadListing.of("ado", 3, threads, args,
      Set.of("active", "pending"), List.of("w")))));
    JsonObject last = new JsonObject(valid("pr_list_threads", ThreadJson.listing(ThreadListing.of("ado", 3, threads,
      args.copy().put("skip", 2), Set.of("active", "pending"), List.of()))));
    JsonObject onePath = ThreadJson.listing(ThreadListing.of("ado", 3, threads, new JsonObject().put("path", "a.c"), Set.of(), List.of()));

    assertThat(first.encode()).startsWith("{\"forge\":\"ado\",\"pr_number\":3,\"threads\":[").endsWith("\"total\":3,\"next_skip\":2,"
      + "\"warnings\":[\"w\"]}");
    assertThat(first.getJsonArray("threads").stream().map(t -> ((JsonObject) t).getString("id"))).containsExactly("1", "3");
    assertThat(last.getJsonArray("threads").stream().map(t -> ((JsonObject) t).getString("id"))).containsExactly("4");
    assertThat(last.containsKey("next_skip")).isFalse();
    assertThat(onePath.getJsonArray("threads").stream().map(t -> ((JsonObject) t).getString("id"))).containsExactly("1", "2");
  }

  @Test
  void aReviewCarriesItsIdAndCountOnlyWhenTheForgeHasThem() {
    String posted = valid("pr_review", ThreadJson.review(new ThreadWrites.Review(true, false, Reported.of(80L), 2, "https://github.com/x",
      List.of("the head moved"))));
    String again = valid("pr_review", ThreadJson.review(new ThreadWrites.Review(false, true, Reported.of(80L), null, null, List.of())));
    String threads = valid("pr_review", ThreadJson.review(new ThreadWrites.Review(true, false, null, 1, null, List.of())));

    assertThat(posted).isEqualTo("{\"posted\":true,\"already_posted\":false,\"review_id\":80,\"comments\":2,"
      + "\"url\":\"https://github.com/x\",\"warnings\":[\"the head moved\"]}");
    assertThat(again).isEqualTo("{\"posted\":false,\"already_posted\":true,\"review_id\":80,\"url\":null,\"warnings\":[]}");
    assertThat(threads).isEqualTo("{\"posted\":true,\"already_posted\":false,\"comments\":1,\"url\":null,\"warnings\":[]}");
  }

  @Test
  void aReplyPostedNowAlwaysNamesItsCommentIdEvenWhenTheForgeDidNotSayIt() {
    String unsaid = valid("pr_reply", ThreadJson.reply(ThreadWrites.Reply.posted(null, List.of("no id"))));
    String posted = valid("pr_reply", ThreadJson.reply(ThreadWrites.Reply.posted("42", List.of())));
    String earlier = valid("pr_reply", ThreadJson.reply(ThreadWrites.Reply.already(null)));
    String earlierKnown = valid("pr_reply", ThreadJson.reply(ThreadWrites.Reply.already(Reported.of("C9"))));

    assertThat(unsaid).isEqualTo("{\"posted\":true,\"already_posted\":false,\"comment_id\":null,\"warnings\":[\"no id\"]}");
    assertThat(posted).isEqualTo("{\"posted\":true,\"already_posted\":false,\"comment_id\":\"42\",\"warnings\":[]}");
    assertThat(earlier).isEqualTo("{\"posted\":false,\"already_posted\":true,\"warnings\":[]}");
    assertThat(earlierKnown).isEqualTo("{\"posted\":false,\"already_posted\":true,\"comment_id\":\"C9\",\"warnings\":[]}");
  }

  @Test
  void aResolveSaysTheThreadAndItsStatus() {
    assertThat(valid("pr_resolve_thread", ThreadJson.resolve(new ThreadWrites.Resolve("T1", "wont_fix"))))
      .isEqualTo("{\"thread_id\":\"T1\",\"status\":\"wont_fix\",\"warnings\":[]}");
  }

  @Test
  void warningsAreCopiedSoTheAnswerMayGrow() {
    JsonObject answer = ThreadJson.resolve(new ThreadWrites.Resolve("T1", "resolved"));
    JsonObject review = ThreadJson.review(new ThreadWrites.Review(true, false, null, 0, null, List.of()));

    answer.getJsonArray("warnings").add("later");
    review.getJsonArray("warnings").add("later");

    assertThat(answer.getJsonArray("warnings")).hasSize(1);
    assertThat(review.getJsonArray("warnings")).hasSize(1);
  }
}
