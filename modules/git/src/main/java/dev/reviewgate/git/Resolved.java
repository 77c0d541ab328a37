package dev.reviewgate.git;

/** A revision as given and the commit it names (tags peeled). */
public record Resolved(String repo, String revision, String sha, String subject) {

  public String shortSha() {
    return sha.substring(0, 7);
  }
}
