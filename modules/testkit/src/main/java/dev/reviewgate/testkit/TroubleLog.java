package dev.reviewgate.testkit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What the process logged that a test must see: every record at SEVERE, and every record of the loggers it names
 * (e.g. the one place forge replies that trip a mapping are logged), or every record at all ({@link #everything()}:
 * to see a secret appears in none). Installed on the root logger until closed.
 */
public final class TroubleLog extends Handler implements AutoCloseable {

  private final Set<String> loggers;
  private final boolean all;
  private final Level rootLevel = Logger.getLogger("").getLevel();
  private final List<LogRecord> taken = new ArrayList<>();

  private TroubleLog(Set<String> loggers, boolean all) {
    this.loggers = loggers;
    this.all = all;
  }

  /** Starts taking records at SEVERE and any record of {@code loggers}. */
  public static TroubleLog install(String... loggers) {
    TroubleLog log = new TroubleLog(Set.of(loggers), false);
    Logger.getLogger("").addHandler(log);
    return log;
  }

  /** Starts taking every record of every logger, at every level (the root logger is set to ALL until closed). */
  public static TroubleLog everything() {
    TroubleLog log = new TroubleLog(Set.of(), true);
    Logger.getLogger("").setLevel(Level.ALL);
    Logger.getLogger("").addHandler(log);
    return log;
  }

  @Override
  public void publish(LogRecord record) {
    if (all || record.getLevel().intValue() >= Level.SEVERE.intValue() || loggers.contains(record.getLoggerName())) {
      synchronized (taken) {
        taken.add(record);
      }
    }
  }

  /** The records taken since the last {@link #clear()}, each as one line: level, logger, message, parameters, thrown. */
  public List<String> lines() {
    synchronized (taken) {
      return taken.stream().map(r -> r.getLevel() + " " + r.getLoggerName() + ": " + r.getMessage()
        + (r.getParameters() == null ? "" : " " + Arrays.toString(r.getParameters())) + " " + r.getThrown()).toList();
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
    if (all) {
      Logger.getLogger("").setLevel(rootLevel);
    }
  }
}
