package dev.reviewgate.http.ops;

import dev.reviewgate.core.metrics.CallMetrics;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.VertxBuilder;
import io.vertx.core.VertxOptions;
import io.vertx.ext.web.Router;
import io.vertx.micrometer.Label;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import io.vertx.micrometer.PrometheusScrapingHandler;
import io.vertx.micrometer.VertxPrometheusOptions;
import java.util.EnumSet;
import java.util.List;
import java.util.logging.Logger;

/**
 * Prometheus metrics for a server process: Vert.x's own figures (HTTP per route and status, event bus per address,
 * pools), JVM figures, and the per-tool, per-front-end call timers recorded through the global Micrometer registry
 * ({@code dev.reviewgate.core.metrics.CallMetrics}). One registry per process, scraped at {@code /metrics}.
 */
public final class HttpMetrics {

  /**
   * Vert.x's Micrometer binding registers a gauge with Micrometer each time it looks one up (an HTTP server's active
   * connections, a method's active requests) and keeps the count itself; Micrometer takes the second registration for
   * a mistake and warns, on every server's first requests. Only that one message is dropped; the logger is held here
   * because java.util.logging keeps its loggers, and so their filters, only while someone does.
   */
  private static final Logger MICROMETER = Logger.getLogger("io.micrometer.core.instrument.MeterRegistry");

  static {
    MICROMETER.setFilter(record -> record.getMessage() == null
      || !record.getMessage().startsWith("This Gauge has been already registered"));
  }

  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

  /**
   * @param callBucketsMs the upper bounds of the tool-call histogram's buckets ({@code http.metricsBucketsMs}): the
   *                      few a dashboard's latency panels and SLOs use, where Micrometer's percentile histogram
   *                      would publish 69 per tool, front-end and outcome
   */
  public HttpMetrics(List<Long> callBucketsMs) {
    if (callBucketsMs.stream().anyMatch(bound -> bound <= 0)) {
      throw new IllegalArgumentException("http.metricsBucketsMs: each bucket is a positive number of milliseconds (got "
        + callBucketsMs + ")");
    }
    // A timer's buckets are in nanoseconds.
    double[] bounds = callBucketsMs.stream().mapToDouble(ms -> ms * 1e6).sorted().distinct().toArray();
    registry.config().meterFilter(new MeterFilter() {
      @Override
      public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
        return id.getName().equals(CallMetrics.NAME)
          ? DistributionStatisticConfig.builder().serviceLevelObjectives(bounds).build().merge(config)
          : config;
      }
    });
  }

  /** Adds metrics to a Vert.x builder; the registry also joins the global one so library code can record into it. */
  public VertxBuilder install(VertxBuilder builder, VertxOptions options) {
    Metrics.addRegistry(registry);
    options.setMetricsOptions(new MicrometerMetricsOptions()
      .setEnabled(true)
      .setJvmMetricsEnabled(true)
      .setPrometheusOptions(new VertxPrometheusOptions().setEnabled(true))
      // HTTP_ROUTE, not HTTP_PATH: bounded label values whatever paths clients send.
      .setLabels(EnumSet.of(Label.HTTP_ROUTE, Label.HTTP_METHOD, Label.HTTP_CODE, Label.EB_ADDRESS, Label.EB_FAILURE,
        Label.EB_SIDE, Label.POOL_TYPE, Label.POOL_NAME)));
    return builder.with(options).withMetrics(new MicrometerMetricsFactory(registry));
  }

  public PrometheusMeterRegistry registry() {
    return registry;
  }

  public void mount(Router router) {
    router.get("/metrics").handler(PrometheusScrapingHandler.create(registry));
  }
}
