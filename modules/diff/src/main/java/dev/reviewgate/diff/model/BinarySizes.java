package dev.reviewgate.diff.model;

/**
 * The sizes of a binary file's two versions, which a diff's text does not carry ({@code Binary files ... differ})
 * but {@code git diff --stat} prints ({@code Bin 120 -> 98 bytes}). A missing side is 0 bytes, as in git.
 */
public record BinarySizes(long before, long after) {

  /** No sizes: both sides hold the same bytes (a rename or a mode change), which git prints as a bare {@code Bin}. */
  public static final BinarySizes NONE = new BinarySizes(0, 0);

  public boolean none() {
    return before == 0 && after == 0;
  }
}
