package dev.reviewgate.review;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.config.ToolTimeouts;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.logging.Logger;

/**
 * The {@code review} section of the configuration. Defaults live only in {@code config/reviewgate.json}.
 *
 * @param storageDir      where review documents live; null: {@code <git dir of the working directory>/reviewgate/reviews}
 * @param dashboardUrl    the dashboard page as people reach it (e.g. behind a proxy); null: the address the
 *                        process's own HTTP server publishes ({@link dev.reviewgate.core.DashboardLocation})
 * @param heartbeatMs     progress interval while a wait is pending (when the caller asked for progress)
 * @param maxWaitMs       a wait ends with "no feedback yet" after this long
 * @param gitTimeoutMs    send timeout for requests to the git addresses
 * @param contextLines    lines of code shown on each side of a commented line
 * @param maxMarkerChars  marker text is cut to this many characters
 * @param diffCacheEntries diffs of reviews kept in memory for the dashboard
 * @param maxLinesPerFile  a file's diff in a review is cut after this many lines (the page says so)
 * @param maxQuotedChars   in a wait result, earlier comments of the thread are quoted up to this length
 * @param syncIntervalMs   how often the store is checked for changes made by other processes sharing it
 * @param workingDirectory where the process runs: without {@code storageDir}, reviews live in its repository
 * @param taskTtlMs       a wait kept as a durable task (MCP tasks extension) is readable this long after it was
 *                        created, or as long as its review, whichever is shorter
 * @param draftTtlMs      a draft review awaiting the person's approval in the dashboard (and its task) lives this long
 *                        after it was created; undecided by then, it is never posted
 * @param maxWaitMarginMs {@code maxWaitMs} is cut to the review tools' MCP time limit less {@code gitTimeoutMs} less
 *                        this, so that a wait ends (and its reply, with the feedback in it, is sent) before the caller
 *                        gives up
 * @param replyTransitMs  how long a reply needs to reach its caller: a wait (or a held draft) ends this long before
 *                        the caller's deadline, and within it nothing is handed out
 * @param draftPostGraceMs an approved draft still being posted this long after the post's own time limit was
 *                        interrupted (the process stopped)
 * @param taskPollIntervalMs {@code pollIntervalMs} suggested to clients polling a review wait's or a draft's task
 * @param keptTasks       wait tasks kept per review (the newest; ended ones stay readable by tasks/get until dropped)
 * @param maxLoadedFileLines the page's "Load diff" of a cut file returns at most this many of its lines
 */
public record ReviewOptions(boolean enabled, Path storageDir, String dashboardHost, int dashboardPort,
                            String dashboardUrl, long heartbeatMs, long maxWaitMs, long gitTimeoutMs, int contextLines,
                            int maxMarkerChars, int diffCacheEntries, int maxLinesPerFile, int maxQuotedChars,
                            long syncIntervalMs, Path workingDirectory, long taskTtlMs, long draftTtlMs,
                            long maxWaitMarginMs, long replyTransitMs, long draftPostGraceMs,
                            long taskPollIntervalMs, int keptTasks, int maxLoadedFileLines) {

  /**
   * The review section, with {@code maxWaitMs} bounded so that a wait ends (with "no feedback yet") before the MCP
   * send timeout of review_request or review_update ({@code mcp.toolTimeoutsMs}, else {@code requestTimeoutMs})
   * runs out, git time included.
   */
  public static ReviewOptions from(ReviewgateConfig config, Path workingDirectory) {
    ReviewOptions options = from(config.section("review"), workingDirectory);
    ToolTimeouts timeouts = ToolTimeouts.from(config);
    long caller = Math.min(timeouts.of("review_request"), timeouts.of("review_update"));
    long bound = Math.max(1_000, caller - options.gitTimeoutMs() - options.maxWaitMarginMs());
    if (bound >= options.maxWaitMs()) {
      return options;
    }
    Logger.getLogger(ReviewOptions.class.getName()).warning("review.maxWaitMs (" + options.maxWaitMs() + ") does "
      + "not fit in the MCP time limit of the review tools (" + caller + " ms); waits end after " + bound + " ms. "
      + "Raise mcp.toolTimeoutsMs.review_request and review_update above review.maxWaitMs + review.gitTimeoutMs.");
    return new ReviewOptions(options.enabled(), options.storageDir(), options.dashboardHost(), options.dashboardPort(),
      options.dashboardUrl(), options.heartbeatMs(), bound, options.gitTimeoutMs(), options.contextLines(),
      options.maxMarkerChars(), options.diffCacheEntries(), options.maxLinesPerFile(), options.maxQuotedChars(),
      options.syncIntervalMs(), options.workingDirectory(), options.taskTtlMs(), options.draftTtlMs(),
      options.maxWaitMarginMs(), options.replyTransitMs(), options.draftPostGraceMs(), options.taskPollIntervalMs(),
      options.keptTasks(), options.maxLoadedFileLines());
  }

  /** The {@code review} section alone: {@code maxWaitMs} as written, whatever the review tools' MCP time limit. */
  public static ReviewOptions from(JsonObject section, Path workingDirectory) {
    String dir = section.getString("storageDir");
    return new ReviewOptions(
      section.getBoolean("enabled"),
      dir == null || dir.isBlank() ? null : Path.of(dir),
      section.getString("dashboardHost"),
      section.getInteger("dashboardPort"),
      section.getString("dashboardUrl"),
      positive(section, "heartbeatMs"),
      positive(section, "maxWaitMs"),
      positive(section, "gitTimeoutMs"),
      section.getInteger("contextLines"),
      section.getInteger("maxMarkerChars"),
      section.getInteger("diffCacheEntries"),
      section.getInteger("maxLinesPerFile"),
      section.getInteger("maxQuotedChars"),
      positive(section, "syncIntervalMs"),
      workingDirectory,
      positive(section, "taskTtlMs"),
      positive(section, "draftTtlMs"),
      positive(section, "maxWaitMarginMs"),
      positive(section, "replyTransitMs"),
      positive(section, "draftPostGraceMs"),
      positive(section, "taskPollIntervalMs"),
      count(section, "keptTasks"),
      count(section, "maxLoadedFileLines"));
  }

  private static int count(JsonObject section, String key) {
    Integer value = section.getInteger(key);
    if (value == null || value <= 0) {
      throw new IllegalArgumentException("review." + key + " must be a positive whole number, not " + value);
    }
    return value;
  }

  private static long positive(JsonObject section, String key) {
    Long value = section.getLong(key);
    if (value == null || value <= 0) {
      throw new IllegalArgumentException("review." + key + " must be a positive number of milliseconds, not " + value);
    }
    return value;
  }

  /** The directory reviews are stored in: {@code storageDir}, else the default next to the working repository. */
  public Path resolvedStorageDir() {
    return StorageLocation.resolve(this);
  }
}
