package dev.reviewgate.forge.diff;

import dev.reviewgate.diff.shape.Glob;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The changes a forge's diff tool shows: those kept by {@code files} (exact paths, old or new), {@code include} and
 * {@code exclude} (globs on the path), then a page of them by {@code skip}/{@code top}. It works on the forge's change
 * list, before any blob is fetched, so only the page is ever diffed (the diff engine's selection works on a diff
 * already made). Each filter and a further page is said in {@code warnings}.
 *
 * @param selected every change the filters keep (summaries and paging count them)
 * @param skip     how many selected changes come before the page
 */
public record ChangePage<C>(List<C> selected, int skip, List<C> page) {

  public static final int DEFAULT_TOP = 100;

  public boolean hasMore() {
    return skip + page.size() < selected.size();
  }

  /**
   * @param path    the path the forge names a change by (new, or old for a deletion): what the globs match
   * @param oldPath the path before a change (null or the same when it kept its path), which {@code files} matches too
   */
  public static <C> ChangePage<C> of(List<C> all, Function<C, String> path, Function<C, String> oldPath, JsonObject args,
                                     List<String> warnings) {
    Set<String> files = paths(args.getValue("files"));
    List<Glob> include = globs(args.getValue("include"));
    List<Glob> exclude = globs(args.getValue("exclude"));
    List<C> selected = all.stream().filter(c -> {
      String named = path.apply(c);
      return (files.isEmpty() || files.contains(named) || files.contains(oldPath.apply(c)))
        && (include.isEmpty() || include.stream().anyMatch(g -> g.matches(named)))
        && exclude.stream().noneMatch(g -> g.matches(named));
    }).toList();
    if (!files.isEmpty() || !include.isEmpty() || !exclude.isEmpty()) {
      List<String> used = Stream.of(files.isEmpty() ? null : "files", include.isEmpty() ? null : "include",
        exclude.isEmpty() ? null : "exclude").filter(a -> a != null).toList();
      warnings.add("Changes filtered by " + (files.isEmpty() ? "" : "files, ") + "path patterns: "
        + Stream.concat(include.stream(), exclude.stream()).map(Glob::toString).collect(Collectors.joining(", "))
        + " (" + selected.size() + " of " + all.size() + "). Leave out " + String.join("/", used) + " to see every change.");
    }
    int skip = args.getInteger("skip", 0);
    int top = args.getInteger("top", DEFAULT_TOP);
    List<C> page = selected.subList(Math.min(skip, selected.size()), Math.min(selected.size(), skip + top));
    ChangePage<C> shown = new ChangePage<>(selected, skip, page);
    if (shown.hasMore()) {
      warnings.add("More changes available. Use skip=" + (skip + page.size()) + " to fetch the next batch. Total changes: "
        + selected.size());
    }
    return shown;
  }

  /** Paths given as an array or as one comma-separated string. */
  private static Set<String> paths(Object value) {
    Set<String> out = new LinkedHashSet<>();
    if (value instanceof JsonArray array) {
      array.forEach(p -> out.add(String.valueOf(p).strip()));
    } else if (value != null) {
      for (String p : value.toString().split(",")) {
        out.add(p.strip());
      }
    }
    out.remove("");
    return out;
  }

  private static List<Glob> globs(Object value) {
    return paths(value).stream().map(Glob::of).toList();
  }
}
