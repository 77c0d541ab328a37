package dev.reviewgate.core;

/**
 * A process cannot start, for a reason the person starting it can fix: a port already taken, a configuration value
 * that cannot work, a repository that cannot be opened, a cluster nobody answers. The launcher prints the message as
 * one line on stderr and exits 2, without stack frames, so whatever throws it anywhere in start-up (a verticle, the
 * cluster join, a bridge) writes a message that names the thing and the fix.
 */
public final class StartupFailure extends RuntimeException {

  /**
   * @param problem what went wrong, naming the thing (e.g. "HTTP port 8080 on 127.0.0.1 is already in use")
   * @param fix     what to do about it (e.g. "stop the process using it, or choose another with --port")
   */
  public StartupFailure(String problem, String fix) {
    // No stack trace: it is never shown, and the cause chain carries the technical detail for debug logging.
    super(oneLine(problem) + ": " + oneLine(fix), null, false, false);
  }

  /** A line that already names the thing and the fix (e.g. a configuration check's message). */
  public StartupFailure(String line) {
    super(oneLine(line), null, false, false);
  }

  /** As {@link #StartupFailure(String, String)}, keeping the technical cause for a debug log. */
  public StartupFailure(String problem, String fix, Throwable cause) {
    super(oneLine(problem) + ": " + oneLine(fix), cause, false, false);
  }

  /** The start-up failure in a cause chain (futures and executors wrap it), or null when there is none. */
  public static StartupFailure in(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof StartupFailure startup) {
        return startup;
      }
      if (cause.getCause() == cause) {
        break;
      }
    }
    return null;
  }

  /** Whether a failure comes from binding a port another process holds (Netty and the JDK both say so). */
  public static boolean portTaken(Throwable failure) {
    for (Throwable cause = failure; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
      if (cause instanceof java.net.BindException
        || cause.getMessage() != null && cause.getMessage().contains("Address already in use")) {
        return true;
      }
    }
    return false;
  }

  private static String oneLine(String text) {
    return text.strip().replaceAll("\\s*\\R\\s*", " ");
  }
}
