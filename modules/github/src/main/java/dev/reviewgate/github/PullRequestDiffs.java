package dev.reviewgate.github;

import dev.reviewgate.core.BoundedLru;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.shape.ReplyBudget;
import dev.reviewgate.diff.model.ByteSlice;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.render.UnifiedRenderer;
import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeDataException;
import dev.reviewgate.forge.json.ForgeReplies;
import dev.reviewgate.forge.thread.Author;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code github_get_pull_request_diff}: the seed's contract (whole diff byte-for-byte, {@code files_only},
 * {@code file}, {@code sha}) plus every shaping option of the shared {@link DiffEngine}.
 * <ul>
 *   <li>No shaping option: GitHub's text is returned unchanged, or cut to the chosen files' exact sections.</li>
 *   <li>A shaping option: the text goes through {@code DiffEngine.parse/shape}; {@code file} becomes its {@code files}.</li>
 *   <li>406 {@code too_large}: rebuilt from {@code /pulls/{n}/files} (100 per page, up to {@code maxFallbackFiles}).</li>
 *   <li>{@code sha}: compare {@code base.sha...sha}; both ends are immutable, so the answer is cached for good.</li>
 * </ul>
 */
public final class PullRequestDiffs {

  /** Options of the catalog fragment {@code diff-shaping} other than {@code files_only}, which the seed defines on its own. */
  static final Set<String> SHAPING = java.util.stream.Stream.concat(ToolCatalog.fragmentArguments("diff-shaping").stream(),
      ToolCatalog.fragmentArguments("reply-budget").stream())
    .filter(name -> !name.equals("files_only")).collect(java.util.stream.Collectors.toUnmodifiableSet());
  private static final int PAGE = 100;
  private static final int LISTED = 20;

  private final Vertx vertx;
  private final GitHubClient client;
  private final PullRequestReader reader;
  private final DiffEngine engine;
  private final GitHubOptions options;
  private final BoundedLru<String, Source> pinned;

  /** A diff as bytes, where it came from, and what the caller should know about it. */
  record Source(byte[] diff, List<String> warnings) {
  }

  /**
   * @param pinned diffs at an exact sha, shared by every call ({@link #pinnedCache(int)})
   */
  PullRequestDiffs(Vertx vertx, GitHubClient client, PullRequestReader reader, DiffEngine engine, BoundedLru<String, Source> pinned) {
    this.vertx = vertx;
    this.client = client;
    this.reader = reader;
    this.engine = engine;
    this.options = client.options();
    this.pinned = pinned;
  }

  /** The least recently used of more than {@code max} pinned diffs is dropped. */
  static BoundedLru<String, Source> pinnedCache(int max) {
    return BoundedLru.ofEntries(max);
  }

  public Future<JsonObject> diff(RepoRef repo, int number, JsonObject args) {
    List<String> file = fileArgument(args.getValue("file"));
    String sha = args.getString("sha");
    String since = args.getString("since_sha");
    boolean filesOnly = args.getBoolean("files_only", false);
    boolean shaping = SHAPING.stream().anyMatch(args::containsKey);
    if (file != null && args.containsKey("files")) {
      return Future.failedFuture(ToolException.invalid("pass either file or files, not both (they mean the same: full paths to keep)"));
    }
    // Whose changes these are, said beside the diff: a pull request GitHub does not describe is by an unknown author.
    Future<Author> author = reader.pull(repo, number, false).map(PullRequest::author)
      .otherwise(failure -> Author.untrusted(null));
    if (filesOnly && !shaping) {
      return fileList(repo, number, sha, since).map(list -> GitHubJson.files(list.only(file)))
        .compose(reply -> author.map(a -> a.writeTo(reply)));
    }
    // Parsing and shaping a diff of many megabytes is CPU work that must not hold an event loop.
    // A diff larger than the reply's budget is shaped too: the engine pages it (next_cursor).
    return source(repo, number, sha, since).compose(source -> vertx.executeBlocking(() -> shaping
      || source.diff().length > ReplyBudget.of(args, engine.options().defaultTokenBudget()).bytes() / 2
      ? shaped(source, args, file) : GitHubJson.diffText(raw(source, file)), false))
      .compose(reply -> author.map(a -> a.writeTo(reply)));
  }

