package dev.reviewgate.bench.diff;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.model.Diff;
import io.vertx.core.json.JsonObject;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Shaping a parsed 5,000-file diff to a 20,000-token budget (selection, cut list with fetch arguments, rendering). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class DiffShapeBenchmark {

  static final int FILES = 5000;
  static final int LINES = 80;
  static final int EDITS = 4;
  static final long SEED = 7;

  private DiffEngine engine;
  private Diff diff;
  private final JsonObject budget = new JsonObject().put("token_budget", 20_000);
  private final JsonObject filesOnly = new JsonObject().put("files_only", true);

  @Setup
  public void load() {
    engine = new DiffEngine(ReviewgateConfig.defaults().section("diff"));
    diff = engine.parse(DiffCorpus.diff(FILES, LINES, EDITS, SEED));
    if (diff.files().size() < FILES) {
      throw new IllegalStateException("expected " + FILES + " files, got " + diff.files().size());
    }
  }

  @Benchmark
  public JsonObject tokenBudget() {
    return engine.shape(diff, budget);
  }

  @Benchmark
  public JsonObject filesOnly() {
    return engine.shape(diff, filesOnly);
  }
}
