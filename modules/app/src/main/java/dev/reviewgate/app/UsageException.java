package dev.reviewgate.app;

/** Bad command line or configuration: the launcher prints the message and the usage on stderr and exits 2. */
final class UsageException extends RuntimeException {

  UsageException(String message) {
    super(message, null, false, false);
  }
}
