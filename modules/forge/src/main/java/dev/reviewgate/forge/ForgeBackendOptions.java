package dev.reviewgate.forge;

import dev.reviewgate.core.config.ToolTimeouts;
import dev.reviewgate.diff.DiffOptions;

/**
 * What every forge backend is built from besides its own section: the diff engine's limits and the callers' time
 * limits no forge request or wait may outlive.
 */
public interface ForgeBackendOptions {

  DiffOptions diff();

  /** {@code mcp.toolTimeoutsMs} over {@code requestTimeoutMs}. */
  ToolTimeouts timeouts();
}
