package dev.reviewgate.diff;

import dev.reviewgate.diff.model.Diff;
import io.vertx.core.json.JsonObject;

/**
 * The diff engine's front door, used in-process by every diff-producing tool (diff_parse, git_diff,
 * github_get_pull_request_diff, reviews), so that no megabyte diff crosses the event bus.
 */
public final class DiffEngine {

  /** @param diffSection the {@code diff} section of the configuration (limits and defaults) */
  public DiffEngine(JsonObject diffSection) {
  }

  /**
   * Parses unified or git-style diff bytes.
   *
   * @throws dev.reviewgate.core.ToolException 400 naming the line number and what was expected
   */
  public Diff parse(byte[] text) {
    throw new UnsupportedOperationException("not yet");
  }

  /**
   * Shapes a diff into a tool result: {@code summary}, {@code warnings}, and the body the options ask for.
   *
   * @param arguments the tool's arguments; only the shaping options (catalog fragment {@code diff-shaping}) are read
   */
  public JsonObject shape(Diff diff, JsonObject arguments) {
    throw new UnsupportedOperationException("not yet");
  }
}
