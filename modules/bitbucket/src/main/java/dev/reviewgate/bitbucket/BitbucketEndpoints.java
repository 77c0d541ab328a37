package dev.reviewgate.bitbucket;

import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeEndpoint;
import java.time.Instant;

/**
 * The Bitbucket endpoints whose replies this module reads, named as each flavour's API description names them, for
 * the errors that say which reply lacked what.
 */
final class BitbucketEndpoints {

  private static final String CLOUD_REPO = "/repositories/{workspace}/{repo_slug}";
  private static final String CLOUD_PR = CLOUD_REPO + "/pullrequests/{pull_request_id}";
  private static final String DC_REPO = "/rest/api/1.0/projects/{projectKey}/repos/{repositorySlug}";
  private static final String DC_PR = DC_REPO + "/pull-requests/{pullRequestId}";

  static final ForgeEndpoint CLOUD_PULL_REQUESTS = cloud("GET " + CLOUD_REPO + "/pullrequests");
  static final ForgeEndpoint CLOUD_PULL_REQUEST = cloud("GET " + CLOUD_PR);
  static final ForgeEndpoint CLOUD_COMMIT = cloud("GET " + CLOUD_REPO + "/commit/{commit}");
  static final ForgeEndpoint CLOUD_MERGE_BASE = cloud("GET " + CLOUD_REPO + "/merge-base/{revspec}");
  static final ForgeEndpoint CLOUD_DIFFSTAT = cloud("GET " + CLOUD_REPO + "/diffstat/{spec}");
  static final ForgeEndpoint CLOUD_COMMENTS = cloud("GET " + CLOUD_PR + "/comments");
  static final ForgeEndpoint CLOUD_COMMENT = cloud("GET " + CLOUD_PR + "/comments/{comment_id}");
  static final ForgeEndpoint CLOUD_NEW_COMMENT = cloud("POST " + CLOUD_PR + "/comments");

  static final ForgeEndpoint DC_PULL_REQUESTS = dc("GET " + DC_REPO + "/pull-requests");
  static final ForgeEndpoint DC_PULL_REQUEST = dc("GET " + DC_PR);
  static final ForgeEndpoint DC_MERGE_BASE = dc("GET " + DC_PR + "/merge-base");
  static final ForgeEndpoint DC_CHANGES = dc("GET " + DC_PR + "/changes");
  static final ForgeEndpoint DC_ACTIVITIES = dc("GET " + DC_PR + "/activities");
  static final ForgeEndpoint DC_COMMENT = dc("GET " + DC_PR + "/comments/{commentId}");
  static final ForgeEndpoint DC_NEW_COMMENT = dc("POST " + DC_PR + "/comments");

  private BitbucketEndpoints() {
  }

  private static ForgeEndpoint cloud(String endpoint) {
    return new ForgeEndpoint(Flavor.CLOUD.title(), endpoint);
  }

  private static ForgeEndpoint dc(String endpoint) {
    return new ForgeEndpoint(Flavor.DC.title(), endpoint);
  }

  /** Data Center's dates are epoch milliseconds; the tools give ISO-8601 like the other forges. */
  static String date(Fields json, String name) {
    Long ms = json.optLong(name);
    return ms == null ? null : Instant.ofEpochMilli(ms).toString();
  }

  /** {@code links.<name>.href} (Cloud) or {@code links.<name>[0].href} (Data Center), null when not sent. */
  static String link(Fields json, String name) {
    Fields links = json.optObject("links");
    if (links == null) {
      return null;
    }
    Fields one = links.optObject(name);
    if (one != null) {
      return one.optString("href");
    }
    return links.objects(name).stream().map(l -> l.optString("href")).filter(h -> h != null).findFirst().orElse(null);
  }
}
