package dev.reviewgate.core.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CredentialsTest {

  private static final JsonObject SERVICES = new JsonObject()
    .put("ci-bot", new JsonObject().put("tokenEnv", "CI_BOT_TOKEN").put("allow", new JsonArray().add("pr_review")))
    .put("unset", new JsonObject().put("tokenEnv", "NOT_SET"));

  @Test
  void eachTokenNamesItsServiceAndUnsetServicesAreReported() {
    Credentials credentials = Credentials.from("user-token", SERVICES, Map.of("CI_BOT_TOKEN", "bot-token"));
    assertThat(credentials.fromHeader("Bearer user-token")).contains(Caller.service("token"));
    assertThat(credentials.fromHeader("bearer bot-token")).contains(Caller.service("ci-bot"));
    assertThat(credentials.fromToken("bot-token")).contains(Caller.service("ci-bot"));
    assertThat(credentials.fromHeader("Bearer nope")).isEmpty();
    assertThat(credentials.fromHeader(null)).isEmpty();
    assertThat(credentials.fromToken(null)).isEmpty();
    assertThat(credentials.grants(Caller.service("ci-bot"))).containsExactly("pr_review");
    assertThat(credentials.grants(Caller.service("token"))).isEmpty();
    assertThat(credentials.grants(Caller.PERSON)).isEmpty();
    assertThat(credentials.unset()).extracting(Credentials.Service::name).containsExactly("unset");
  }

  @Test
  void aMalformedSectionIsRefusedNamingTheEntry() {
    assertThatThrownBy(() -> Credentials.parse(new JsonObject().put("token", new JsonObject().put("tokenEnv", "X"))))
      .hasMessageContaining("services.token");
    assertThatThrownBy(() -> Credentials.parse(new JsonObject().put("bad name", new JsonObject().put("tokenEnv", "X"))))
      .hasMessageContaining("services.bad name");
    assertThatThrownBy(() -> Credentials.parse(new JsonObject().put("a", "X"))).hasMessageContaining("must be an object");
    assertThatThrownBy(() -> Credentials.parse(new JsonObject().put("a", new JsonObject()))).hasMessageContaining("tokenEnv");
    assertThatThrownBy(() -> Credentials.parse(new JsonObject().put("a", new JsonObject().put("tokenEnv", "X")
      .put("allow", "pr_review")))).hasMessageContaining("list of tool names");
    assertThatThrownBy(() -> Credentials.parse(new JsonObject().put("a", new JsonObject().put("tokenEnv", "X")
      .put("alow", new JsonArray())))).hasMessageContaining("unknown key 'alow'");
    assertThatThrownBy(() -> Credentials.from("same", new JsonObject().put("a", new JsonObject().put("tokenEnv", "X")),
      Map.of("X", "same"))).hasMessageContaining("its own secret");
  }

  @Test
  void theCallerHeaderRoundTripsAndRejectsForgeries() {
    io.vertx.core.MultiMap headers = io.vertx.core.MultiMap.caseInsensitiveMultiMap();
    for (Caller caller : new Caller[] {Caller.AGENT, Caller.PERSON, Caller.service("ci-bot")}) {
      headers.set(Caller.HEADER, caller.wire());
      assertThat(Caller.of(headers)).contains(caller);
    }
    for (String forged : new String[] {"Person", "service:", "service:a b", "robot", ""}) {
      headers.set(Caller.HEADER, forged);
      assertThat(Caller.of(headers)).as(forged).isEmpty();
    }
    assertThat(Caller.reserved("Reviewgate-Caller")).isTrue();
    assertThat(Caller.reserved("trace")).isFalse();
  }
}
