package dev.reviewgate.mcp;

/** How a request is served: within an {@code initialize}d session, or stateless with per-request {@code _meta}. */
public enum ProtocolEra {
  /** 2025-06-18 and 2025-11-25: {@code initialize}, {@code ping}, {@code logging/setLevel}. */
  SESSION,
  /** 2026-07-28 and later: {@code server/discover}, version and capabilities in every request's {@code _meta}. */
  STATELESS
}
