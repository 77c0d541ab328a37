package dev.reviewgate.bench.diff;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.model.Diff;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Parse throughput on a real {@code git diff} of over 20 MB. The {@code bytes} counter is the figure to read:
 * bytes parsed per second (divide by 1e9 for GB/s). {@code newlineScan} is a plain byte loop over the same bytes,
 * a baseline that shows how much of the machine the run had.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class DiffParseBenchmark {

  static final int FILES = 3000;
  static final int LINES = 400;
  static final int EDITS = 24;
  static final long SEED = 42;

  private DiffEngine engine;
  private byte[] text;

  /** Bytes processed, reported by JMH per second. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Bytes {
    public long bytes;

    @Setup(Level.Iteration)
    public void reset() {
      bytes = 0;
    }
  }

  @Setup
  public void load() {
    engine = new DiffEngine(ReviewgateConfig.defaults().section("diff"));
    text = DiffCorpus.diff(FILES, LINES, EDITS, SEED);
    if (text.length < 20_000_000) {
      throw new IllegalStateException("corpus too small: " + text.length);
    }
    System.err.println("parse corpus: " + text.length + " bytes, " + engine.parse(text).files().size() + " files");
  }

  @Benchmark
  public Diff parse(Bytes counter) {
    counter.bytes += text.length;
    return engine.parse(text);
  }

  /** The floor to compare with: counting newlines one byte at a time, measured in the same run and load. */
  @Benchmark
  public int newlineScan(Bytes counter) {
    counter.bytes += text.length;
    int lines = 0;
    for (byte b : text) {
      if (b == '\n') {
        lines++;
      }
    }
    return lines;
  }
}
