package dev.reviewgate.diff;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;

/**
 * The {@code diff} configuration section. Defaults live only in {@code config/reviewgate.json}; a key missing from
 * the given section is taken from those defaults, never from a constant here.
 *
 * @param maxInputBytes   largest diff accepted (413 above it)
 * @param maxLineBytes    longest single line accepted (400 naming the line above it)
 * @param maxLinesPerFile default for {@code max_lines_per_file}
 * @param sideBySideWidth default for {@code side_by_side_width}
 * @param statWidth       total width of the {@code stat} format, like {@code git diff --stat=<width>}
 * @param maxMarkers      most review markers reported per result
 * @param maxMarkerChars  a marker's line text is cut to this many characters
 * @param defaultTokenBudget the budget of a reply that grows with the repository when the call sets none
 *                           ({@code token_budget}, {@code max_bytes}); see {@link dev.reviewgate.diff.shape.ReplyBudget}
 */
public record DiffOptions(long maxInputBytes, int maxLineBytes, int maxLinesPerFile, int sideBySideWidth,
                          int statWidth, int maxMarkers, int maxMarkerChars, int defaultTokenBudget) {

  public static DiffOptions from(JsonObject section) {
    JsonObject defaults = ReviewgateConfig.defaults().section("diff");
    JsonObject merged = defaults.copy().mergeIn(section == null ? new JsonObject() : section);
    return new DiffOptions(
      merged.getLong("maxInputBytes"),
      merged.getInteger("maxLineBytes"),
      merged.getInteger("maxLinesPerFile"),
      merged.getInteger("sideBySideWidth"),
      merged.getInteger("statWidth"),
      merged.getInteger("maxMarkers"),
      merged.getInteger("maxMarkerChars"),
      merged.getInteger("defaultTokenBudget"));
  }
}
