package dev.reviewgate.mcp;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;

/** Cursor pagination of list results: the cursor is an opaque token of the next offset. */
final class Pages {

  private static final String PREFIX = "offset:";

  private Pages() {
  }

  /** Puts one page of {@code items} under {@code key} in a new result, with {@code nextCursor} if more remain. */
  static <T> JsonObject page(JsonObject params, List<T> items, int pageSize, String key, Function<T, JsonObject> toJson) {
    int offset = offset(params.getValue("cursor"));
    if (offset > items.size()) {
      throw invalid();
    }
    int end = Math.min(items.size(), offset + pageSize);
    JsonArray page = new JsonArray();
    for (T item : items.subList(offset, end)) {
      page.add(toJson.apply(item));
    }
    JsonObject result = new JsonObject().put(key, page);
    if (end < items.size()) {
      result.put("nextCursor", Base64.getUrlEncoder().withoutPadding().encodeToString((PREFIX + end).getBytes(StandardCharsets.UTF_8)));
    }
    return result;
  }

  private static int offset(Object cursor) {
    if (cursor == null) {
      return 0;
    }
    if (!(cursor instanceof String text)) {
      throw invalid();
    }
    try {
      String decoded = new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8);
      if (!decoded.startsWith(PREFIX)) {
        throw invalid();
      }
      int offset = Integer.parseInt(decoded.substring(PREFIX.length()));
      if (offset < 0) {
        throw invalid();
      }
      return offset;
    } catch (IllegalArgumentException e) {
      throw invalid();
    }
  }

  private static JsonRpcException invalid() {
    return JsonRpcException.invalidParams("Invalid params: unknown \"cursor\"; pass the nextCursor of the previous page unchanged, or omit it for the first page.");
  }
}
