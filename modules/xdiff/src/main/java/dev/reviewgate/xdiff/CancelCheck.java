package dev.reviewgate.xdiff;

/**
 * Asked by long diff work whether to stop: between files, at every region the histogram diff splits, in the rename
 * matrix. It stops the work by throwing whatever its owner chose (the git backend throws its deadline or
 * cancellation failure), so this package needs no notion of deadlines or of who cancelled.
 */
@FunctionalInterface
public interface CancelCheck {

  /** Work nobody will cancel, e.g. two blobs fetched from a forge and diffed at once. */
  CancelCheck NEVER = () -> { };

  /** Returns when the work may go on; throws to stop it. */
  void check();
}
