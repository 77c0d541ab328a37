package dev.reviewgate.core;

import io.vertx.core.Vertx;

/**
 * Where this process serves the review dashboard, so that backends can hand out links to it (review_request returns
 * the page of the new review). Whichever HTTP server serves the dashboard publishes its address once it listens; the
 * first one published wins. Local to the process: in a cluster, each node links to its own dashboard.
 */
public final class DashboardLocation {

  private static final String MAP = "reviewgate.dashboard";
  private static final String KEY = "url";

  private DashboardLocation() {
  }

  /** @param pageUrl the dashboard page, e.g. {@code http://127.0.0.1:7420/review/} */
  public static void publish(Vertx vertx, String pageUrl) {
    vertx.sharedData().<String, String>getLocalMap(MAP).putIfAbsent(KEY, pageUrl);
  }

  /** The dashboard page, or null while no dashboard is served. */
  public static String lookup(Vertx vertx) {
    return vertx.sharedData().<String, String>getLocalMap(MAP).get(KEY);
  }
}
