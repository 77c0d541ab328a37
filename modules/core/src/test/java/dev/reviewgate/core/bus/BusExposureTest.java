package dev.reviewgate.core.bus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.catalog.Exposure;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.security.Caller;
import dev.reviewgate.core.security.Credentials;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BusExposureTest {

  private static final ToolCatalog CATALOG = ToolCatalog.standard();
  private static final Set<Exposure> BRIDGES = Set.of(Exposure.BRIDGE, Exposure.BUS);

  @Test
  void onlyRealEventAddressesGoOut() {
    assertThat(List.of("reviewgate.review.events", "reviewgate.review.events.r-1", "reviewgate.review.events.R_2"))
      .allMatch(BusExposure::outbound);
    assertThat(List.of("reviewgate..events", "reviewgate.git.diff.events", "reviewgate.git.events",
      "reviewgate.review.events.", "reviewgate.review.events.a.b", "reviewgate.review.events.-x",
      "reviewgate.review.events." + "x".repeat(65), "reviewgate.review.comment", "reviewgate.cancel"))
      .noneMatch(BusExposure::outbound);
    assertThat(BusExposure.outbound(null)).isFalse();
  }

  @Test
  void eachCallerGetsItsOwnToolsAndAGrantNeverOpensThePersonsTools() {
    Set<String> person = BusExposure.inbound(CATALOG, Set.of(Exposure.BRIDGE), Caller.PERSON, Set.of());
    assertThat(person).contains("reviewgate.review.comment", "reviewgate.review.complete", "reviewgate.review.get",
        "reviewgate.review.draft_decide")
      .doesNotContain("reviewgate.github.pr.update_state", "reviewgate.pr.review");
    Set<String> service = BusExposure.inbound(CATALOG, BRIDGES, Caller.service("token"), Set.of());
    assertThat(service).contains("reviewgate.git.diff", "reviewgate.review.list")
      .doesNotContain("reviewgate.review.comment", "reviewgate.review.complete", "reviewgate.review.draft_decide",
        "reviewgate.review.draft_list", "reviewgate.github.pr.update_state",
        "reviewgate.pr.review", "reviewgate.pr.reply", "reviewgate.pr.resolve", "reviewgate.review.publish");
    Set<String> granted = BusExposure.inbound(CATALOG, BRIDGES, Caller.service("ci-bot"),
      Set.of("github_update_pull_request_state", "review_complete", "review_draft_decide"));
    assertThat(granted).contains("reviewgate.github.pr.update_state")
      .doesNotContain("reviewgate.review.complete", "reviewgate.review.draft_decide");
  }

  @Test
  void grantsMustNameToolsAServiceMayHave() {
    assertThatThrownBy(() -> BusExposure.checkGrants(CATALOG, List.of(new Credentials.Service("bot", "X", Set.of("nope")))))
      .hasMessageContaining("services.bot.allow names 'nope'");
    assertThatThrownBy(() -> BusExposure.checkGrants(CATALOG, List.of(new Credentials.Service("bot", "X", Set.of("review_complete")))))
      .hasMessageContaining("only the person");
    BusExposure.checkGrants(CATALOG, List.of(new Credentials.Service("bot", "X", Set.of("pr_review"))));
  }
}
