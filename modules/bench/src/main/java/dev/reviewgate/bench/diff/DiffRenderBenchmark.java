package dev.reviewgate.bench.diff;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.render.JsonRenderer;
import io.vertx.core.json.JsonArray;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Render throughput on the parse benchmark's corpus: unified text (byte-exact) and the structured JSON files.
 * Reported as bytes of the source diff rendered per second, via the {@code bytes} counter.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class DiffRenderBenchmark {

  private DiffEngine engine;
  private Diff diff;
  private int size;

  @Setup
  public void load() {
    engine = new DiffEngine(ReviewgateConfig.defaults().section("diff"));
    byte[] text = DiffCorpus.diff(DiffParseBenchmark.FILES, DiffParseBenchmark.LINES, DiffParseBenchmark.EDITS,
      DiffParseBenchmark.SEED);
    size = text.length;
    diff = engine.parse(text);
  }

  @Benchmark
  public byte[] unified(DiffParseBenchmark.Bytes counter) {
    counter.bytes += size;
    return engine.render(diff);
  }

  @Benchmark
  public JsonArray json(DiffParseBenchmark.Bytes counter) {
    counter.bytes += size;
    return JsonRenderer.render(diff.files());
  }
}
