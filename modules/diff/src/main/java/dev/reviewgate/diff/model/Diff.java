package dev.reviewgate.diff.model;

import java.util.List;

/** A parsed diff: the files in the order the source gave them. (Placeholder; the diff engine fills the model in.) */
public record Diff(List<Object> files) {
}
