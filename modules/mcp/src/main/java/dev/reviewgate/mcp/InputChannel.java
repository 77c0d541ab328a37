package dev.reviewgate.mcp;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * How a request gets answers from the client's user or model, which depends on the era and on whether the request
 * runs as a task; {@link RequestContext#ask} hides which one a handler talks to.
 */
interface InputChannel {

  /**
   * Completes with an answer for every key of {@code requests} (each {@code {method, params}}), keyed the same,
   * or fails: with {@link InputRequired} when the client must be asked first (2026-07-28), with a
   * {@link JsonRpcException} when the client answered with an error.
   */
  Future<JsonObject> ask(RequestContext request, JsonObject requests);

  /** Session era: each request is sent to the client as a server-to-client request. */
  static InputChannel session() {
    return (request, requests) -> {
      List<String> keys = new ArrayList<>(requests.fieldNames());
      List<Future<JsonObject>> answers = new ArrayList<>();
      for (String key : keys) {
        JsonObject ask = requests.getJsonObject(key);
        answers.add(request.requestClient(ask.getString("method"), ask.getJsonObject("params", new JsonObject())));
      }
      return byKey(keys, answers);
    };
  }

  /** Completes with each answer under its key once all are in; fails with the first that fails. */
  static Future<JsonObject> byKey(List<String> keys, List<Future<JsonObject>> answers) {
    return Future.all(answers).map(all -> {
      JsonObject byKey = new JsonObject();
      for (int i = 0; i < keys.size(); i++) {
        byKey.put(keys.get(i), answers.get(i).result());
      }
      return byKey;
    });
  }

  /**
   * 2026-07-28 (SEP-2322): answers come with the request, in {@code inputResponses} and in the signed
   * {@code requestState} of earlier rounds ({@code answers} holds both). What is missing ends the request with an
   * {@code input_required} result whose new state carries every answer so far, so a handler that asks step by step
   * simply runs again from the top on each round.
   */
  static InputChannel stateless(JsonObject answers, RequestStates states, String method, String name) {
    return (request, requests) -> {
      JsonObject missing = new JsonObject();
      JsonObject found = new JsonObject();
      for (String key : requests.fieldNames()) {
        if (answers.getValue(key) instanceof JsonObject answer) {
          found.put(key, answer);
        } else {
          missing.put(key, requests.getValue(key));
        }
      }
      if (missing.isEmpty()) {
        return Future.succeededFuture(found);
      }
      return Future.failedFuture(new InputRequired(missing, states.seal(method, name, answers)));
    };
  }
}
