package dev.reviewgate.git;

import dev.reviewgate.diff.model.BinarySizes;
import dev.reviewgate.xdiff.FileChange;

/**
 * One file of a diff with its line counts, as {@code git diff --numstat -M} and {@code --name-status} report it.
 *
 * @param oldPath    the path before a rename; null unless {@code status} is {@code RENAMED}
 * @param similarity git's similarity index in percent; null unless renamed
 * @param oldMode    the mode before, when it changed on a file present on both sides; else null (as {@code newMode})
 * @param binarySizes a binary file's two sizes in bytes ({@code git diff --stat}'s {@code Bin 0 -> 24 bytes}); else null
 */
public record ChangedFile(String path, FileChange.Status status, int additions, int deletions, boolean binary,
                          String oldPath, Integer similarity, Integer oldMode, Integer newMode, BinarySizes binarySizes) {
}
