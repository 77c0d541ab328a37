package dev.reviewgate.github;

/** A repository on GitHub, already validated (owner and name are URL-safe). */
public record RepoRef(String owner, String repo) {

  /** {@code /repos/{owner}/{repo}} */
  public String path() {
    return "/repos/" + owner + "/" + repo;
  }

  public String pull(int number) {
    return owner + "/" + repo + "#" + number;
  }

  @Override
  public String toString() {
    return owner + "/" + repo;
  }
}
