package dev.reviewgate.mcp;

import java.util.Locale;
import java.util.Optional;

/** MCP log levels (RFC 5424 severities), lowest first. */
public enum LogLevel {
  DEBUG, INFO, NOTICE, WARNING, ERROR, CRITICAL, ALERT, EMERGENCY;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<LogLevel> parse(Object value) {
    if (value instanceof String text) {
      for (LogLevel level : values()) {
        if (level.wireName().equals(text)) {
          return Optional.of(level);
        }
      }
    }
    return Optional.empty();
  }
}
