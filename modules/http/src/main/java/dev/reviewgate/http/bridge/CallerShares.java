package dev.reviewgate.http.bridge;

import dev.reviewgate.core.security.Caller;
import java.util.HashMap;
import java.util.Map;

/**
 * How many connections (TCP) or sockets (WebSocket) each caller holds on a bridge, so that one credential cannot take
 * what all share. Not thread-safe: its owner calls it under its own lock.
 */
public final class CallerShares {

  private final Map<Caller, Integer> held = new HashMap<>();

  /** Counts one more for {@code caller}; false, counting nothing, when it holds {@code max} already. */
  public boolean take(Caller caller, int max) {
    int now = held.getOrDefault(caller, 0);
    if (now >= max) {
      return false;
    }
    held.put(caller, now + 1);
    return true;
  }

  /** Counts one fewer for {@code caller}, which {@link #take} counted. */
  public void release(Caller caller) {
    held.computeIfPresent(caller, (c, n) -> n == 1 ? null : n - 1);
  }
}
