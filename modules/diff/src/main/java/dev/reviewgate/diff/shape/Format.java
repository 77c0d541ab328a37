package dev.reviewgate.diff.shape;

/** The {@code format} shaping option. */
public enum Format {
  UNIFIED("unified"),
  SIDE_BY_SIDE("side_by_side"),
  JSON("json"),
  STAT("stat");

  private final String label;

  Format(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  static Format of(String label) {
    for (Format f : values()) {
      if (f.label.equals(label)) {
        return f;
      }
    }
    return null;
  }
}