  /** {@code file}: an array of paths, or one string of comma-separated paths; blanks ignored; {@code null} when absent. */
  static List<String> fileArgument(Object value) {
    if (value == null) {
      return null;
    }
    Set<String> paths = new LinkedHashSet<>();
    if (value instanceof JsonArray array) {
      array.forEach(p -> addPath(paths, String.valueOf(p)));
    } else {
      for (String p : value.toString().split(",")) {
        addPath(paths, p);
      }
    }
    return paths.isEmpty() ? null : List.copyOf(paths);
  }

  private static void addPath(Set<String> paths, String p) {
    String path = p.strip();
    if (!path.isEmpty()) {
      paths.add(path);
    }
  }

  /**
   * The seed's unshaped answer: GitHub's bytes untouched, or only the chosen files, each exactly as GitHub wrote it
   * (the engine's model points into the source and renders it back byte for byte); cut at a file boundary over
   * {@code maxDiffBytes}. The text is parsed only when something must be selected or cut.
   */
  private DiffText raw(Source source, List<String> file) {
    List<String> warnings = new ArrayList<>(source.warnings());
    byte[] diff = source.diff();
    if (file == null && diff.length <= options.maxDiffBytes()) {
      return new DiffText(diff, warnings);
    }
    List<FileDiff> files = engine.parse(diff).files();
    if (file != null) {
      List<FileDiff> chosen = files.stream().filter(f -> file.contains(f.newPath()) || file.contains(f.oldPath())).toList();
      if (chosen.isEmpty()) {
        warnings.add("no file of this diff has the path " + String.join(", ", file) + " (paths match in full, not by basename); "
          + "its files are: " + listed(files.stream().map(FileDiff::path).toList()));
      }
      files = chosen;
    }
    long bytes = 0;
    int kept = 0;
    for (FileDiff f : files) {
      long size = UnifiedRenderer.fileBytes(f);
      if (bytes + size > options.maxDiffBytes()) {
        break;
      }
      bytes += size;
      kept++;
    }
    if (kept < files.size()) {
      List<String> omitted = files.subList(kept, files.size()).stream().map(FileDiff::path).toList();
      warnings.add("the diff is over the server's cap github.maxDiffBytes (" + options.maxDiffBytes() + " bytes); it was cut after "
        + kept + " whole files. Omitted files: " + listed(omitted) + ". Fetch them with file, or page with skip/top, or list them "
        + "with files_only.");
      files = files.subList(0, kept);
    }
    return new DiffText(engine.render(new Diff(files, ByteSlice.EMPTY)), warnings);
  }

  /**
   * Shaping through the engine. It receives the whole call ({@code file} renamed to its {@code files}) because it
   * reads only the shaping options, and builds each cut file's {@code fetch} arguments from the rest: owner, repo,
   * pr_number and sha then come back to the caller ready to use.
   */
  private JsonObject shaped(Source source, JsonObject args, List<String> file) {
    JsonObject call = args.copy();
    call.remove("file");
    if (file != null) {
      call.put("files", new JsonArray(file));
    }
    JsonObject result = engine.shape(engine.parse(source.diff()), call);
    JsonArray warnings = new JsonArray(new ArrayList<>(source.warnings()));
    warnings.addAll(result.getJsonArray("warnings", new JsonArray()));
    return result.put("warnings", warnings);
  }

  /**
   * The ends of a pinned comparison: {@code base...sha}, or with {@code since_sha} what changed from a head reviewed
   * earlier to {@code sha} (default: the current head).
   */
  private record Ends(String base, String head, String since) {

    /** A pinned comparison from the pull request's base needs {@code base.sha}, which GitHub always sends. */
    static Ends of(PullRequest pull, String sha, String since) {
      String head = sha != null ? sha : pull.headSha();
      if (since == null && pull.baseSha() == null) {
        throw new ForgeDataException(GitHubEndpoints.PULL, "base.sha", "is absent");
      }
      return new Ends(since != null ? since : pull.baseSha(), head, since);
    }

