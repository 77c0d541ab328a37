package dev.reviewgate.bitbucket;

import dev.reviewgate.core.ToolException;
import io.vertx.core.json.JsonObject;

/**
 * A Bitbucket repository as the tools name it: Cloud's {@code workspace} or Data Center's {@code project} key, and
 * the repository's slug.
 */
record Repo(String owner, String slug) {

  static Repo of(JsonObject args, Flavor flavor) {
    String owner = args.getString(flavor == Flavor.CLOUD ? "workspace" : "project");
    String other = args.getString(flavor == Flavor.CLOUD ? "project" : "workspace");
    if (owner == null || owner.isBlank()) {
      throw ToolException.invalid(flavor == Flavor.CLOUD
        ? "which workspace? Bitbucket Cloud names a repository by workspace and repo (bitbucket.org/<workspace>/<repo>)"
          + (other == null ? "" : "; project is Data Center's word, and this server is configured for Cloud")
        : "which project? Bitbucket Data Center names a repository by project (its key, e.g. SHOP) and repo"
          + (other == null ? "" : "; workspace is Cloud's word, and this server is configured for Data Center"));
    }
    String slug = args.getString("repo");
    if (slug == null || slug.isBlank()) {
      throw ToolException.invalid("which repository? pass repo: its slug, as in its URL");
    }
    return new Repo(owner, slug);
  }

  /** {@code owner/slug}, the key of {@code bitbucket.localRepos}. */
  String fullName() {
    return owner + "/" + slug;
  }

  /** The REST path of the repository: Cloud's {@code /repositories/w/r}, Data Center's {@code /projects/P/repos/r}. */
  String path(Flavor flavor) {
    return flavor == Flavor.CLOUD ? "/repositories/" + BitbucketClient.encode(owner) + "/" + BitbucketClient.encode(slug)
      : "/projects/" + BitbucketClient.encode(owner) + "/repos/" + BitbucketClient.encode(slug);
  }

  String pullRequest(Flavor flavor, long id) {
    return path(flavor) + (flavor == Flavor.CLOUD ? "/pullrequests/" : "/pull-requests/") + id;
  }

  String notFound(long id) {
    return "pull request #" + id + " not found in " + fullName() + ". Check the " + "workspace or project, the repository's slug "
      + "and the number, and that the token can read it.";
  }
}
