package dev.reviewgate.forge.http;

import io.vertx.core.json.JsonObject;

/**
 * The settings of a forge that has no diff endpoint, so a diff is made from the two versions of each changed file
 * fetched one by one (Azure DevOps, GitLab when its own diff is cut): read and checked in one place.
 *
 * @param maxConcurrentBlobs file versions fetched at once for one diff
 * @param maxBlobBytes       largest file version fetched; a larger one is shown as too large, not fetched
 * @param maxChanges         most changed files of one pull request read; more is refused
 */
public record ForgeBlobOptions(int maxConcurrentBlobs, int maxBlobBytes, int maxChanges) {

  /** @throws IllegalArgumentException naming the key when one is missing, not a whole number, or out of range */
  public static ForgeBlobOptions from(String sectionName, JsonObject section) {
    ConfigNumbers numbers = new ConfigNumbers(sectionName, section);
    return new ForgeBlobOptions(numbers.intAtLeast("maxConcurrentBlobs", 1), numbers.intAtLeast("maxBlobBytes", 0),
      numbers.intAtLeast("maxChanges", 1));
  }
}
