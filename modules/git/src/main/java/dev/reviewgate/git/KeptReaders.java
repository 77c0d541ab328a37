package dev.reviewgate.git;

import java.util.ArrayDeque;
import java.util.Iterator;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;

/**
 * Object readers kept open between calls, at most {@code capacity} idle ones for all the repositories of a registry,
 * the most recently used lent first. JGit keeps the delta bases it inflates in the reader ({@code git.deltaCacheBytes}
 * each) and drops them when it is closed, so a reader opened per call inflated again, from the whole object at its
 * chain's end, what the call before had just inflated: a commit's files are usually deltas of the versions its
 * neighbours touched. A lent reader is one thread's at a time; closing it gives it back, and the idle reader used
 * least recently, of whichever repository, is closed for good when more than {@code capacity} wait: a server of many
 * repositories holds the bases of a few readers, not of a few per repository.
 */
final class KeptReaders implements AutoCloseable {

  private final int capacity;
  /** Most recently given back first. */
  private final ArrayDeque<Idle> idle = new ArrayDeque<>();
  private boolean closed;

  private record Idle(Repository repository, ObjectReader reader) {
  }

  KeptReaders(int capacity) {
    this.capacity = capacity;
  }

  /** A reader of {@code repository} for one thread's use; close it when done (it then waits to be lent again). */
  ObjectReader lend(Repository repository) {
    if (capacity == 0) {
      return repository.newObjectReader();
    }
    ObjectReader reader = null;
    synchronized (idle) {
      for (Iterator<Idle> it = idle.iterator(); it.hasNext(); ) {
        Idle candidate = it.next();
        if (candidate.repository() == repository) {
          it.remove();
          reader = candidate.reader();
          break;
        }
      }
    }
    return new Lent(repository, reader != null ? reader : repository.newObjectReader());
  }

  private void giveBack(Repository repository, ObjectReader reader) {
    Idle evicted = null;
    synchronized (idle) {
      if (closed) {
        evicted = new Idle(repository, reader);
      } else {
        idle.addFirst(new Idle(repository, reader));
        if (idle.size() > capacity) {
          evicted = idle.removeLast();
        }
      }
    }
    if (evicted != null) {
      evicted.reader().close();
    }
  }

  /** Closes the idle readers of {@code repository} (it is being closed); readers lent out close when given back. */
  void forget(Repository repository) {
    synchronized (idle) {
      idle.removeIf(entry -> {
        if (entry.repository() == repository) {
          entry.reader().close();
          return true;
        }
        return false;
      });
    }
  }

  /** How many readers wait idle to be lent (for tests). */
  int idle() {
    synchronized (idle) {
      return idle.size();
    }
  }

  @Override
  public void close() {
    synchronized (idle) {
      closed = true;
      idle.forEach(entry -> entry.reader().close());
      idle.clear();
    }
  }

  /** A reader lent out: what it does, its delegate does; {@code close} gives the delegate back, once. */
  private final class Lent extends ObjectReader.Filter {

    private final Repository repository;
    private ObjectReader delegate;

    Lent(Repository repository, ObjectReader delegate) {
      this.repository = repository;
      this.delegate = delegate;
    }

    @Override
    protected ObjectReader delegate() {
      if (delegate == null) {
        throw new IllegalStateException("object reader used after close");
      }
      return delegate;
    }

    @Override
    public void close() {
      ObjectReader reader = delegate;
      if (reader != null) {
        delegate = null;
        giveBack(repository, reader);
      }
    }
  }
}
