package dev.reviewgate.bitbucket;

import dev.reviewgate.testkit.forge.FakeBitbucket;
import dev.reviewgate.testkit.forge.FakeBitbucketCloud;
import dev.reviewgate.testkit.forge.FakeBitbucketDc;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * How the tests reach one flavour: its fake over the fixture, the environment that points the backend at that fake,
 * and the arguments naming the repository.
 */
record TestFlavor(String title, BiFunction<Vertx, BitbucketFixture, FakeBitbucket> fake,
                  Function<FakeBitbucket, Map<String, String>> env, JsonObject repository) {

  static final TestFlavor CLOUD = new TestFlavor("Bitbucket Cloud",
    (vertx, pr) -> new FakeBitbucketCloud(vertx, pr.repo(), pr.base(), pr.head(), pr.target()),
    fake -> Map.of("BITBUCKET_URL", ((FakeBitbucketCloud) fake).url()),
    new JsonObject().put("workspace", FakeBitbucketCloud.WORKSPACE));

  static final TestFlavor DC = new TestFlavor("Bitbucket Data Center",
    (vertx, pr) -> new FakeBitbucketDc(vertx, pr.repo(), pr.base(), pr.head(), pr.target()),
    fake -> Map.of("BITBUCKET_URL", fake.baseUrl(), "BITBUCKET_FLAVOR", "dc"),
    new JsonObject().put("project", FakeBitbucketDc.PROJECT));

  /** A copy of the repository's arguments, to add to. */
  @Override
  public JsonObject repository() {
    return repository.copy();
  }
}
