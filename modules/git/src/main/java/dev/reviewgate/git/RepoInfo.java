package dev.reviewgate.git;

/**
 * A served repository as {@code git_repos} lists it.
 *
 * @param defaultBranch the branch HEAD points at; null when HEAD is detached
 * @param head          HEAD's commit; null in a repository without commits
 */
public record RepoInfo(String name, String defaultBranch, String head, boolean bare) {
}
