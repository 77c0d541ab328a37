package dev.reviewgate.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What the process logged that a test must see: every record at SEVERE, and every record of the loggers it names
 * (e.g. the one place forge replies that trip a mapping are logged). Installed on the root logger until closed.
 */
public final class TroubleLog extends Handler implements AutoCloseable {

  private final Set<String> loggers;
  private final List<LogRecord> taken = new ArrayList<>();

  private TroubleLog(Set<String> loggers) {
    this.loggers = loggers;
  }

  /** Starts taking records at SEVERE and any record of {@code loggers}. */
  public static TroubleLog install(String... loggers) {
    TroubleLog log = new TroubleLog(Set.of(loggers));
    Logger.getLogger("").addHandler(log);
    return log;
  }

  @Override
  public void publish(LogRecord record) {
    if (record.getLevel().intValue() >= Level.SEVERE.intValue() || loggers.contains(record.getLoggerName())) {
      synchronized (taken) {
        taken.add(record);
      }
    }
  }

  /** The records taken since the last {@link #clear()}, each as one line: level, logger, message, thrown. */
  public List<String> lines() {
    synchronized (taken) {
      return taken.stream().map(r -> r.getLevel() + " " + r.getLoggerName() + ": " + r.getMessage() + " " + r.getThrown()).toList();
    }
  }

  public void clear() {
    synchronized (taken) {
      taken.clear();
    }
  }

  @Override
  public void flush() {
  }

  @Override
  public void close() {
    Logger.getLogger("").removeHandler(this);
  }
}
