package dev.reviewgate.review;

import java.util.Locale;

/** The person's three ways to finish a review, each telling the agent what to do next. */
public enum CompletionAction {
  /** The agent should now change the code as discussed. */
  REQUEST_CHANGES("request changes"),
  /** The work is good as it stands: the agent should commit or otherwise record it. */
  CHECKPOINT("checkpoint"),
  /** No specific action: control simply goes back to the agent. */
  RETURN("return to the agent");

  private final String label;

  CompletionAction(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static CompletionAction fromWire(String text) {
    return valueOf(text.toUpperCase(Locale.ROOT));
  }
}
