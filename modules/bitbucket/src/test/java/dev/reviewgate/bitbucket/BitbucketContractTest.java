package dev.reviewgate.bitbucket;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.config.ToolTimeouts;
import dev.reviewgate.forge.json.ForgeReplies;
import dev.reviewgate.forge.thread.ThreadRouterVerticle;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.BusCalls;
import dev.reviewgate.testkit.ReplyVariants;
import dev.reviewgate.testkit.ReplyVariants.Kind;
import dev.reviewgate.testkit.ReplyVariants.Variant;
import dev.reviewgate.testkit.Stop;
import dev.reviewgate.testkit.TroubleLog;
import dev.reviewgate.testkit.forge.FakeBitbucket;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every tool answers every reply a flavour's API description allows: for each endpoint the module reads, a full reply
 * is served through the fake in each of its {@link ReplyVariants} (members the description leaves optional absent,
 * nullable ones null, arrays empty, unknown members added), and every tool that reads the endpoint is called over the
 * event bus. Each must answer with a result that fits its output schema, and nothing may be logged at SEVERE nor by
 * {@link ForgeReplies}; where the call truly cannot do without a member ({@link Call#needs}), the answer is a clear
 * upstream error naming the flavour, the endpoint and the member. A subclass gives each flavour's tables and says
 * where they come from.
 */
@Timeout(600)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BitbucketContractTest {

  static final ToolCatalog CATALOG = ToolCatalog.standard();

  Path dir;
  BitbucketFixture pr;
  Vertx vertx;
  FakeBitbucket fake;
  private TroubleLog trouble;

  /** A tool call that reads an endpoint, and the members without which it cannot answer. */
  record Call(String address, JsonObject args, Set<String> needs) {

    @Override
    public String toString() {
      return CATALOG.byAddress(address).map(Tool::name).orElse(address) + " " + args.encode();
    }
  }

  /** One endpoint: the fake's reply name, the endpoint as the description names it, its full reply, its members, its readers. */
  record Endpoint(String reply, String name, Supplier<Object> full, Map<String, Kind> members, List<Call> calls) {
  }

  /** The flavour tested. */
  abstract TestFlavor flavor();

  JsonObject repository() {
    return flavor().repository();
  }

  abstract List<Endpoint> endpoints();

  Call call(String address, JsonObject args, String... needs) {
    return new Call(address, repository().put("repo", FakeBitbucket.REPO).mergeIn(args), Set.of(needs));
  }

  Call get() {
    return call("reviewgate.bitbucket.pr.get", new JsonObject().put("pr_number", FakeBitbucket.PR));
  }

  Call list() {
    return call("reviewgate.bitbucket.pr.list", new JsonObject());
  }

  Call diff(String... needs) {
    return call("reviewgate.bitbucket.pr.diff", new JsonObject().put("pr_number", FakeBitbucket.PR)
      .put("include", new JsonArray().add("src/*").add("docs/*")), needs);
  }

  Call filesOnly(String... needs) {
    return call("reviewgate.bitbucket.pr.diff", new JsonObject().put("pr_number", FakeBitbucket.PR).put("files_only", true), needs);
  }

  Call threads() {
    return call("reviewgate.pr.threads.list", new JsonObject().put("forge", "bitbucket").put("pr_number", FakeBitbucket.PR));
  }

  @BeforeAll
  void start(@TempDir Path tempDir) {
    dir = tempDir;
    trouble = TroubleLog.install(ForgeReplies.class.getName());
    pr = BitbucketFixture.build(dir);
    vertx = Vertx.vertx();
    fake = flavor().fake().apply(vertx, pr);
    Map<String, String> env = new java.util.HashMap<>(flavor().env().apply(fake));
    env.put("BITBUCKET_TOKEN", FakeBitbucket.TOKEN);
    BitbucketTestBackend.deploy(vertx, env);
    Await.result(vertx.deployVerticle(new ThreadRouterVerticle(ToolTimeouts.from(ReviewgateConfig.defaults()), CATALOG)));
    seedThreads();
  }

  /** A review with line, range, old-side and file comments, a reply and a resolved thread: every member has a value. */
  void seedThreads() {
    BusCalls threads = BusCalls.on(vertx).with(repository().put("repo", FakeBitbucket.REPO).put("forge", "bitbucket")
      .put("pr_number", FakeBitbucket.PR));
    threads.call("reviewgate.pr.review", new JsonObject().put("commit_id", pr.head()).put("body", "Nearly there.")
      .put("comments", new JsonArray()
        .add(BusCalls.comment("src/app.c", 5, "new", "Why long?"))
        .add(BusCalls.comment("src/app.c", 6, "new", "Both casts?").put("start_line", 5))
        .add(BusCalls.comment("gone.txt", 2, "old", "Still used?").put("start_line", 1))
        .add(BusCalls.comment("docs/new.md", null, null, "The whole file"))));
    String first = fake.comments.values().stream().filter(c -> c.encode().contains("Why long?")).findFirst().orElseThrow()
      .getLong("id").toString();
    threads.call("reviewgate.pr.reply", new JsonObject().put("thread_id", first).put("body", "Overflow."));
    threads.call("reviewgate.pr.resolve", new JsonObject().put("thread_id", first).put("resolved", true));
  }

  @AfterEach
  void ownReplies() {
    fake.replies.clear();
  }

  @AfterAll
  void stop() throws Exception {
    Stop.all(trouble, fake, vertx);
  }

  /** Whether an array holding {@code member} is emptied in the all-at-once variant (then nothing lacks it). */
  private static boolean emptiedAbove(Map<String, Kind> members, String member) {
    return members.entrySet().stream().anyMatch(e -> e.getValue() == Kind.MAY_BE_EMPTY && member.startsWith(e.getKey() + "[]"));
  }

  @TestFactory
  Stream<DynamicTest> everyReplyTheDescriptionAllowsIsAnsweredWithAResult() {
    return endpoints().stream().flatMap(endpoint -> ReplyVariants.of(endpoint.full().get(), endpoint.members()).stream()
      .map(variant -> DynamicTest.dynamicTest(endpoint.name() + ": " + variant.name(), () -> answered(endpoint, variant))));
  }

  private void answered(Endpoint endpoint, Variant variant) {
    fake.replies.put(endpoint.reply(), variant.body());
    trouble.clear();
    try {
      for (Call call : endpoint.calls()) {
        ReplyVariants.expectRead(flavor().title(), endpoint.name(), call, variant,
          ReplyVariants.lacking(call.needs(), endpoint.members(), variant, member -> emptiedAbove(endpoint.members(), member)),
          () -> BusCalls.on(vertx).checked(call.address(), call.args()));
      }
      assertThat(trouble.lines()).as("log records at SEVERE or from ForgeReplies for %s", variant.name()).isEmpty();
    } finally {
      fake.replies.remove(endpoint.reply());
    }
  }
}
