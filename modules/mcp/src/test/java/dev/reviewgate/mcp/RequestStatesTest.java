package dev.reviewgate.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** The integrity protection of {@code requestState}: what the server signed comes back, anything else is refused. */
class RequestStatesTest {

  private final RequestStates states = RequestStates.withRandomKey(60_000);
  private final JsonObject answers = new JsonObject().put("step1", new JsonObject().put("action", "accept")
    .put("content", new JsonObject().put("name", "Alice")));

  @Test
  void aSealedStateOpensToTheAnswersItCarries() {
    String state = states.seal("tools/call", "multi", answers);
    assertThat(states.open(state, "tools/call", "multi")).isEqualTo(answers);
  }

  @Test
  void aChangedSignatureIsRefused() {
    String state = states.seal("tools/call", "multi", answers);
    assertRefused(() -> states.open(state + "-TAMPERED", "tools/call", "multi"), "integrity");
  }

  @Test
  void changedAnswersWithTheOldSignatureAreRefused() {
    String state = states.seal("tools/call", "multi", answers);
    String signature = state.substring(state.indexOf('.'));
    String forged = new JsonObject(new String(Base64.getUrlDecoder().decode(state.substring(0, state.indexOf('.'))),
      StandardCharsets.UTF_8)).put("a", new JsonObject().put("step1", new JsonObject().put("action", "accept")
      .put("content", new JsonObject().put("name", "Mallory")))).encode();
    String tampered = Base64.getUrlEncoder().withoutPadding().encodeToString(forged.getBytes(StandardCharsets.UTF_8)) + signature;
    assertRefused(() -> states.open(tampered, "tools/call", "multi"), "integrity");
  }

  @Test
  void aStateOfAnotherProcessIsRefused() {
    String state = RequestStates.withRandomKey(60_000).seal("tools/call", "multi", answers);
    assertRefused(() -> states.open(state, "tools/call", "multi"), "integrity");
  }

  @Test
  void aStateIsBoundToItsMethodAndName() {
    String state = states.seal("tools/call", "multi", answers);
    assertRefused(() -> states.open(state, "tools/call", "other_tool"), "another request");
    assertRefused(() -> states.open(state, "prompts/get", "multi"), "another request");
  }

  @Test
  void anExpiredStateIsRefused() {
    RequestStates expiring = new RequestStates(new byte[32], -1);
    String state = expiring.seal("tools/call", "multi", answers);
    assertRefused(() -> expiring.open(state, "tools/call", "multi"), "expired");
  }

  @Test
  void garbageIsRefusedWithoutAnException() {
    for (String garbage : new String[] {"", ".", "no-dot", "%%%.%%%", "e30.", "e30"}) {
      assertRefused(() -> states.open(garbage, "tools/call", "multi"), "integrity");
    }
  }

  private static void assertRefused(Runnable open, String why) {
    assertThatThrownBy(open::run).isInstanceOfSatisfying(JsonRpcException.class, e -> {
      assertThat(e.code()).isEqualTo(JsonRpc.INVALID_PARAMS);
      assertThat(e.getMessage()).contains("requestState was refused").contains(why);
    });
  }
}