    List<String> warnings() {
      return since == null ? List.of() : List.of("changes from " + since + " (since_sha) to " + head + ", as GitHub compares "
        + "them: from their merge base, so after a force-push that rewrote the reviewed commits it also shows what the "
        + "rewritten commits changed");
    }
  }

  private static Ends ends(RepoRef repo, int number, PullRequest pull, String sha, String since) {
    return ForgeReplies.read(GitHubEndpoints.PULL, "comparing commits of " + repo.pull(number), () -> Ends.of(pull, sha, since));
  }

  /**
   * {@code work} done with the pull request's diff at {@code sha} (null: its head) on a worker: parsing a diff of many
   * megabytes is CPU work that must not hold an event loop.
   */
  <T> Future<T> withSource(RepoRef repo, int number, String sha, java.util.function.Function<Source, T> work) {
    return source(repo, number, sha, null).compose(source -> vertx.executeBlocking(() -> work.apply(source), false));
  }

  /** The diff text for the pull request (live), for {@code base...sha} (pinned), or since an earlier head. */
  Future<Source> source(RepoRef repo, int number, String sha, String since) {
    if (sha == null && since == null) {
      String subject = "the diff of pull request " + repo.pull(number);
      return client.get(repo.path() + "/pulls/" + number, GitHubClient.DIFF).compose(response -> {
        if (tooLarge(response)) {
          return fallback(repo, number, response.message());
        }
        return Future.succeededFuture(new Source(bytes(response.requireOk(subject).body()), List.of()));
      });
    }
    return reader.pull(repo, number, false).compose(pull -> {
      Ends ends = ends(repo, number, pull, sha, since);
      String base = ends.base();
      String head = ends.head();
      String key = repo + "@" + base.toLowerCase(java.util.Locale.ROOT) + "..." + head.toLowerCase(java.util.Locale.ROOT);
      Source cached = cachedPinned(key);
      if (cached != null) {
        return Future.succeededFuture(cached);
      }
      return client.get(repo.path() + "/compare/" + base + "..." + head, GitHubClient.DIFF).compose(response -> {
        if (response.status() == 404 || response.status() == 422) {
          return Future.failedFuture(shaMissing(repo, ends, pull, response));
        }
        if (tooLarge(response)) {
          // Joining up to github.maxFallbackFiles patches is CPU work: off the event loop, like parsing.
          return compareFiles(repo, ends, pull).compose(listing -> vertx.executeBlocking(() -> {
            PatchRebuilder.Rebuilt rebuilt = PatchRebuilder.rebuild(listing.files());
            List<String> warnings = new ArrayList<>(listing.warnings());
            warnings.add(0, rebuiltWarning(response.message(), listing.files().size(), rebuilt.withoutPatch()));
            return new Source(rebuilt.diff(), warnings);
          }, false));
        }
        response.requireOk("the diff " + base + "..." + head + " of " + repo);
        return Future.succeededFuture(new Source(bytes(response.body()), ends.warnings()));
      }).map(source -> {
        remember(key, source);
        return source;
      });
    });
  }

  private Future<PullRequestFile.Listing> fileList(RepoRef repo, int number, String sha, String since) {
    if (sha == null && since == null) {
      return pullFiles(repo, number).map(files -> new PullRequestFile.Listing(files, capWarning(files.size())));
    }
    return reader.pull(repo, number, false).compose(pull -> compareFiles(repo, ends(repo, number, pull, sha, since), pull));
  }

  private Future<List<PullRequestFile>> pullFiles(RepoRef repo, int number) {
    int max = options.maxFallbackFiles();
    String subject = "the files of pull request " + repo.pull(number);
    return client.getPages(repo.path() + "/pulls/" + number + "/files?per_page=" + PAGE, GitHubEndpoints.PULL_FILES, null, max,
        (max + PAGE - 1) / PAGE, subject)
      .compose(files -> ForgeReplies.readLater(GitHubEndpoints.PULL_FILES, "listing " + subject,
        () -> files.stream().map(PullRequestFile::from).toList()));
  }

