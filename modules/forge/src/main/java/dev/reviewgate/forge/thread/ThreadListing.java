package dev.reviewgate.forge.thread;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Set;

/**
 * The answer of {@code pr_list_threads}: one page of the threads kept by the call's filters.
 *
 * @param total the threads kept, on every page
 * @param nextSkip the {@code skip} of the next page, null on the last
 */
public record ThreadListing(String forge, int pr, List<ReviewThread> threads, int total, Integer nextSkip,
                            List<String> warnings) {

  /**
   * The threads kept by {@code unresolved_only} (a status among {@code openStatuses}) and {@code path}, paged by
   * {@code top}/{@code skip}.
   */
  public static ThreadListing of(String forge, int pr, List<ReviewThread> threads, JsonObject args, Set<String> openStatuses,
                                 List<String> warnings) {
    boolean unresolvedOnly = args.getBoolean("unresolved_only", false);
    String path = args.getString("path");
    List<ReviewThread> kept = threads.stream()
      .filter(t -> !unresolvedOnly || openStatuses.contains(t.status()))
      .filter(t -> path == null || path.equals(t.path())).toList();
    int skip = args.getInteger("skip", 0);
    int top = args.getInteger("top", 50);
    List<ReviewThread> page = kept.subList(Math.min(skip, kept.size()), Math.min(kept.size(), skip + top));
    return new ThreadListing(forge, pr, page, kept.size(), skip + page.size() < kept.size() ? skip + page.size() : null,
      warnings);
  }
}
