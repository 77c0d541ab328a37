package dev.reviewgate.core.catalog;

/** The front-ends that may call a tool. */
public enum Exposure {
  /** MCP over stdio and Streamable HTTP. */
  MCP,
  /** The SockJS / WebSocket event-bus bridge used by dashboards. */
  BRIDGE,
  /** Other verticles and, clustered, other JVMs on the event bus. */
  BUS
}
