package dev.reviewgate.mcp.transport.http;

import dev.reviewgate.mcp.McpConnection;
import dev.reviewgate.mcp.ProtocolEra;
import dev.reviewgate.mcp.ProtocolVersions;
import io.vertx.core.json.JsonObject;
import java.util.Set;

/** Which {@link ProtocolEra} an HTTP request belongs to, from its {@code MCP-Protocol-Version} header and its body. */
final class RequestEra {

  private RequestEra() {
  }

  /** Versions a session-era client may name in the header (absent means 2025-03-26, per 2025-06-18). */
  static final Set<String> SESSION_HEADER_VERSIONS =
    Set.of("2024-11-05", "2025-03-26", ProtocolVersions.V2025_06_18, ProtocolVersions.V2025_11_25);

  static ProtocolEra of(String header, JsonObject message) {
    String version = HttpTransport.trim(header);
    String metaVersion = metaVersion(message);
    if (version != null) {
      if (ProtocolVersions.STATELESS.contains(version)) {
        return ProtocolEra.STATELESS;
      }
      if (SESSION_HEADER_VERSIONS.contains(version)) {
        return ProtocolEra.SESSION;
      }
      // An unknown version: a stateless request (its _meta names a version) gets -32020 / -32022, others 400.
      return metaVersion != null ? ProtocolEra.STATELESS : ProtocolEra.SESSION;
    }
    return metaVersion != null && !SESSION_HEADER_VERSIONS.contains(metaVersion) ? ProtocolEra.STATELESS : ProtocolEra.SESSION;
  }

  static boolean statelessHeader(String header) {
    String version = HttpTransport.trim(header);
    return version != null && ProtocolVersions.STATELESS.contains(version);
  }

  /** {@code params._meta["io.modelcontextprotocol/protocolVersion"]} as text, or null. */
  static String metaVersion(JsonObject message) {
    if (message.getValue("params") instanceof JsonObject params && params.getValue("_meta") instanceof JsonObject meta) {
      Object version = meta.getValue(McpConnection.META_PROTOCOL_VERSION);
      return version == null ? null : version.toString();
    }
    return null;
  }
}
