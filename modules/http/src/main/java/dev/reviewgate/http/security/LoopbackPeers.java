package dev.reviewgate.http.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
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

  private final Path proc;
  /** Socket inode → process, from the last scan of the process table; rescanned on a miss. */
  private Map<Long, Long> socketOwners = Map.of();

  LoopbackPeers(Path proc) {
    this.proc = proc;
  }

  /** Whether this system has the files to look in (Linux); elsewhere clients are told apart by address only. */
  boolean available() {
    return Files.isReadable(proc.resolve("net/tcp"));
  }

  /**
   * @param peerPort   the client's port, as our server sees it
   * @param serverPort the port our server accepted the connection on
   * @return the owner of the client's socket, or empty when no such connection is listed (already closed)
   */
  synchronized Optional<Owner> owner(int peerPort, int serverPort) {
    Optional<Socket> socket = socket(peerPort, serverPort);
    if (socket.isEmpty()) {
      return Optional.empty();
    }
    long inode = socket.get().inode();
    Long pid = socketOwners.get(inode);
    if (pid == null) {
      socketOwners = scan(socket.get().uid());
      pid = socketOwners.get(inode);
    }
    return Optional.of(new Owner(socket.get().uid(), pid));
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

  /** Socket inode → process for every process of {@code uid} whose open files can be read. */
  private Map<Long, Long> scan(long uid) {
    Map<Long, Long> owners = new HashMap<>();
    try (DirectoryStream<Path> processes = Files.newDirectoryStream(proc, entry -> isNumber(entry.getFileName().toString()))) {
      for (Path process : processes) {
        if (!ownedBy(process, uid)) {
          continue; // its open files are not ours to read, and it cannot own the socket
        }
        long pid = Long.parseLong(process.getFileName().toString());
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
    } catch (IOException e) {
      // no process table: only the user is known
    }
    return owners;
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
