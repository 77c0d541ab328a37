package dev.reviewgate.git;

import java.util.ArrayDeque;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;

/**
 * Object readers of one repository kept open between calls, the most recently used lent first. JGit keeps the delta
 * bases it inflates in the reader ({@code git.deltaCacheBytes} each) and drops them when it is closed, so a reader
 * opened per call inflated again, from the whole object at its chain's end, what the call before had just inflated:
 * a commit's files are usually deltas of the versions its neighbours touched. A lent reader is one thread's at a
 * time; closing it gives it back, and past {@code capacity} idle ones it is closed for good.
 */
final class KeptReaders implements AutoCloseable {

  private final Repository repository;
  private final int capacity;
  private final ArrayDeque<ObjectReader> idle = new ArrayDeque<>();
  private boolean closed;

  KeptReaders(Repository repository, int capacity) {
    this.repository = repository;
    this.capacity = capacity;
  }

  /** A reader for one thread's use; close it when done (it then goes back to the idle ones). */
  ObjectReader lend() {
    if (capacity == 0) {
      return repository.newObjectReader();
    }
    ObjectReader reader;
    synchronized (idle) {
      reader = idle.pollFirst();
    }
    return new Lent(reader != null ? reader : repository.newObjectReader());
  }

  private void giveBack(ObjectReader reader) {
    synchronized (idle) {
      if (!closed && idle.size() < capacity) {
        idle.addFirst(reader);
        return;
      }
    }
    reader.close();
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
      idle.forEach(ObjectReader::close);
      idle.clear();
    }
  }

  /** A reader lent out: what it does, its delegate does; {@code close} gives the delegate back, once. */
  private final class Lent extends ObjectReader.Filter {

    private ObjectReader delegate;

    Lent(ObjectReader delegate) {
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
        giveBack(reader);
      }
    }
  }
}
