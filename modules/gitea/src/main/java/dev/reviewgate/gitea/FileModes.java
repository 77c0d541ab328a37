package dev.reviewgate.gitea;

import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeReplies;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mode and object id of files at a commit, read from Gitea's trees ({@code /git/trees/{sha}}, definition
 * {@code GitEntry}: {@code path}, {@code mode}, {@code type}, {@code sha}) one directory at a time: the commit's
 * root, then each directory on the way to a file asked for, each read once. Gitea's change list tells no modes; this
 * is where an executable file, a symlink or a submodule is told apart. A file the trees do not name is absent from
 * the answer.
 */
final class FileModes {

  /** One tree entry: its mode (e.g. {@code 0100755}) and the object it names (a blob, or a submodule's commit). */
  record Entry(int mode, String sha) {
  }

  private final GiteaClient client;
  private final PullRequests.Repo repo;
  /** Each tree's entries by name, by the tree's (or commit's) id: a directory is read once per call. */
  private final Map<String, Future<Map<String, Fields>>> trees = new HashMap<>();

  FileModes(GiteaClient client, PullRequests.Repo repo) {
    this.client = client;
    this.repo = repo;
  }

  /** The entries of {@code paths} at {@code commit}, by path. */
  Future<Map<String, Entry>> at(String commit, Collection<String> paths) {
    Map<String, Future<Entry>> each = new LinkedHashMap<>();
    for (String path : paths) {
      each.computeIfAbsent(path, p -> entry(commit, p));
    }
    return Future.all(new ArrayList<>(each.values())).map(done -> {
      Map<String, Entry> out = new HashMap<>();
      each.forEach((path, entry) -> {
        if (entry.result() != null) {
          out.put(path, entry.result());
        }
      });
      return out;
    });
  }

  private Future<Entry> entry(String commit, String path) {
    String[] parts = path.split("/");
    Future<Map<String, Fields>> dir = tree(commit);
    for (int i = 0; i < parts.length - 1; i++) {
      String name = parts[i];
      dir = dir.compose(entries -> {
        Fields sub = entries.get(name);
        return sub == null || !"tree".equals(sub.optString("type")) || sub.optString("sha") == null
          ? Future.succeededFuture(Map.of()) : tree(sub.optString("sha"));
      });
    }
    String file = parts[parts.length - 1];
    return dir.map(entries -> {
      Fields found = entries.get(file);
      Integer mode = found == null ? null : mode(found.optString("mode"));
      return mode == null || found.optString("sha") == null ? null : new Entry(mode, found.optString("sha"));
    });
  }

  /** A tree's entries by name, every page ({@code truncated} says another follows). */
  private Future<Map<String, Fields>> tree(String sha) {
    return trees.computeIfAbsent(sha, s -> page(s, 1, new LinkedHashMap<>()));
  }

  private Future<Map<String, Fields>> page(String sha, int page, Map<String, Fields> entries) {
    Map<String, String> query = Map.of("page", Integer.toString(page), "per_page", "1000");
    return client.getJson(repo.path() + "/git/trees/" + sha, query, "tree " + sha + " not found in " + repo)
      .compose(json -> {
        boolean more = ForgeReplies.read(GiteaEndpoints.TREE, "the file modes", () -> {
          Fields reply = Fields.of(GiteaEndpoints.TREE, json);
          List<Fields> listed = reply.objects("tree");
          listed.forEach(e -> entries.put(e.string("path"), e));
          return reply.bool("truncated", false) && !listed.isEmpty();
        });
        if (more && entries.size() < client.options().maxListItems()) {
          return page(sha, page + 1, entries);
        }
        return Future.succeededFuture(entries);
      });
  }

  /** Git's octal mode as Gitea writes it ({@code 100644}, {@code 100755}, {@code 120000}, {@code 160000}); null if not one. */
  private static Integer mode(String octal) {
    try {
      return octal == null ? null : Integer.parseInt(octal.strip(), 8);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
