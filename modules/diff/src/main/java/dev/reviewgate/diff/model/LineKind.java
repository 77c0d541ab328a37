package dev.reviewgate.diff.model;

/** A hunk line: unchanged context, an added or deleted line, or git's "\ No newline at end of file" marker. */
public enum LineKind {
  CONTEXT("context"),
  ADDED("add"),
  DELETED("delete"),
  NO_NEWLINE("no_newline");

  private final String label;

  LineKind(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  /** The kind of a hunk line from its first byte; an empty line is context (some tools strip the lone space). */
  public static LineKind of(byte first) {
    return switch (first) {
      case '+' -> ADDED;
      case '-' -> DELETED;
      case '\\' -> NO_NEWLINE;
      default -> CONTEXT;
    };
  }
}
