package dev.reviewgate.git;

import dev.reviewgate.core.ToolException;

/**
 * A cooperative stop flag for one operation. The worker pool raises it when the deadline passes; long loops
 * (commit walks, tree walks, rename matrices, per-file diffs) call {@link #check()} so abandoned work ends soon.
 * Threads are not interrupted: an interrupt can close JGit's shared pack file channels.
 */
public final class Cancellation implements dev.reviewgate.xdiff.CancelCheck {

  /** Never cancelled; for callers without a deadline (tests, the bench harness). */
  public static final Cancellation NONE = new Cancellation();

  private static final ToolException PAST_DEADLINE = ToolException.timedOut("the git operation ran past its deadline "
    + "and was abandoned; narrow it (fewer commits, a path filter, a smaller range) or raise git.timeoutMs");
  private static final ToolException BY_CALLER = ToolException.conflict("the caller cancelled this git operation; "
    + "nothing was changed");

  private volatile ToolException reason;

  /** The deadline passed. */
  public void cancel() {
    stop(PAST_DEADLINE);
  }

  /** The caller abandoned the call (MCP cancellation, a closed stream). */
  public void cancelByCaller() {
    stop(BY_CALLER);
  }

  private void stop(ToolException why) {
    if (this != NONE && reason == null) {
      reason = why;
    }
  }

  @Override
  public void check() {
    ToolException why = reason;
    if (why != null) {
      throw why;
    }
  }
}
