package dev.reviewgate.core.catalog;

/**
 * Whether a tool may run as a task of the MCP tasks extension ({@code io.modelcontextprotocol/tasks}), catalog key
 * {@code taskSupport}: {@code forbidden} (the default: always answered in the call), {@code optional} (a task when
 * the client negotiated the extension, else answered in the call), {@code required} (refused without the extension).
 */
public enum TaskSupport {
  FORBIDDEN, OPTIONAL, REQUIRED;

  public String wire() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  public static TaskSupport fromWire(String value) {
    if (value == null) {
      return FORBIDDEN;
    }
    for (TaskSupport support : values()) {
      if (support.wire().equals(value)) {
        return support;
      }
    }
    throw new IllegalStateException("taskSupport '" + value + "' is not one of forbidden, optional, required");
  }
}
