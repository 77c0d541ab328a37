package dev.reviewgate.mcp;

import io.vertx.core.json.JsonArray;
import java.util.List;

/** The MCP revisions this server speaks, newest first, and how an {@code initialize} request is answered. */
public final class ProtocolVersions {

  public static final String V2026_07_28 = "2026-07-28";
  public static final String V2025_11_25 = "2025-11-25";
  public static final String V2025_06_18 = "2025-06-18";

  /** Served statelessly, with the version in each request's {@code _meta}. */
  public static final List<String> STATELESS = List.of(V2026_07_28);
  /** Served in a session opened by {@code initialize}. Older revisions allowed batches, which we refuse. */
  public static final List<String> SESSION = List.of(V2025_11_25, V2025_06_18);
  public static final List<String> ALL = List.of(V2026_07_28, V2025_11_25, V2025_06_18);

  private ProtocolVersions() {
  }

  /** The version an {@code initialize} result names: the client's if it is a session revision we speak, else our newest. */
  public static String negotiateSession(String requested) {
    return SESSION.contains(requested) ? requested : SESSION.get(0);
  }

  public static JsonArray allAsJson() {
    return new JsonArray(ALL);
  }
}
