package dev.reviewgate.git;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.TreeSet;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * What makes two clones "the same repository" when git nodes of a cluster serve one name: the root commits of the
 * history at HEAD (the same for every clone, whatever has been fetched since) and the {@code origin} remote's URL
 * when one is configured. Two identities agree when their roots are equal and, if both name a remote, the remotes
 * are equal too (a fork under the same name has other branches: it is another repository).
 *
 * @param roots  the full SHAs of the root commits reachable from HEAD, sorted; empty for a repository with no commit
 * @param remote {@code remote.origin.url} without user info, a trailing {@code /} or {@code .git}; null when none is
 *               configured
 */
public record RepoIdentity(List<String> roots, String remote) {

  /** Reads the identity of {@code repository}: walks the whole history of HEAD once (done at start, off the event loop). */
  public static RepoIdentity of(Repository repository) {
    TreeSet<String> roots = new TreeSet<>();
    try {
      ObjectId head = repository.resolve("HEAD^{commit}");
      if (head != null) {
        try (RevWalk walk = new RevWalk(repository)) {
          walk.markStart(walk.parseCommit(head));
          for (RevCommit commit : walk) {
            if (commit.getParentCount() == 0) {
              roots.add(commit.name());
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the history of " + repository.getDirectory(), e);
    }
    return new RepoIdentity(List.copyOf(roots), normalized(repository.getConfig().getString("remote", "origin", "url")));
  }

  /** Whether a clone with identity {@code other} serves the same history as this one. */
  public boolean agreesWith(RepoIdentity other) {
    return roots.equals(other.roots) && (remote == null || other.remote == null || remote.equals(other.remote));
  }

  /** In words, for /health and logs: the roots shortened, and the remote. */
  public String describe() {
    String rootText = roots.isEmpty() ? "no commit" : (roots.size() == 1 ? "root commit " : "root commits ")
      + String.join(", ", roots.stream().map(r -> r.substring(0, 12)).toList());
    return rootText + ", " + (remote == null ? "no origin remote" : "origin " + remote);
  }

  public JsonObject toJson() {
    return new JsonObject().put("roots", new JsonArray(roots)).put("remote", remote);
  }

  public static RepoIdentity fromJson(JsonObject json) {
    JsonArray roots = json.getJsonArray("roots", new JsonArray());
    return new RepoIdentity(roots.stream().map(String::valueOf).toList(), json.getString("remote"));
  }

  private static String normalized(String url) {
    if (url == null || url.isBlank()) {
      return null;
    }
    // Never a credential in /health: drop the user-info part of scheme://user:secret@host/path.
    String text = url.trim().replaceFirst("^([A-Za-z][A-Za-z0-9+.-]*://)[^/@]*@", "$1");
    while (text.endsWith("/")) {
      text = text.substring(0, text.length() - 1);
    }
    return text.endsWith(".git") ? text.substring(0, text.length() - 4) : text;
  }
}
