package dev.reviewgate.github;

import dev.reviewgate.testkit.Await;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/** A fresh fake GitHub and GitHubVerticle per test (with a token, fast waits), stopped afterwards. */
@ExtendWith(VertxExtension.class)
@Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
abstract class ToolTestBase {

  protected GitHubHarness gh;

  @BeforeEach
  void startGitHub(Vertx vertx) {
    gh = Await.result(GitHubHarness.start(vertx, overrides(), true, Path.of("/"), topLevel()));
  }

  @AfterEach
  void stopGitHub() {
    Await.result(gh.stop());
  }

  /** Configuration over the harness's test defaults. */
  protected JsonObject overrides() {
    return new JsonObject();
  }

  /** Configuration outside the github section (e.g. {@code requestTimeoutMs}) over config/reviewgate.json. */
  protected JsonObject topLevel() {
    return new JsonObject();
  }

  /** Replaces the running harness, e.g. to run without a token or with other limits. */
  protected void restart(Vertx vertx, JsonObject overrides, boolean withToken, Path workingDirectory) {
    Await.result(gh.stop());
    gh = Await.result(GitHubHarness.start(vertx, overrides, withToken, workingDirectory));
  }

  protected void restart(Vertx vertx, JsonObject overrides, boolean withToken) {
    restart(vertx, overrides, withToken, Path.of("/"));
  }
}
