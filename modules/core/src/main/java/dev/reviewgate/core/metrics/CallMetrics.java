package dev.reviewgate.core.metrics;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Counts and times tool calls per tool and per front-end ({@code stdio}, {@code http}, {@code bridge}) in the
 * global Micrometer registry: a no-op until a process installs a registry (the HTTP server's {@code /metrics}).
 * Exposed to Prometheus as {@code reviewgate_tool_calls_seconds_{count,sum,max}} and, where the registry's owner
 * configures them (the HTTP server: {@code http.metricsBucketsMs}), a few fixed buckets.
 */
public final class CallMetrics {

  public static final String NAME = "reviewgate.tool.calls";

  /**
   * Each front-end, tool and outcome's timer, registered once: building and looking one up in the registry was a
   * share of a small call's cost. The global registry is a composite, so a timer made before a registry is added
   * records into it too. Bounded: tools outside the catalog are named {@code unknown}.
   */
  private static final Map<String, Timer> TIMERS = new ConcurrentHashMap<>();

  private CallMetrics() {
  }

  /** Starts timing one call; {@link Sample#stop} records it with its outcome. */
  public static Sample start(String frontEnd, String tool) {
    return new Sample(frontEnd, tool, System.nanoTime());
  }

  /**
   * One call in progress.
   *
   * @param tool the tool name, or {@code unknown} for names outside the catalog (keeps label values bounded)
   */
  public record Sample(String frontEnd, String tool, long startNanos) {

    /** @param outcome {@code ok}, {@code error} (a tool-reported failure) or a failure code such as {@code 504} */
    public void stop(String outcome) {
      TIMERS.computeIfAbsent(frontEnd + '\u0000' + tool + '\u0000' + outcome, key -> Timer.builder(NAME)
          .description("Tool calls by front-end, tool and outcome")
          .tag("frontend", frontEnd)
          .tag("tool", tool)
          .tag("outcome", outcome)
          .register(Metrics.globalRegistry))
        .record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
    }
  }
}
