package dev.reviewgate.review;

/** Who wrote a comment: the person reviewing in the dashboard, or the agent whose changes are reviewed. */
public enum Author {
  PERSON, AGENT;

  public String wire() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  public static Author fromWire(String text) {
    return valueOf(text.toUpperCase(java.util.Locale.ROOT));
  }
}
