package dev.reviewgate.http.bridge.tcp;

import dev.reviewgate.core.security.Caller;
import dev.reviewgate.http.bridge.CallerShares;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What all connections of the TCP bridge share and may not exceed together: connections (in total, per credential,
 * and those that have not authenticated yet), calls in flight, and buffered bytes (frames being read plus replies and
 * events not yet written to the client). Connections live on several event loops, so this is synchronized; a
 * connection that had to wait for room is woken on its own context when room is made.
 */
final class TcpBridgeBudget {

  /** What a connection does for the budget: be told to go away, or that room was made. */
  interface Member {
    /** The budget needs this unauthenticated connection's place for a newer one. */
    void evict(String reason);

    /** Room was made; try again. */
    void wake();
  }

  private final TcpBridge.Bounds bounds;
  private final Set<Member> unauthenticated = new LinkedHashSet<>();
  private final CallerShares perCaller = new CallerShares();
  private final Set<Member> waiting = new LinkedHashSet<>();
  private int connections;
  private long bytes;
  private int calls;

  TcpBridgeBudget(TcpBridge.Bounds bounds) {
    this.bounds = bounds;
  }

  /**
   * A new connection: when all places are taken, the oldest connection that has not authenticated gives up its place
   * (a crowd of silent connections cannot lock services out for an auth timeout); with none to evict, it is refused.
   *
   * @return false: refused (too many authenticated connections)
   */
  boolean connected(Member member) {
    Member evicted = null;
    synchronized (this) {
      if (connections >= bounds.maxConnections() || unauthenticated.size() >= bounds.maxUnauthenticatedConnections()) {
        if (unauthenticated.isEmpty()) {
          return false;
        }
        evicted = unauthenticated.iterator().next();
        unauthenticated.remove(evicted);
        connections--;
      }
      connections++;
      unauthenticated.add(member);
    }
    if (evicted != null) {
      evicted.evict("too many connections are waiting to authenticate (busBridge.maxUnauthenticatedConnections = "
        + bounds.maxUnauthenticatedConnections() + ", busBridge.maxConnections = " + bounds.maxConnections()
        + "); this one was the oldest");
    }
    return true;
  }

  /** @return false: {@code caller} already holds {@code maxConnectionsPerCredential} connections */
  synchronized boolean authenticated(Member member, Caller caller) {
    if (!perCaller.take(caller, bounds.maxConnectionsPerCredential())) {
      return false;
    }
    unauthenticated.remove(member);
    return true;
  }

  /** @param caller whom the connection authenticated as, or null */
  synchronized void closed(Member member, Caller caller) {
    waiting.remove(member);
    if (unauthenticated.remove(member) || caller != null) {
      connections--;
    }
    if (caller != null) {
      perCaller.release(caller);
    }
  }

  /** Room for {@code length} more bytes of a frame being read; false: none now, {@code member} is woken later. */
  synchronized boolean reserve(Member member, long length) {
    if (bytes + length > bounds.maxBufferedBytes()) {
      waiting.add(member);
      return false;
    }
    bytes += length;
    return true;
  }

  /** Bytes written to a client are counted but never refused (the client's own queue limit pauses it instead). */
  synchronized void written(long length) {
    bytes += length;
  }

  /** Another call may start; false: {@code maxInFlight} calls are running, {@code member} is woken later. */
  synchronized boolean mayCall(Member member) {
    if (calls >= bounds.maxInFlight()) {
      waiting.add(member);
      return false;
    }
    return true;
  }

  synchronized void startCall() {
    calls++;
  }

  void release(long length) {
    wakeAfter(() -> bytes -= length);
  }

  void endCall() {
    wakeAfter(() -> calls--);
  }

  synchronized long bufferedBytes() {
    return bytes;
  }

  synchronized int connections() {
    return connections;
  }

  private void wakeAfter(Runnable change) {
    List<Member> woken;
    synchronized (this) {
      change.run();
      if (waiting.isEmpty()) {
        return;
      }
      woken = new ArrayList<>(waiting);
      waiting.clear();
    }
    woken.forEach(Member::wake);
  }
}
