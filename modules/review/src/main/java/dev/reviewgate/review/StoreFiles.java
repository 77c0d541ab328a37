package dev.reviewgate.review;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The two disk disciplines of the review store, shared by every kind of document it keeps (reviews, drafts awaiting
 * approval): work under the store's exclusive lock, and atomic, durable replacement of one file.
 */
final class StoreFiles {

  static final String TEMP_MARK = ".tmp-";
  private static final String LOCK_FILE = ".lock";
  /** One lock per store directory within this JVM: OS file locks are per process, not per thread. */
  private static final Map<Path, ReentrantLock> JVM_LOCKS = new ConcurrentHashMap<>();

  private StoreFiles() {
  }

  /** Runs {@code work} holding {@code <storeDir>/.lock} (an OS file lock between processes, a JVM lock between threads). */
  static <T> T locked(Path storeDir, Supplier<T> work) {
    ReentrantLock jvm = JVM_LOCKS.computeIfAbsent(storeDir, d -> new ReentrantLock());
    jvm.lock();
    try (FileChannel channel = FileChannel.open(storeDir.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
         FileLock lock = channel.lock()) {
      return work.get();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lock the review store at " + storeDir, e);
    } finally {
      jvm.unlock();
    }
  }

  /**
   * Removes the temporary files a crash left in {@code dir}, under the store's lock: another process sharing the store
   * may be between writing a temporary file and renaming it.
   */
  static void removeLeftovers(Path storeDir, Path dir) {
    locked(storeDir, () -> {
      try (java.nio.file.DirectoryStream<Path> leftovers = Files.newDirectoryStream(dir, "*" + TEMP_MARK + "*")) {
        for (Path leftover : leftovers) {
          Files.deleteIfExists(leftover);
        }
        return null;
      } catch (IOException e) {
        throw new UncheckedIOException("cannot open the review store at " + dir, e);
      }
    });
  }

  /**
   * Replaces {@code target} with {@code bytes} atomically and durably: a temporary file in the same directory is
   * forced to disk, renamed over the target, and the directory forced so the rename survives a crash.
   */
  static void replace(Path target, byte[] bytes) throws IOException {
    Path temp = target.resolveSibling(target.getFileName() + TEMP_MARK + UUID.randomUUID());
    try {
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        channel.force(true);
      }
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      // Makes the rename itself durable; without it a crash can bring back the old directory entry.
      try (FileChannel directory = FileChannel.open(target.getParent(), StandardOpenOption.READ)) {
        directory.force(true);
      }
    } catch (IOException e) {
      try {
        Files.deleteIfExists(temp);
      } catch (IOException ignored) {
        // the next open removes it
      }
      throw e;
    }
  }
}
