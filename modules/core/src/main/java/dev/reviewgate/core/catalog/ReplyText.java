package dev.reviewgate.core.catalog;

import io.vertx.core.json.JsonObject;
import java.util.Optional;

/** The text a declaration reads from a tool's reply: one named string field. */
final class ReplyText {

  private ReplyText() {
  }

  static Optional<String> of(JsonObject reply, String field) {
    return field != null && reply.getValue(field) instanceof String text ? Optional.of(text) : Optional.empty();
  }
}
