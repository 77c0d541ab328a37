package dev.reviewgate.core.catalog;

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
 */
public record ConfirmDraft(String draft, DraftLayout layout, String heldLike) {

  /** The argument that asks for the draft to be confirmed first. */
  public static final String ARGUMENT = "confirm";

  /** The value of {@code draft} meaning "the draft is the call's own arguments". */
  public static final String DRAFT_IS_ARGUMENTS = "arguments";

  public boolean draftIsArguments() {
    return DRAFT_IS_ARGUMENTS.equals(draft);
  }
}
