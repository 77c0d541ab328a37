package dev.reviewgate.git;

/** What a diff is kept as: git's text, that text escaped as JSON string content, or the diff model (no text kept). */
enum PatchForm {
  TEXT, JSON, MODEL
}
