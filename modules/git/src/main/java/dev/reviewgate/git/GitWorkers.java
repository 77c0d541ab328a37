package dev.reviewgate.git;

import dev.reviewgate.core.ToolException;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The bounded pool JGit work runs on: {@code git.workerThreads} threads and at most {@code git.maxQueued} waiting
 * operations; beyond that a call fails at once with 429 instead of queueing without bound. Each operation has a
 * deadline ({@code git.timeoutMs}): when it passes, the caller gets 504 and the operation's {@link Cancellation}
 * is raised so the work stops at its next check.
 */
public final class GitWorkers implements AutoCloseable {

  private final Vertx vertx;
  private final ThreadPoolExecutor executor;
  private final long timeoutMs;
  private final int threads;
  private final int maxQueued;
  /**
   * Admission: one permit per running or waiting operation. Counting here rather than relying on the executor's
   * queue to refuse keeps the bound exact: a hand-off queue also refuses while an idle thread is between tasks.
   */
  private final Semaphore admitted;

  public GitWorkers(Vertx vertx, int threads, int maxQueued, long timeoutMs) {
    this.vertx = vertx;
    this.threads = Math.max(1, threads);
    this.maxQueued = maxQueued;
    this.timeoutMs = timeoutMs;
    this.admitted = new Semaphore(this.threads + Math.max(0, maxQueued));
    AtomicInteger count = new AtomicInteger();
    this.executor = new ThreadPoolExecutor(this.threads, this.threads, 60, TimeUnit.SECONDS,
      new LinkedBlockingQueue<>(),
      runnable -> {
        Thread thread = new Thread(runnable, "reviewgate-git-" + count.incrementAndGet());
        thread.setDaemon(true);
        return thread;
      });
  }

  /** Runs {@code work} on the pool; the future completes on the caller's context. */
  public <T> Future<T> submit(Function<Cancellation, T> work) {
    return submit(new Cancellation(), work);
  }

  /** Runs {@code work} under a cancellation the caller may also raise (e.g. when its client cancels the call). */
  public <T> Future<T> submit(Cancellation cancellation, Function<Cancellation, T> work) {
    return submitAnswering(cancellation, (c, answerNow) -> work.apply(c));
  }

  /**
   * As {@link #submit(Cancellation, Function)}, for work that may answer before it ends: {@code answerNow} completes
   * the call at once (the work's return value is then dropped) while the work goes on, holding its place in the pool
   * and its deadline: past {@code git.timeoutMs} its cancellation is raised whether it has answered or not.
   */
  public <T> Future<T> submitAnswering(Cancellation cancellation, BiFunction<Cancellation, Consumer<T>, T> work) {
    Context context = vertx.getOrCreateContext();
    Promise<T> promise = Promise.promise();
    AtomicBoolean settled = new AtomicBoolean();
    if (!admitted.tryAcquire()) {
      return Future.failedFuture(ToolException.busy("git is busy: " + executor.getActiveCount() + " operations running and "
        + executor.getQueue().size() + " waiting (limits git.workerThreads=" + threads + ", git.maxQueued=" + maxQueued
        + "); retry in about 1 second"));
    }
    Consumer<T> answer = result -> {
      if (settled.compareAndSet(false, true)) {
        context.runOnContext(v -> promise.complete(result));
      }
    };
    AtomicBoolean ended = new AtomicBoolean();
    long timer = vertx.setTimer(Math.max(1, timeoutMs), id -> {
      if (!ended.get()) {
        cancellation.cancel();
      }
      if (settled.compareAndSet(false, true)) {
        promise.fail(ToolException.timedOut("the git operation did not finish within git.timeoutMs (" + timeoutMs
          + " ms) and was abandoned; narrow it (a path filter, fewer commits, a smaller range) and retry"));
      }
    });
    Runnable task = () -> {
      try {
        try {
          cancellation.check(); // cancelled while it waited: fail with the reason, never leave the caller hanging
          answer.accept(work.apply(cancellation, answer));
        } catch (Throwable failure) {
          if (settled.compareAndSet(false, true)) {
            context.runOnContext(v -> promise.fail(failure));
          }
        }
      } finally {
        admitted.release();
        ended.set(true);
        vertx.cancelTimer(timer);
      }
    };
    try {
      executor.execute(task);
    } catch (java.util.concurrent.RejectedExecutionException closed) {
      admitted.release();
      vertx.cancelTimer(timer);
      return Future.failedFuture(new ToolException(dev.reviewgate.core.Failure.UNAVAILABLE,
        "git reading is shutting down; retry against a running server"));
    }
    return promise.future();
  }

  @Override
  public void close() {
    executor.shutdownNow();
  }
}
