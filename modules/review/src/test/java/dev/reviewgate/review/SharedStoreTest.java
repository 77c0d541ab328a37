package dev.reviewgate.review;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.security.Caller;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.GitVerticle;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two servers sharing one review store, as two agents' stdio processes in one repository do (here two Vert.x
 * instances, each with its own event bus and its own copy of every review; the store's lock is the same OS file lock
 * two processes take). A review made through one is seen and commented through the other, a wait in one ends with
 * a comment made in the other, and concurrent comments through both are all kept.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SharedStoreTest {

  @TempDir
  Path repoDir;
  @TempDir
  Path storeDir;

  private Vertx agentSide;
  private Vertx personSide;

  @BeforeEach
  void start() throws Exception {
    new TempRepo(repoDir).greetingChange();
    agentSide = Vertx.vertx();
    personSide = Vertx.vertx();
    for (Vertx vertx : List.of(agentSide, personSide)) {
      await(vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(ReviewgateConfig.defaults(), repoDir), ToolCatalog.standard())));
      ReviewOptions options = ReviewOptions.from(ReviewgateConfig.defaults().merge(new JsonObject().put("review",
        new JsonObject().put("storageDir", storeDir.toString()).put("syncIntervalMs", 100))).section("review"), repoDir);
      await(vertx.deployVerticle(new ReviewVerticle(options, ToolCatalog.standard())));
    }
  }

  @AfterEach
  void stop() throws Exception {
    await(agentSide.close());
    await(personSide.close());
  }

  @Test
  void aReviewMadeInOneProcessIsSeenCommentedAndAnsweredThroughTheOther() throws Exception {
    List<JsonObject> personSideEvents = new CopyOnWriteArrayList<>();
    personSide.eventBus().<JsonObject>consumer(Addresses.REVIEW_EVENTS, message -> personSideEvents.add(message.body()));
    String id = call(agentSide, Addresses.REVIEW_REQUEST, new JsonObject().put("title", "t").put("commit_range", "HEAD")
      .put("wait", false)).getString("review_id");

    // The other process knows the review at once when asked by id, and lists it within the sync interval.
    assertThat(call(personSide, Addresses.REVIEW_STATUS, new JsonObject().put("review_id", id)).getString("status")).isEqualTo("pending");
    awaitTrue(() -> call(personSide, Addresses.REVIEW_LIST, new JsonObject()).getJsonArray("reviews").size() == 1);

    // The agent waits in its process; the person comments through the other; the wait ends with that comment.
    Future<JsonObject> waiting = BusRequests.request(agentSide.eventBus(), Addresses.REVIEW_UPDATE,
      new JsonObject().put("review_id", id).put("action", "wait_for_feedback"), 30_000);
    Thread.sleep(300);
    call(personSide, Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("body", "Why this name?")
      .put("file", "src/App.java").put("line", 4));
    JsonObject feedback = await(waiting);
    assertThat(feedback.getString("outcome")).isEqualTo("comment");
    assertThat(feedback.getJsonObject("feedback").getString("body")).isEqualTo("Why this name?");

    // Concurrent comments through both processes: every acknowledged one is kept, once, in both views.
    List<Future<JsonObject>> comments = new java.util.ArrayList<>();
    for (int i = 0; i < 20; i++) {
      Vertx side = i % 2 == 0 ? agentSide : personSide;
      comments.add(BusRequests.request(side.eventBus(), Addresses.REVIEW_COMMENT,
        new JsonObject().put("review_id", id).put("body", "comment " + i), Caller.PERSON.stamp(new DeliveryOptions().setSendTimeout(30_000))));
    }
    await(Future.all(comments));
    for (Vertx side : List.of(agentSide, personSide)) {
      awaitTrue(() -> bodies(call(side, Addresses.REVIEW_STATUS, new JsonObject().put("review_id", id))).size() == 21);
      List<String> bodies = bodies(call(side, Addresses.REVIEW_STATUS, new JsonObject().put("review_id", id)));
      assertThat(bodies).doesNotHaveDuplicates().contains("Why this name?", "comment 0", "comment 19");
    }
    // The person's dashboard, served by the other process, heard of the agent's review and of comments made elsewhere.
    assertThat(personSideEvents).extracting(e -> e.getString("type")).contains("created", "comment");
  }

  private static List<String> bodies(JsonObject status) {
    JsonArray threads = status.getJsonArray("threads");
    return threads.stream().map(JsonObject.class::cast)
      .flatMap(thread -> thread.getJsonArray("comments").stream().map(JsonObject.class::cast))
      .map(comment -> comment.getString("body")).toList();
  }

  private static JsonObject call(Vertx vertx, String address, JsonObject args) throws Exception {
    return await(BusRequests.request(vertx.eventBus(), address, args, Caller.PERSON.stamp(new DeliveryOptions().setSendTimeout(30_000))));
  }

  private interface Check {
    boolean holds() throws Exception;
  }

  private static void awaitTrue(Check check) throws Exception {
    for (int i = 0; i < 100; i++) {
      if (check.holds()) {
        return;
      }
      Thread.sleep(50);
    }
    throw new AssertionError("did not hold within 5 s");
  }

  private static <T> T await(Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }
}
