package dev.reviewgate.forge.json;

import dev.reviewgate.diff.shape.PageCursor;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a forge list's cursor belongs to: the call's arguments but the budget, the cursor itself and the paging
 * argument the cursor replaces ({@code skip}, {@code page}), so that a cursor is refused with other filters and taken
 * with another budget, as the git tools' are.
 */
public final class PagedArguments {

  private static final Set<String> NEVER = Set.of("cursor", "max_bytes", "token_budget");

  private PagedArguments() {
  }

  /** The fingerprint of {@code tool}'s call {@code args}, leaving out {@code replaced} (the paging it overrides). */
  public static String fingerprint(String tool, JsonObject args, List<String> replaced) {
    Map<String, Object> kept = new TreeMap<>();
    args.forEach(e -> {
      if (!NEVER.contains(e.getKey()) && !replaced.contains(e.getKey())) {
        kept.put(e.getKey(), e.getValue());
      }
    });
    return PageCursor.fingerprint(tool, new JsonObject(kept).encode());
  }
}
