package dev.reviewgate.git;

import dev.reviewgate.xdiff.PatchWriter;
import java.util.function.IntSupplier;

/** What one diff computation reads with: its changed files, a writer on the caller's reader, the abbreviation length. */
record DiffSession(DiffChanges found, PatchWriter writer, IntSupplier abbreviation) {
}
