package dev.reviewgate.core.catalog;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A tool whose call may first show the person a draft (catalog key {@code confirmDraft}): with argument
 * {@value #ARGUMENT}{@code : true} the MCP front-end shows them the draft and calls the tool only if they accept.
 *
 * @param draft    where the draft comes from: {@value #DRAFT_IS_ARGUMENTS} (the call's own arguments, whose
 *                 {@link DraftLayout#editable} field the person may edit), or the internal address that answers
 *                 {@code {"draft": ...}} for the arguments
 * @param layout   how the draft is shown ({@code layout}: a {@code drafts/<name>.json} of the catalog)
 * @param heldLike the tool whose timeout a call held for the person's decision in the dashboard gets (a wait for
 *                 a person, like that tool's)
 * @param acts     the calls of this tool that act for the person (catalog key {@code actsForPerson}: a merge, an
 *                 approval), which the operator's policy may leave to the person whatever the agent asks
 */
public record ConfirmDraft(String draft, DraftLayout layout, String heldLike, List<Act> acts) {

  /**
   * A call that acts for the person: {@code argument} holds one of {@code values}.
   *
   * @param name the act's name in the operator's policy ({@code merge}, {@code approve})
   */
  public record Act(String name, String argument, Set<String> values) {

    /** Whether {@code arguments} ask for this act; a call without the argument (not yet validated) does not. */
    public boolean matches(JsonObject arguments) {
      Object value = arguments == null ? null : arguments.getValue(argument);
      return value != null && values.contains(value);
    }
  }

  public ConfirmDraft {
    acts = List.copyOf(acts);
  }

  /** The act this call is, if any. */
  public Optional<Act> actOf(JsonObject arguments) {
    return acts.stream().filter(act -> act.matches(arguments)).findFirst();
  }

  /** The argument that asks for the draft to be confirmed first. */
  public static final String ARGUMENT = "confirm";

  /** The value of {@code draft} meaning "the draft is the call's own arguments". */
  public static final String DRAFT_IS_ARGUMENTS = "arguments";

  public boolean draftIsArguments() {
    return DRAFT_IS_ARGUMENTS.equals(draft);
  }
}
