package dev.reviewgate.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompletionSourceTest {

  private static final JsonObject REPLY = new JsonObject().put("repos", new JsonArray()
    .add(new JsonObject().put("name", "alpha").put("head", "abc").put("default_branch", "main")
      .put("branches", new JsonArray().add("main").add(new JsonObject().put("name", "dev"))))
    .add("beta")
    .add(new JsonObject().put("head", "nameless"))
    .add(7));

  @Test
  void itemsAreNamedByTheirNameFieldOrAreTheirName() {
    CompletionSource names = new CompletionSource("names", "git_repos", "repos", "name", null, List.of(), List.of("name"));
    assertThat(names.values(REPLY, null)).containsExactly("alpha", "beta");
    assertThat(names.values(new JsonObject(), null)).isEmpty();
  }

  @Test
  void valuesComeAfterTheFirstOnesInFieldOrderOnceEachAndFromTheFilteredItemOnly() {
    CompletionSource revisions = ToolCatalog.standard().completionSource("revisions").orElseThrow();
    assertThat(revisions.values(REPLY, null)).containsExactly("HEAD", "abc", "main", "dev");
    assertThat(revisions.values(REPLY, "beta")).containsExactly("HEAD");
    assertThat(revisions.values(REPLY, "nobody")).containsExactly("HEAD");
  }
}
