package dev.reviewgate.core.json;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.core.shareddata.Shareable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

/**
 * A JSON string value whose text is still being made: a large diff's stretches, escaped where they were diffed
 * ({@link Utf8Text#escape}), are added in order by the thread that joins them while one reader writes them out
 * ({@link #writeJson}) as they come. The reply starts before the diff ends, the pipe and the client's read overlap
 * the diffing, and what is held is the stretches not yet written, at most about {@code aheadBytes} (the producer
 * waits beyond it) plus the one being added, instead of the whole escaped diff.
 *
 * <p>What follows the text in a reply (a summary counted while writing it, warnings) is known only at its end:
 * {@link #end} hands it over, and the {@link #whenEnded} listeners run before the reader writes the closing quote, so
 * a writer that comes to the fields after the text finds them complete. A producer that fails part way
 * ({@link #stop}) ends the text with a note saying so.
 *
 * <p>Read once: only a caller that writes the reply straight out, apart from other replies (an HTTP response), asks
 * for one ({@link dev.reviewgate.core.bus.CallContext#acceptsTextStream}), never one that keeps a result (a task, a
 * cache), writes replies in one ordered pipe (stdio) or encodes it with Vert.x's own JSON (which does not know this type). A reader that fails (the client left) abandons
 * it: the producer's next {@link #add} throws, so the work stops instead of filling memory nobody reads.
 */
public final class TextStream implements Shareable, JsonString {

  /** Thrown to a producer whose reader is gone. */
  public static final class Abandoned extends CancellationException {
    Abandoned() {
      super("the reader of the text is gone");
    }
  }

  private static final long WAIT_MS = 50;

  private final long aheadBytes;
  private final Runnable checkpoint;
  private final ArrayDeque<Utf8Text.Part> queued = new ArrayDeque<>();
  private final List<Consumer<JsonObject>> listeners = new ArrayList<>();
  private long queuedBytes;
  /** What follows the text, once {@link #end} or {@link #stop} handed it over. */
  private JsonObject rest;
  private String stopNote;
  /** Set once the listeners have run: the reader may close the text. */
  private boolean done;
  private boolean abandoned;
  private boolean reading;

  /**
   * @param aheadBytes how many bytes the producer may add beyond what the reader has taken before it waits
   * @param checkpoint run by a waiting producer every {@value #WAIT_MS} ms; throws to end the wait (a deadline passed)
   */
  public TextStream(long aheadBytes, Runnable checkpoint) {
    this.aheadBytes = aheadBytes;
    this.checkpoint = checkpoint;
  }

  /** The next stretch of the text; waits while the reader is {@code aheadBytes} behind. */
  public void add(Utf8Text.Part part) {
    synchronized (this) {
      while (!abandoned && queuedBytes >= aheadBytes) {
        waitHere();
        checkpoint.run();
      }
      if (abandoned) {
        throw new Abandoned();
      }
      queued.add(part);
      queuedBytes += part.bytes();
      notifyAll();
    }
  }

  /** The text is whole; {@code rest} is what follows it in the reply. */
  public void end(JsonObject rest) {
    finish(rest, null);
  }

  /** The text stops here, unfinished: the reader ends it with {@code note} on a line of its own. */
  public void stop(String note, JsonObject rest) {
    finish(rest, note);
  }

  private void finish(JsonObject rest, String note) {
    List<Consumer<JsonObject>> toRun;
    synchronized (this) {
      if (this.rest != null) {
        throw new IllegalStateException("the text has already ended");
      }
      this.rest = rest;
      this.stopNote = note;
      toRun = new ArrayList<>(listeners);
      listeners.clear();
    }
    try {
      toRun.forEach(listener -> listener.accept(rest));
    } finally {
      synchronized (this) {
        done = true;
        notifyAll();
      }
    }
  }

  /**
   * Runs {@code listener} with what follows the text once it has ended (at once, here, when it already has), before
   * the reader closes the text.
   */
  public void whenEnded(Consumer<JsonObject> listener) {
    JsonObject ended;
    synchronized (this) {
      ended = rest;
      if (ended == null) {
        listeners.add(listener);
        return;
      }
    }
    listener.accept(ended);
  }

  /** The reader gives up: what is queued is let go and the producer's next {@link #add} throws. */
  public void abandon() {
    synchronized (this) {
      abandoned = true;
      queued.clear();
      queuedBytes = 0;
      notifyAll();
    }
  }

  /**
   * The streams within {@code value} at any depth: a reply still being made has one; a result nobody will write (its
   * request was cancelled) has its streams abandoned.
   */
  public static List<TextStream> within(Object value) {
    List<TextStream> found = new ArrayList<>(1);
    collect(value, found);
    return found;
  }

  private static void collect(Object value, List<TextStream> found) {
    if (value instanceof TextStream stream) {
      found.add(stream);
    } else if (value instanceof JsonObject object) {
      for (Map.Entry<String, Object> field : object) {
        collect(field.getValue(), found);
      }
    } else if (value instanceof JsonArray array) {
      array.forEach(item -> collect(item, found));
    }
  }

  /**
   * The text as a JSON string (quoted) into {@code out} as it comes, flushing {@code out} whenever it has to wait for
   * more; returns once the text has ended. Called once. If writing fails the stream is abandoned.
   */
  @Override
  public void writeJson(OutputStream out) throws IOException {
    synchronized (this) {
      if (reading) {
        throw new IllegalStateException("a text stream is written once");
      }
      reading = true;
    }
    try {
      Utf8Text.PartJoiner joiner = new Utf8Text.PartJoiner();
      out.write('"');
      while (true) {
        Utf8Text.Part part;
        synchronized (this) {
          part = queued.poll();
          if (part != null) {
            queuedBytes -= part.bytes();
            notifyAll();
          }
          if (part == null && done) {
            break;
          }
        }
        if (part == null) {
          out.flush(); // what the client can read now goes now, not when a buffer fills
          synchronized (this) {
            while (queued.isEmpty() && !done) {
              waitHere();
            }
          }
          continue;
        }
        for (byte[] chunk : joiner.add(part)) {
          out.write(chunk);
        }
      }
      String note;
      synchronized (this) {
        note = stopNote;
      }
      if (note != null) {
        byte[] line = ("\n[reviewgate] " + note + "\n").getBytes(StandardCharsets.UTF_8);
        for (byte[] chunk : joiner.add(Utf8Text.escape(List.of(line)))) {
          out.write(chunk);
        }
      }
      for (byte[] chunk : joiner.finish()) {
        out.write(chunk);
      }
      out.write('"');
    } catch (IOException | RuntimeException | Error e) {
      abandon();
      throw e;
    }
  }

  private void waitHere() {
    try {
      wait(WAIT_MS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      abandoned = true;
      notifyAll();
      throw new Abandoned();
    }
  }

  /** Shared, never copied: one producer and one reader hold the same stream. */
  @Override
  public TextStream copy() {
    return this;
  }

  @Override
  public String toString() {
    return "a text still being written";
  }
}