  private Future<PullRequestFile.Listing> compareFiles(RepoRef repo, Ends ends, PullRequest pull) {
    String range = ends.base() + "..." + ends.head();
    return client.get(repo.path() + "/compare/" + range, GitHubClient.JSON).compose(response -> {
      if (response.status() == 404 || response.status() == 422) {
        return Future.failedFuture(shaMissing(repo, ends, pull, response));
      }
      String subject = "the comparison " + range + " of " + repo;
      JsonObject json = response.requireOk(subject).json();
      // files is optional in GitHub's description: when it is left out, the answer says so
      List<PullRequestFile> files = ForgeReplies.read(GitHubEndpoints.COMPARE, "listing the files of " + subject,
        () -> Fields.of(GitHubEndpoints.COMPARE, json).objects("files").stream().map(PullRequestFile::from).toList());
      List<String> warnings = new ArrayList<>(ends.warnings());
      if (!(json.getValue("files") instanceof JsonArray)) {
        warnings.add("GitHub listed no files for " + range + " (its comparison has no files member); nothing is known to change");
      }
      if (files.size() >= 300) {
        warnings.add("GitHub's compare API lists at most 300 files; this pinned comparison may have more. Use the live pull "
          + "request (no sha) for up to " + options.maxFallbackFiles() + " files.");
      }
      return Future.succeededFuture(new PullRequestFile.Listing(files, warnings));
    });
  }

  private Future<Source> fallback(RepoRef repo, int number, String refusal) {
    return pullFiles(repo, number).compose(files -> vertx.executeBlocking(() -> {
      PatchRebuilder.Rebuilt rebuilt = PatchRebuilder.rebuild(files);
      List<String> warnings = new ArrayList<>();
      warnings.add(rebuiltWarning(refusal, files.size(), rebuilt.withoutPatch()));
      warnings.addAll(capWarning(files.size()));
      return new Source(rebuilt.diff(), warnings);
    }, false));
  }

  private List<String> capWarning(int files) {
    return files >= options.maxFallbackFiles()
      ? List.of("only the first " + files + " files are listed (GitHub's files API stops at 3,000; github.maxFallbackFiles is "
        + options.maxFallbackFiles() + ")")
      : List.of();
  }

  private static String rebuiltWarning(String refusal, int files, List<String> withoutPatch) {
    return "GitHub refused the whole diff as too large" + (refusal == null ? "" : " (\"" + refusal + "\")")
      + "; it was rebuilt from the per-file patches of " + files + " files, so index and file-mode lines are missing"
      + (withoutPatch.isEmpty() ? "" : " and these files have a header only (GitHub gives no patch for binary or very large files): "
      + listed(withoutPatch));
  }

  private static ToolException shaMissing(RepoRef repo, Ends ends, PullRequest pull, GitHubResponse response) {
    String head = pull.headSha();
    String said = response.message() == null ? "HTTP " + response.status() : response.message();
    if (ends.since() != null) {
      return ToolException.notFound("GitHub cannot compare " + ends.since() + " (since_sha) with " + ends.head() + " in " + repo
        + " (GitHub: " + said + "): the earlier head no longer exists there (a force-push may have removed it) or is not a "
        + "commit of this repository; nothing was fetched in its place. Review the whole pull request (omit since_sha).");
    }
    return ToolException.notFound("commit " + ends.head() + " not found in " + repo + " (GitHub: " + said + "); nothing was "
      + "fetched in its place. Pass a SHA that exists in the repository" + (head == null ? "" : ", e.g. the pull request's head "
      + head) + ", or omit sha for the live diff.");
  }

  private static boolean tooLarge(GitHubResponse response) {
    return response.status() == 406 && ("too_large".equals(response.errorCode())
      || response.message() != null && response.message().contains("diff exceeded"));
  }

  private Source cachedPinned(String key) {
    return pinned.get(key);
  }

  private void remember(String key, Source source) {
    pinned.put(key, source);
  }

  private static byte[] bytes(Buffer body) {
    return body == null ? new byte[0] : body.getBytes();
  }

  private static String listed(List<String> paths) {
    if (paths.isEmpty()) {
      return "(none)";
    }
    String head = String.join(", ", paths.subList(0, Math.min(LISTED, paths.size())));
    return paths.size() > LISTED ? head + " … and " + (paths.size() - LISTED) + " more" : head;
  }
}
