package dev.reviewgate.forge;

import dev.reviewgate.core.git.GitService;
import dev.reviewgate.diff.bus.DiffModels;
import dev.reviewgate.diff.model.FileDiff;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.HashMap;
import java.util.Map;

/**
 * A forge's pull request diffed from reviewgate's own clone of the repository: the git backend's diff of the two
 * commits as the model it built while writing it (nothing parses text), indexed by path, so that each change the
 * forge lists gets its file's part of it.
 */
public final class LocalClone {

  private LocalClone() {
  }

  /**
   * Every file of {@code base..head} in the clone served as {@code repo}, by its new path and (for renames and
   * deletions) by its old path too. Fails when either commit is unknown (the caller then falls back to the forge's
   * blobs) or the git backend does not serve the repository.
   */
  public static Future<Map<String, FileDiff>> filesByPath(Vertx vertx, String repo, String base, String head,
                                                          int contextLines, long timeoutMs) {
    if (base == null || head == null) {
      return Future.failedFuture("no commits");
    }
    GitService.DiffQuery query = GitService.DiffQuery.between(repo, base, head).withContextLines(contextLines);
    return DiffModels.request(vertx.eventBus(), query, timeoutMs).map(diff -> {
      Map<String, FileDiff> byPath = new HashMap<>();
      for (FileDiff file : diff.files()) {
        byPath.put(file.newPath() != null ? file.newPath() : file.oldPath(), file);
        if (file.oldPath() != null) {
          byPath.putIfAbsent(file.oldPath(), file);
        }
      }
      return byPath;
    });
  }
}
