package dev.reviewgate.diff.model;

/** What happened to a file; {@link #label()} is the name used in every result ({@code status}). */
public enum ChangeType {
  ADDED("added"),
  MODIFIED("modified"),
  DELETED("deleted"),
  RENAMED("renamed"),
  COPIED("copied"),
  MODE_CHANGED("mode_changed");

  private final String label;

  ChangeType(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
