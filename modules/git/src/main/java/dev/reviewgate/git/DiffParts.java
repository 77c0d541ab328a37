package dev.reviewgate.git;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that write the files of one large diff side by side. A {@code git diff} process uses one core; a
 * range of hundreds of files is independent work per file, so a diff that large is cut into blocks written in
 * parallel on as many threads as the machine has cores, and joined in order (from {@code git.parallelFromFiles} files:
 * below it a diff is written on the caller's thread). Separate from the git worker pool,
 * whose threads wait here for their blocks (sharing it could leave every worker waiting on blocks none can run).
 */
final class DiffParts {

  private static final int THREADS = Math.max(1, Runtime.getRuntime().availableProcessors());
  private static volatile ExecutorService pool;

  private DiffParts() {
  }

  static int threads() {
    return THREADS;
  }

  static ExecutorService pool() {
    ExecutorService current = pool;
    if (current == null) {
      synchronized (DiffParts.class) {
        current = pool;
        if (current == null) {
          AtomicInteger count = new AtomicInteger();
          current = Executors.newFixedThreadPool(THREADS, work -> {
            Thread thread = new Thread(work, "reviewgate-diff-part-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
          });
          pool = current;
        }
      }
    }
    return current;
  }
}
