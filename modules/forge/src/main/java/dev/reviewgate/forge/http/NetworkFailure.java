package dev.reviewgate.forge.http;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.concurrent.TimeoutException;

/** Why a request got no answer, which decides whether trying again can help. */
public enum NetworkFailure {
  /** No answer within the request's timeout (the connection may have been made and the request applied). */
  TIMED_OUT,
  /** Nothing was sent: the connection was refused or the host name did not resolve. */
  UNREACHABLE,
  /** The connection was made and then broke (reset, closed early, TLS failure). */
  BROKEN;

  /** Classifies what the HTTP client failed with, looking through wrapped causes. */
  public static NetworkFailure of(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      // Netty's ConnectTimeoutException is a ConnectException too: a timeout first.
      if (t instanceof TimeoutException || t.getClass().getSimpleName().toLowerCase(Locale.ROOT).contains("timeout")) {
        return TIMED_OUT;
      }
      if (t instanceof ConnectException || t instanceof UnknownHostException) {
        return UNREACHABLE;
      }
    }
    return BROKEN;
  }
}
