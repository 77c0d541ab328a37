package dev.reviewgate.mcp;

import dev.reviewgate.core.catalog.Tool;
import io.vertx.core.json.JsonObject;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Which writes act for the person and so need the person's approval, whatever the agent asks ({@code mcp.confirmWrites},
 * {@code REVIEWGATE_CONFIRM_WRITES}): the acts the catalog declares ({@code actsForPerson}: {@code merge}, a pull
 * request merged; {@code approve}, a review that approves, Azure DevOps' approve-with-suggestions vote included), both
 * by default; {@code all} adds every tool that writes; {@code none} turns the policy off (then only
 * {@code confirm: true} asks the person).
 */
record ConfirmWrites(Set<String> actions) {

  static final String MERGE = "merge";
  static final String APPROVE = "approve";
  static final String ALL = "all";
  static final String NONE = "none";
  static final String DEFAULT = MERGE + "," + APPROVE;

  ConfirmWrites {
    actions = Set.copyOf(actions);
  }

  /** @param setting {@code merge,approve}, {@code merge}, {@code approve}, {@code all} or {@code none} */
  static ConfirmWrites parse(String setting) {
    Set<String> actions = new LinkedHashSet<>();
    for (String part : (setting == null ? DEFAULT : setting).split(",")) {
      String action = part.strip().toLowerCase(Locale.ROOT);
      switch (action) {
        case MERGE, APPROVE, ALL -> actions.add(action);
        case NONE, "" -> {
          // nothing to add
        }
        default -> throw new IllegalArgumentException("mcp.confirmWrites (REVIEWGATE_CONFIRM_WRITES) holds '" + part.strip()
          + "'; use a comma-separated list of merge and approve, or all, or none");
      }
    }
    return new ConfirmWrites(actions);
  }

  /**
   * Whether calling {@code tool} with {@code arguments} needs the person's approval first: a call the catalog declares
   * an act for the person ({@code actsForPerson}) that this policy names, or with {@code all} any tool that writes.
   */
  boolean covers(Tool tool, JsonObject arguments) {
    if (actions.contains(ALL) && !tool.annotations().readOnly()) {
      return true;
    }
    return tool.confirmDraft() != null && tool.confirmDraft().actOf(arguments).filter(act -> actions.contains(act.name())).isPresent();
  }

  /** The policy as the operator would write it. */
  String setting() {
    return actions.isEmpty() ? NONE : String.join(",", actions);
  }
}
