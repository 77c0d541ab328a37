package dev.reviewgate.core.git;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;

/**
 * The typed client of the git backend, for other backends (reviews, Azure DevOps' local diffs): records in, records
 * out, over the event bus ({@link #overBus}) so that the caller needs no repository of its own and works the same
 * across a cluster. The bus carries bounded JSON messages (the git tools' own limits, and {@code
 * cluster.maxMessageBytes} between nodes); no local codec is involved.
 */
public interface GitService {

  /**
   * What to diff: {@code base}..{@code head}, one {@code commit} against its first parent, or a {@code range}
   * ({@code a..b}, {@code A...B}); exactly one form. {@code shaping} holds diff-shaping options (format, markers, …)
   * passed to the diff engine as they are; null for git's text as written.
   */
  record DiffQuery(String repo, String base, String head, String commit, String range, Integer contextLines,
                   JsonObject shaping) {

    public static DiffQuery between(String repo, String base, String head) {
      return new DiffQuery(repo, base, head, null, null, null, null);
    }

    public static DiffQuery of(String repo, String commitOrRange) {
      boolean range = commitOrRange.contains("..");
      return new DiffQuery(repo, null, null, range ? null : commitOrRange, range ? commitOrRange : null, null, null);
    }

    public DiffQuery withContextLines(int lines) {
      return new DiffQuery(repo, base, head, commit, range, lines, shaping);
    }

    public DiffQuery shapedBy(JsonObject options) {
      return new DiffQuery(repo, base, head, commit, range, contextLines, options);
    }

    /** The query as git_diff's arguments. */
    public JsonObject arguments() {
      JsonObject args = shaping == null ? new JsonObject() : shaping.copy();
      put(args, "repo", repo);
      put(args, "base", base);
      put(args, "head", head);
      put(args, "commit", commit);
      put(args, "range", range);
      if (contextLines != null) {
        args.put("context_lines", contextLines);
      }
      return args;
    }

    private static void put(JsonObject args, String key, String value) {
      if (value != null) {
        args.put(key, value);
      }
    }
  }

  /**
   * A diff and the commits git compared ({@code base} null for a root commit).
   *
   * @param result the git_diff result: {@code diff} text (or {@code files} when shaped as json), {@code summary},
   *               {@code warnings}
   */
  record DiffAnswer(String repo, String base, String head, JsonObject result) {

    /** The unified text ({@code ""} when the answer was shaped into another format). */
    public String text() {
      return result.getString("diff", "");
    }
  }

  Future<DiffAnswer> diff(DiffQuery query);

  /** The git backend reached over the event bus, each request bounded by {@code timeoutMs}. */
  static GitService overBus(EventBus bus, long timeoutMs) {
    return query -> BusRequests.request(bus, Addresses.GIT_DIFF, query.arguments(), timeoutMs).map(result -> {
      if (result.getString("head") == null) {
        throw ToolException.upstream("git_diff did not say which commits it compared");
      }
      return new DiffAnswer(result.getString("repo", query.repo()), result.getString("base"), result.getString("head"), result);
    });
  }
}
