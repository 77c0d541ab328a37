package dev.reviewgate.git;

import io.vertx.core.json.JsonObject;

/**
 * The {@code git} section of the configuration as typed values. The defaults live only in
 * {@code config/reviewgate.json}; a missing key here is a packaging error, not a reason to invent a value.
 */
public record GitOptions(
  int workerThreads,
  int maxQueued,
  long timeoutMs,
  int cacheEntries,
  long cacheMaxBytes,
  int maxShowFileBytes,
  int maxGrepMatches,
  long maxDiffBytes,
  int maxBlobBytes,
  int maxGrepFileBytes,
  int maxGrepLineChars,
  int defaultLogLimit,
  int maxLogLimit,
  int maxRevisionLength,
  int maxPathLength,
  int renameThreshold,
  int renameLimit,
  int defaultContextLines,
  long packCacheBytes,
  int packWindowBytes,
  long deltaCacheBytes,
  int keptReaders,
  long claimCheckMs,
  long withdrawnTtlMs,
  int parallelFromFiles,
  long attributesCacheBytes,
  long streamAheadBytes) {

  public static GitOptions from(JsonObject section) {
    return new GitOptions(
      integer(section, "workerThreads"),
      integer(section, "maxQueued"),
      number(section, "timeoutMs"),
      integer(section, "cacheEntries"),
      number(section, "cacheMaxBytes"),
      integer(section, "maxShowFileBytes"),
      integer(section, "maxGrepMatches"),
      number(section, "maxDiffBytes"),
      integer(section, "maxBlobBytes"),
      integer(section, "maxGrepFileBytes"),
      integer(section, "maxGrepLineChars"),
      integer(section, "defaultLogLimit"),
      integer(section, "maxLogLimit"),
      integer(section, "maxRevisionLength"),
      integer(section, "maxPathLength"),
      integer(section, "renameThreshold"),
      integer(section, "renameLimit"),
      integer(section, "defaultContextLines"),
      number(section, "packCacheBytes"),
      packWindow(section),
      number(section, "deltaCacheBytes"),
      integer(section, "keptReaders"),
      positive(section, "claimCheckMs"),
      positive(section, "withdrawnTtlMs"),
      positiveInteger(section, "parallelFromFiles"),
      number(section, "attributesCacheBytes"),
      positive(section, "streamAheadBytes"));
  }

  /** JGit takes a power of two of at least 4 KiB; anything else would be rounded silently, so it is refused. */
  private static int packWindow(JsonObject section) {
    int value = integer(section, "packWindowBytes");
    if (value < 4096 || Integer.bitCount(value) != 1) {
      throw new IllegalArgumentException("configuration git.packWindowBytes must be a power of two of at least 4096, found "
        + value);
    }
    return value;
  }

  private static int positiveInteger(JsonObject section, String key) {
    positive(section, key);
    return integer(section, key);
  }

  private static long positive(JsonObject section, String key) {
    long value = number(section, key);
    if (value == 0) {
      throw new IllegalArgumentException("configuration git." + key + " must be at least 1");
    }
    return value;
  }

  private static long number(JsonObject section, String key) {
    Object value = section.getValue(key);
    if (!(value instanceof Number n) || n.longValue() < 0) {
      throw new IllegalArgumentException("configuration git." + key + " must be a non-negative number, found " + value);
    }
    return n.longValue();
  }

  private static int integer(JsonObject section, String key) {
    long value = number(section, key);
    if (value > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("configuration git." + key + " is too large: " + value);
    }
    return (int) value;
  }
}
