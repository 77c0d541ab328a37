package dev.reviewgate.git;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/** A part of the sizes to read, by whichever thread comes to it first. */
final class SizeShare {
  final Runnable read;
  final AtomicBoolean taken = new AtomicBoolean();
  final CompletableFuture<Void> done = new CompletableFuture<>();

  SizeShare(Runnable read) {
    this.read = read;
  }

  void run() {
    if (!taken.compareAndSet(false, true)) {
      return;
    }
    try {
      read.run();
      done.complete(null);
    } catch (Throwable failure) { // whatever it is, the thread waiting for this share must hear of it
      done.completeExceptionally(failure);
    }
  }
}
