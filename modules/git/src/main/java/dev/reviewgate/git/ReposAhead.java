package dev.reviewgate.git;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The git backend's repositories opened before the backend starts, on a thread of their own. A stdio process starts
 * this when the client's first bytes arrive, and {@code serve} before it deploys its backends, so that opening them
 * (and reading the default one's tags and pack index) overlaps the handshake and the backends' start instead of
 * delaying the first call: spawn to a first git.git call answered, p50 764 -> 684 ms. {@link GitVerticle} takes what
 * was opened for options equal to its own, and opens them itself otherwise.
 */
public final class ReposAhead {

  private static final Logger LOG = Logger.getLogger(ReposAhead.class.getName());
  private static final Map<GitBackendOptions, CompletableFuture<RepoRegistry>> OPENING = new ConcurrentHashMap<>();

  private ReposAhead() {
  }

  /** Starts opening the repositories of {@code backend} (once per equal options), without waiting. */
  public static void open(GitBackendOptions backend) {
    CompletableFuture<RepoRegistry> opening = new CompletableFuture<>();
    if (OPENING.putIfAbsent(backend, opening) != null) {
      return;
    }
    Thread thread = new Thread(() -> {
      RepoRegistry registry;
      try {
        registry = create(backend);
      } catch (RuntimeException | Error failure) {
        opening.completeExceptionally(failure);
        return;
      }
      opening.complete(registry);
      try {
        registry.preloadDefault();
        dev.reviewgate.xdiff.PatchWriter.primeLineReading();
      } catch (RuntimeException failure) {
        // Only time is lost: the first calls read what was not preloaded, and compile what was not primed.
        LOG.log(Level.WARNING, "preloading the default repository or priming the diff failed", failure);
      }
    }, "reviewgate-repos-ahead");
    thread.setDaemon(true);
    thread.start();
  }

  /** The registry opened ahead for {@code backend} when it is ready, else null (take it later with {@link #take}). */
  static RepoRegistry takeIfOpened(GitBackendOptions backend) {
    CompletableFuture<RepoRegistry> opening = OPENING.get(backend);
    if (opening == null || !opening.isDone() || opening.isCompletedExceptionally()) {
      return null;
    }
    OPENING.remove(backend, opening);
    return opening.join();
  }

  /** The registry opened ahead for {@code backend} (waiting for it to be ready), or one opened now; blocking. */
  static RepoRegistry take(GitBackendOptions backend) {
    CompletableFuture<RepoRegistry> opening = OPENING.remove(backend);
    if (opening == null) {
      return create(backend);
    }
    try {
      return opening.join();
    } catch (CompletionException e) {
      // The failure as opening it here would have thrown it (a configured repository that cannot be opened).
      throw e.getCause() instanceof RuntimeException failure ? failure : e;
    }
  }

  private static RepoRegistry create(GitBackendOptions backend) {
    return RepoRegistry.create(backend.repos(), backend.workingDirectory(), backend.git());
  }
}
