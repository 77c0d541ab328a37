package dev.reviewgate.http.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which local process holds the other end of a loopback connection, read from Linux's {@code /proc}: the client's
 * socket is the line of {@code /proc/net/tcp} (or {@code tcp6}) whose local port is the peer's port and whose
 * remote port is ours; its inode then appears as {@code socket:[inode]} among the open files of exactly one
 * process. Every local agent shares the address 127.0.0.1, so this is what tells them apart.
 *
 * <p>A process of another user cannot be looked into; its socket's owner (the {@code uid} column) is still known,
 * so such clients are told apart per user. Blocking file reads: call it off the event loop.
 */
final class LoopbackPeers {

  /** The owner of a socket: the process when it could be found, else only the user. */
  record Owner(long uid, Long pid) {

    /** The key that per-client limits count by. */
    String key() {
      return pid != null ? "process " + pid : "user " + uid;
    }
  }

  record Socket(long uid, long inode) {
  }

  /** Processes that owned earlier connections, looked in first: an agent that opened one usually opens more. */
  private static final int RECENT_OWNERS = 16;

  private final Path proc;
  /** Socket inode → process, from the last scan of the process table (whole or cut short); replaced by the next. */
  private volatile Map<Long, Long> socketOwners = Map.of();
  private final Map<Long, Boolean> recentOwners = new LinkedHashMap<>(RECENT_OWNERS, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
      return size() > RECENT_OWNERS;
    }
  };

  LoopbackPeers(Path proc) {
    this.proc = proc;
  }

  /** Whether this system has the files to look in (Linux); elsewhere clients are told apart by address only. */
  boolean available() {
    return Files.isReadable(proc.resolve("net/tcp"));
  }

  /**
   * Looks in the owners of earlier connections first, then in every process of the socket's user until the socket is
   * found or {@code deadlineNanos} passes (so that a slow scan, many processes with many open files on a starved
   * machine, ends with its deadline instead of holding a thread). Safe to call from several threads at once.
   *
   * @param peerPort      the client's port, as our server sees it
   * @param serverPort    the port our server accepted the connection on
   * @param deadlineNanos {@link System#nanoTime()} after which the scan gives up
   * @return the owner of the client's socket (its user only, when no process of it shows the socket); empty when no
   *     such connection is listed (already closed) or the deadline passed first
   */
  Optional<Owner> owner(int peerPort, int serverPort, long deadlineNanos) {
    Optional<Socket> socket = socket(peerPort, serverPort);
    if (socket.isEmpty()) {
      return Optional.empty();
    }
    long inode = socket.get().inode();
    Long pid = socketOwners.get(inode);
    if (pid == null) {
      pid = inRecentOwners(inode, deadlineNanos);
    }
    if (pid == null) {
      Map<Long, Long> scanned = new HashMap<>();
      boolean complete = scan(socket.get().uid(), inode, scanned, deadlineNanos);
      socketOwners = scanned;
      pid = scanned.get(inode);
      if (pid == null && !complete) {
        return Optional.empty();
      }
    }
    if (pid != null) {
      synchronized (recentOwners) {
        recentOwners.put(pid, Boolean.TRUE);
      }
    }
    return Optional.of(new Owner(socket.get().uid(), pid));
  }

  private Long inRecentOwners(long inode, long deadlineNanos) {
    List<Long> recent;
    synchronized (recentOwners) {
      recent = List.copyOf(recentOwners.keySet());
    }
    for (Long pid : recent) {
      if (System.nanoTime() - deadlineNanos > 0) {
        return null;
      }
      Map<Long, Long> sockets = new HashMap<>();
      openSockets(proc.resolve(Long.toString(pid)), pid, sockets);
      if (sockets.containsKey(inode)) {
        return pid;
      }
    }
    return null;
  }

  private Optional<Socket> socket(int peerPort, int serverPort) {
    for (String table : List.of("net/tcp", "net/tcp6")) {
      Path file = proc.resolve(table);
      if (!Files.isReadable(file)) {
        continue;
      }
      try {
        for (String line : Files.readAllLines(file)) {
          Optional<Socket> found = parse(line, peerPort, serverPort);
          if (found.isPresent()) {
            return found;
          }
        }
      } catch (IOException e) {
        // a table that cannot be read is one we cannot use; try the next
      }
    }
    return Optional.empty();
  }

  /**
   * One line of {@code /proc/net/tcp}: {@code sl local rem st queues tr retrnsmt uid timeout inode ...}, addresses
   * as {@code HEXADDR:HEXPORT}. The client's own socket has the peer port as its local port.
   */
  static Optional<Socket> parse(String line, int localPort, int remotePort) {
    String[] fields = line.trim().split("\\s+");
    if (fields.length < 10 || !fields[0].endsWith(":")) {
      return Optional.empty();
    }
    try {
      if (port(fields[1]) != localPort || port(fields[2]) != remotePort) {
        return Optional.empty();
      }
      long inode = Long.parseLong(fields[9]);
      return inode == 0 ? Optional.empty() : Optional.of(new Socket(Long.parseLong(fields[7]), inode));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static int port(String address) {
    return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1), 16);
  }

  /**
   * Adds socket inode → process to {@code owners} for the processes of {@code uid} whose open files can be read,
   * until {@code inode} is among them or the deadline passes.
   *
   * @return false when the deadline cut the scan short
   */
  private boolean scan(long uid, long inode, Map<Long, Long> owners, long deadlineNanos) {
    try (DirectoryStream<Path> processes = Files.newDirectoryStream(proc, entry -> isNumber(entry.getFileName().toString()))) {
      for (Path process : processes) {
        if (owners.containsKey(inode)) {
          return true;
        }
        if (System.nanoTime() - deadlineNanos > 0) {
          return false;
        }
        if (ownedBy(process, uid)) { // else its open files are not ours to read, and it cannot own the socket
          openSockets(process, Long.parseLong(process.getFileName().toString()), owners);
        }
      }
    } catch (IOException | UncheckedIOException e) {
      // no process table: only the user is known
    }
    return true;
  }

  /** Adds the socket inodes among the open files of {@code process} to {@code owners}. */
  private static void openSockets(Path process, long pid, Map<Long, Long> owners) {
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(process.resolve("fd"))) {
      for (Path fd : fds) {
        String target = readLink(fd);
        if (target != null && target.startsWith("socket:[") && target.endsWith("]")) {
          owners.putIfAbsent(Long.parseLong(target.substring(8, target.length() - 1)), pid);
        }
      }
    } catch (IOException | UncheckedIOException | SecurityException e) {
      // the process ended, or its files are closed to us
    }
  }

  private static boolean ownedBy(Path process, long uid) {
    try {
      return ((Number) Files.getAttribute(process, "unix:uid")).longValue() == uid;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return true; // cannot tell: look
    }
  }

  private static String readLink(Path fd) {
    try {
      return Files.readSymbolicLink(fd).toString();
    } catch (IOException | UnsupportedOperationException e) {
      return null;
    }
  }

  private static boolean isNumber(String name) {
    return !name.isEmpty() && name.chars().allMatch(Character::isDigit);
  }
}
