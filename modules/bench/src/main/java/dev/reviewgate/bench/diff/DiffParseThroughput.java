package dev.reviewgate.bench.diff;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.diff.DiffEngine;
import java.util.Arrays;

/**
 * A second view of parse throughput for a shared, busy machine: parse and a plain newline scan alternate on the
 * same corpus in one JVM, and the best and median round of each are printed. The best round is the one least
 * disturbed by other processes; the scan beside it shows what the machine gave the run.
 * {@code java -cp modules/bench/target/benchmarks.jar dev.reviewgate.bench.diff.DiffParseThroughput [rounds]}
 */
public final class DiffParseThroughput {

  private DiffParseThroughput() {
  }

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
    byte[] text = DiffCorpus.diff(DiffParseBenchmark.FILES, DiffParseBenchmark.LINES, DiffParseBenchmark.EDITS,
      DiffParseBenchmark.SEED);
    DiffEngine engine = new DiffEngine(ReviewgateConfig.defaults().section("diff"));
    long sink = 0;
    for (int i = 0; i < 20; i++) {
      sink += engine.parse(text).files().size() + scan(text);
    }
    long[] parse = new long[rounds];
    long[] scan = new long[rounds];
    for (int i = 0; i < rounds; i++) {
      long t0 = System.nanoTime();
      sink += engine.parse(text).files().size();
      long t1 = System.nanoTime();
      sink += scan(text);
      long t2 = System.nanoTime();
      parse[i] = t1 - t0;
      scan[i] = t2 - t1;
    }
    System.out.printf("corpus %d bytes, %d rounds (checksum %d)%n", text.length, rounds, sink);
    report("parse", text.length, parse);
    report("newline scan", text.length, scan);
  }

  private static int scan(byte[] text) {
    int lines = 0;
    for (byte b : text) {
      if (b == '\n') {
        lines++;
      }
    }
    return lines;
  }

  private static void report(String name, int bytes, long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    System.out.printf("%-13s best %.2f GB/s (%.2f ms), median %.2f GB/s (%.2f ms)%n", name,
      bytes / (double) sorted[0], sorted[0] / 1e6, bytes / (double) sorted[sorted.length / 2], sorted[sorted.length / 2] / 1e6);
  }
}
