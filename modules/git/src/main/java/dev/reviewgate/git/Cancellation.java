package dev.reviewgate.git;

import dev.reviewgate.core.ToolException;

/**
 * A cooperative stop flag for one operation. The worker pool raises it when the deadline passes; long loops
 * (commit walks, tree walks, rename matrices, per-file diffs) call {@link #check()} so abandoned work ends soon.
 * Threads are not interrupted: an interrupt can close JGit's shared pack file channels.
 */
public final class Cancellation {

  /** Never cancelled; for callers without a deadline (tests, the bench harness). */
  public static final Cancellation NONE = new Cancellation();

  private volatile boolean cancelled;

  public void cancel() {
    if (this != NONE) {
      cancelled = true;
    }
  }

  public boolean cancelled() {
    return cancelled;
  }

  public void check() {
    if (cancelled) {
      throw ToolException.timedOut("the git operation ran past its deadline and was abandoned; narrow it "
        + "(fewer commits, a path filter, a smaller range) or raise git.timeoutMs");
    }
  }
}
