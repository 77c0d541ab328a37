package dev.reviewgate.gitea;

import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeEndpoint;

/**
 * The Gitea endpoints whose replies this module reads, named as Gitea's API description
 * ({@code templates/swagger/v1_json.tmpl}) names them, for the errors that say which reply lacked what.
 */
final class GiteaEndpoints {

  private static final String PULL = "/repos/{owner}/{repo}/pulls/{index}";

  static final ForgeEndpoint VERSION = get("/version");
  static final ForgeEndpoint PULLS = get("/repos/{owner}/{repo}/pulls");
  static final ForgeEndpoint PULL_REQUEST = get(PULL);
  static final ForgeEndpoint FILES = get(PULL + "/files");
  static final ForgeEndpoint TREE = get("/repos/{owner}/{repo}/git/trees/{sha}");
  static final ForgeEndpoint REVIEWS = get(PULL + "/reviews");
  static final ForgeEndpoint REVIEW_COMMENTS = get(PULL + "/reviews/{id}/comments");
  static final ForgeEndpoint CREATE_REVIEW = new ForgeEndpoint("Gitea", "POST " + PULL + "/reviews");

  private GiteaEndpoints() {
  }

  private static ForgeEndpoint get(String path) {
    return new ForgeEndpoint("Gitea", "GET " + path);
  }

  /**
   * A user as people name them: Gitea's User has {@code login} (and {@code full_name}); the member is a Go pointer,
   * so null where Gitea has none, and then null here.
   */
  static String login(Fields user) {
    return user == null ? null : user.optString("login", user.optString("full_name"));
  }
}
