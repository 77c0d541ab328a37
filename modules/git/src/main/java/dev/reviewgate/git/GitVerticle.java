package dev.reviewgate.git;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.bus.CancelSignals;
import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.json.TextStream;
import dev.reviewgate.core.json.Utf8Text;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.bus.DiffCodec;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.shape.Format;
import dev.reviewgate.diff.shape.ReplyBudget;
import dev.reviewgate.diff.shape.ShapeOptions;
import dev.reviewgate.diff.shape.Shaper;
import dev.reviewgate.xdiff.Whitespace;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.jgit.diff.DiffAlgorithm;

/**
 * Serves the {@code reviewgate.git.*} tools: decodes arguments, runs {@link GitReader} on the bounded
 * {@link GitWorkers} pool, caches results pinned to full SHAs, and for a shaped {@code git_diff} hands the diff
 * model xdiff built as it wrote (no text parsed) to the shared {@link DiffEngine} for shaping in-process.
 */
public final class GitVerticle extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(GitVerticle.class.getName());
  /** The diff model's routed address, per repository: {@code reviewgate.git.repo.<name>.diff_model}. */
  static final String MODEL_ROUTE = "diff_model";
  private final GitBackendOptions backend;
  private final GitOptions options;
  private final ToolCatalog catalog;
  /** Git work in flight by call id; touched only on this verticle's event loop. */
  private final java.util.Map<String, Cancellation> running = new java.util.HashMap<>();
  private Runnable stopListening;
  private RepoRegistry registry;
  private RepoRouting routing;
  private GitWorkers workers;
  private ResultCache cache;
  private final DiffEngine engine;
  private final BudgetedReplies replies;

  public GitVerticle(GitBackendOptions backend, ToolCatalog catalog) {
    this.backend = backend;
    this.options = backend.git();
    this.catalog = catalog;
    this.engine = new DiffEngine(backend.diff());
    this.replies = new BudgetedReplies(catalog, engine.options().defaultTokenBudget());
  }

  @Override
  public Future<?> start() {
    cache = new ResultCache(options.cacheEntries(), options.cacheMaxBytes());
    workers = new GitWorkers(vertx, options.workerThreads(), options.maxQueued(), options.timeoutMs());
    RepoRegistry opened = ReposAhead.takeIfOpened(backend);
    return (opened != null ? Future.succeededFuture(opened) : vertx.executeBlocking(() -> ReposAhead.take(backend), false))
      .compose(created -> {
        registry = created;
        return vertx.isClustered() ? RepoRouting.claimed(vertx, catalog, registry, options.timeoutMs(), options.claimCheckMs(),
          options.withdrawnTtlMs())
          : Future.succeededFuture(RepoRouting.alone(vertx, catalog, registry, options.timeoutMs()));
      })
      .compose(routed -> {
        routing = routed;
        DiffCodec.register(vertx.eventBus());
        return Future.all(List.of(
          routing.serveInternal(Addresses.GIT_DIFF_MODEL, MODEL_ROUTE, "the git backend's diff model", (args, c) -> model(args)),
          CancelSignals.of(vertx).listen(vertx, this::cancel).onSuccess(stop -> stopListening = stop),
          ToolEndpoint.serve(vertx, catalog, "git_repos", args -> reposNow().map(Future::succeededFuture)
            .orElseGet(() -> workers.submit(c -> repos()))),
          serve("git_resolve", (args, c) -> GitJson.resolved(reader(args).resolve(args.getString("revision")))),
          serve("git_log", (args, c) -> replies.log(args, reader(args).log(args.getString("range"), strings(args, "paths"),
            args.getInteger("limit"), args.getString("cursor"), c))),
          serve("git_changed_files", (args, c) -> replies.changedFiles(args, changed(args, args.getBoolean("counts", true), c))),
          serve("git_diff_stat", (args, c) -> replies.diffStat(args, changed(args, true, c), engine.options().statWidth())),
          serve("git_diff", (Operation) this::diff),
          serve("git_show_file", (args, c) -> replies.fileContent(args, reader(args).showFile(revision(args),
            args.getString("path"), args.getInteger("start_line"), args.getInteger("end_line")))),
          serve("git_grep", (args, c) -> replies.grep(args, reader(args).grep(revision(args), args.getString("pattern"),
            args.getBoolean("fixed", false), args.getBoolean("ignore_case", false), strings(args, "paths"),
            args.getInteger("max_matches"), c)))));
      });
  }

  @Override
  public Future<?> stop() {
    if (routing != null) {
      routing.close();
    }
    if (stopListening != null) {
      stopListening.run();
    }
    if (workers != null) {
      workers.close();
    }
    if (registry != null) {
      registry.close();
    }
    return Future.succeededFuture();
  }

  /** A tool's work; {@code answerNow} is null unless the caller takes a reply whose text is still being made. */
  private interface Operation {
    JsonObject apply(JsonObject args, Cancellation cancellation, Consumer<JsonObject> answerNow);
  }

  private Future<Void> serve(String tool, BiFunction<JsonObject, Cancellation, JsonObject> operation) {
    return serve(tool, (args, c, answerNow) -> operation.apply(args, c));
  }

  private Future<Void> serve(String tool, Operation operation) {
    return routing.serve(tool, (args, call) -> {
      String key = cacheKey(tool, args);
      boolean bytesTaken = call.acceptsUtf8Text() && !vertx.isClustered();
      // A result kept in the cache is made whole, so only what is not cached may stream.
      boolean streams = bytesTaken && call.acceptsTextStream() && key == null;
      if (key != null) {
        JsonObject hit = cache.get(key);
        if (hit != null) {
          return bytesTaken || !heldAsBytes(hit) ? Future.succeededFuture(hit) : workers.submit(c -> asString(hit));
        }
      }
      Cancellation cancellation = new Cancellation();
      String callId = call.callId();
      if (callId != null) {
        running.put(callId, cancellation);
      }
      return workers.<JsonObject>submitAnswering(cancellation, (c, answerNow) -> {
        JsonObject result;
        try {
          result = operation.apply(args, c, streams ? answerNow : null);
        } catch (RuntimeException failure) {
          throw explained(failure, args);
        }
        if (key != null) {
          cache.put(key, result);
        }
        return bytesTaken ? result : asString(result);
      }).andThen(done -> {
        if (callId != null) {
          running.remove(callId);
        }
      });
    });
  }

  /**
   * Whether {@code result} holds git_diff's text as its bytes ({@link Utf8Text}: kept so, also in the cache, for the
   * MCP transports that write it as it is). Only callers that say they take it get it ({@link CallContext}), and
   * none when clustered (a reply may be encoded for another node): the others get a String, decoded on a worker.
   */
  private static boolean heldAsBytes(JsonObject result) {
    return result.getValue("diff") instanceof Utf8Text;
  }

  private static JsonObject asString(JsonObject result) {
    return heldAsBytes(result) ? result.put("diff", result.getValue("diff").toString()) : result;
  }

  /** A caller abandoned a call: stop its git work at the next check (the reply goes nowhere anyway). */
  private void cancel(String callId) {
    Cancellation cancellation = running.remove(callId);
    if (cancellation != null) {
      cancellation.cancelByCaller();
    }
  }

  /** A cache key when every revision argument is a full SHA, else null. */
  private String cacheKey(String tool, JsonObject args) {
    String[] revisions = switch (tool) {
      case "git_resolve", "git_show_file", "git_grep" -> new String[] {args.getString("revision")};
      case "git_log" -> args.getString("range") == null ? new String[0] : args.getString("range").split("\\.{2,3}", -1);
      case "git_diff", "git_diff_stat", "git_changed_files" -> {
        try {
          yield DiffTarget.from(args).revisions();
        } catch (ToolException e) {
          yield new String[0];
        }
      }
      default -> new String[0];
    };
    if (!ResultCache.immutable(revisions)) {
      return null;
    }
    String repo = args.getString("repo");
    String name = repo == null ? registry.defaultName().orElse("") : repo;
    // A SHA's answer changes with replace refs, grafts and a shallow clone's depth: the key carries their stamp.
    String history = registry.names().contains(name) ? "@" + registry.reader(name).historyStamp() : "";
    return ResultCache.key(tool, name + history, args);
  }

  // Clustered, a name withdrawn from this node is not listed: calls for it answer from another node's history.
  private JsonObject repos() {
    return reposJson(registry.names().stream().filter(routing.served()::contains)
      .map(name -> registry.reader(name).describe()).toList());
  }

  /**
   * The repositories' answer without leaving the event loop, when no ref behind any of them changed since it was read
   * (a few stats a repository); empty when one did, and then {@link #repos} reads them on a worker.
   */
  private Optional<JsonObject> reposNow() {
    List<RepoInfo> repos = new ArrayList<>();
    for (String name : registry.names()) {
      if (routing.served().contains(name)) {
        Optional<RepoInfo> known = registry.reader(name).describedNow();
        if (known.isEmpty()) {
          return Optional.empty();
        }
        repos.add(known.get());
      }
    }
    return Optional.of(reposJson(repos));
  }

  private JsonObject reposJson(List<RepoInfo> repos) {
    return GitJson.repos(repos, routing.clustered() ? routing.defaultName() : registry.defaultName().orElse(null));
  }

  private GitReader reader(JsonObject args) {
    return registry.reader(args.getString("repo"));
  }

  private static String revision(JsonObject args) {
    return args.getString("revision", "HEAD");
  }

  private static List<String> strings(JsonObject args, String name) {
    JsonArray array = args.getJsonArray(name);
    if (array == null) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    array.forEach(item -> out.add(String.valueOf(item)));
    return out;
  }

  private GitReader.DiffOptions diffOptions(JsonObject args) {
    return diffOptions(args, false);
  }

  private GitReader.DiffOptions diffOptions(JsonObject args, boolean forStat) {
    String algorithm = args.getString("algorithm", "histogram");
    return new GitReader.DiffOptions(
      "myers".equals(algorithm) ? DiffAlgorithm.SupportedAlgorithm.MYERS : DiffAlgorithm.SupportedAlgorithm.HISTOGRAM,
      args.getInteger("context_lines", options.defaultContextLines()), strings(args, "paths"), forStat, whitespace(args));
  }

  /** {@code ignore_whitespace}: git's -w (all), -b (change) or --ignore-space-at-eol (eol); absent, none ignored. */
  static Whitespace whitespace(JsonObject args) {
    Object value = args.getValue("ignore_whitespace");
    if (value == null) {
      return Whitespace.NONE;
    }
    return switch (String.valueOf(value)) {
      case "all" -> Whitespace.ALL;
      case "change" -> Whitespace.CHANGE;
      case "eol" -> Whitespace.AT_EOL;
      default -> throw ToolException.invalid("ignore_whitespace must be all (git's -w), change (-b) or eol "
        + "(--ignore-space-at-eol), not '" + String.valueOf(value).replaceAll("\\p{Cntrl}", "?") + "'");
    };
  }

  private ChangedFiles changed(JsonObject args, boolean counts, Cancellation cancellation) {
    GitReader reader = reader(args);
    return reader.changedFiles(reader.pair(DiffTarget.from(args)), diffOptions(args), counts, cancellation);
  }

  /** The options of the catalog fragment {@code diff-shaping} that change a diff's text (context_lines is the reader's). */
  private static final java.util.Set<String> SHAPING = ToolCatalog.fragmentArguments("diff-shaping").stream()
    .filter(name -> !name.equals("context_lines")).collect(java.util.stream.Collectors.toUnmodifiableSet());

  private JsonObject diff(JsonObject args, Cancellation cancellation, Consumer<JsonObject> answerNow) {
    ShapeOptions shaping = ShapeOptions.from(args, engine.options()); // bad shaping arguments fail before any git work
    ReplyBudget budget = replies.budget(args);
    GitReader reader = reader(args);
    GitReader.Pair pair = reader.pair(DiffTarget.from(args));
    JsonObject about = new JsonObject().put("repo", reader.name()).put("base", pair.baseSha()).put("head", pair.head().name());
    if (args.containsKey("ignore_whitespace")) {
      // Said in the reply, and part of what a cursor is pinned to: a page of one mode never continues another's.
      whitespace(args);
      about.put("ignore_whitespace", args.getString("ignore_whitespace"));
    }
    if (shaping.filesOnly() && !shaping.counts()) {
      // A list of names: the trees tell it all, so no file's content is read (bar rename candidates, as in git).
      return described(engine.shape(ListedFiles.of(reader.fileList(pair, diffOptions(args), cancellation)), args,
        file -> null, about, reader.quotePath()), reader, pair, null);
    }
    // context_lines is applied when the diff is computed, so the engine's own trimming is a no-op here. Without a
    // shaping option the text is git's as written, escaped for JSON where each part is diffed (a transport copies it
    // out; other callers decode it), and the summary comes from what the writer counted: no second pass. A text over
    // the budget is paged from the model instead, as a shaped one is.
    boolean unshaped = SHAPING.stream().noneMatch(args::containsKey);
    if (unshaped && !args.containsKey("cursor") && answerNow != null && budget.bytes() > 2L * options.maxDiffBytes()) {
      return streamed(reader, pair, args, cancellation, answerNow); // a budget no diff can pass: the text as it comes
    }
    if (unshaped && !args.containsKey("cursor")) {
      GitReader.Patch patch = reader.diff(pair, diffOptions(args), true, cancellation);
      cancellation.check();
      JsonObject whole = described(about.copy().put("summary", Shaper.summaryOf(patch.counts(), patch.counts().size()))
        .put("warnings", new JsonArray()), reader, pair, patch);
      Object text = patch.takeText();
      if (budget.fits(text instanceof Utf8Text bytes ? bytes.size() : 0, whole)) {
        return whole.put("diff", text);
      }
    }
    // Shaped, or paged: the model as xdiff built it, never parsed from text. A stat needs what the text does not
    // show: whether a change of one blob (a pure rename) is binary.
    GitReader.Patch patch = reader.model(pair, diffOptions(args, shaping.format() == Format.STAT), cancellation);
    cancellation.check();
    // Paged without shaping, the pages are git's text: no file is cut at diff.maxLinesPerFile.
    JsonObject shapeArgs = unshaped ? args.copy().put("max_lines_per_file", Integer.MAX_VALUE) : args;
    return described(engine.shape(patch.model(), shapeArgs, file -> patch.binarySizes().get(file.path()), about,
      reader.quotePath()), reader, pair, patch);
  }

  /**
   * The diff as the model for another backend ({@link Addresses#GIT_DIFF_MODEL}): git_diff's arguments without
   * shaping, answered with the files xdiff built as it wrote them (no text). Clustered, a node answers only for a
   * repository it serves; {@link RepoRouting} passes the others on to the nodes that serve them.
   */
  private Future<Diff> model(JsonObject args) {
    return workers.submit(c -> {
      try {
        GitReader reader = reader(args); // routing hands over only the names this node serves
        return reader.model(reader.pair(DiffTarget.from(args)), diffOptions(args), c).model();
      } catch (RuntimeException failure) {
        throw explained(failure, args);
      }
    });
  }

  /**
   * An unshaped diff for a caller that writes the reply as it comes: a diff large enough to be written in parallel
   * is answered as soon as its blocks are under way, its text a {@link TextStream} fed as they are joined, and what
   * follows the text (the summary, the warnings) handed over at its end. A failure after the answer ends the text
   * with a note and a warning (the summary then counts the files written before it); a smaller diff is answered
   * whole, as for any caller.
   */
  private JsonObject streamed(GitReader reader, GitReader.Pair pair, JsonObject args, Cancellation cancellation,
                              Consumer<JsonObject> answerNow) {
    TextStream[] stream = {null};
    boolean ending = false;
    try {
      GitReader.Patch patch = reader.diff(pair, diffOptions(args), () -> {
        stream[0] = new TextStream(options.streamAheadBytes(), cancellation::check);
        answerNow.accept(new JsonObject().put("diff", stream[0]));
        return stream[0];
      }, cancellation);
      JsonObject result = new JsonObject().put("summary", Shaper.summaryOf(patch.counts(), patch.counts().size()))
        .put("warnings", new JsonArray());
      if (stream[0] == null) {
        cancellation.check();
        return described(result.put("diff", patch.takeText()), reader, pair, patch);
      }
      JsonObject rest = described(result, reader, pair, patch);
      ending = true;
      stream[0].end(rest);
      return null;
    } catch (RuntimeException | Error failure) {
      if (stream[0] == null || ending) {
        throw failure; // not answered yet, or the text ended already (its end lets the reader go in any case)
      }
      // Whatever it is, the text must end: its reader (an HTTP encode worker) waits for that.
      List<Shaper.FileCount> written = failure instanceof GitReader.StreamStopped stopped ? stopped.counts() : List.of();
      String note = stopNote(failure instanceof GitReader.StreamStopped stopped ? stopped.getCause() : failure, args);
      stream[0].stop(note, described(new JsonObject().put("summary", Shaper.summaryOf(written, written.size()))
        .put("warnings", new JsonArray().add("the diff stopped part way, after the text above: " + note
          + ". The summary counts the files in that text only; ask again, or narrow the diff with paths=[...]")),
        reader, pair, null));
      if (failure instanceof Error error) {
        throw error;
      }
      return null;
    }
  }

  /** {@code failure}, or what a missing object means for the repository the call named ({@link MissingObjects}). */
  private RuntimeException explained(RuntimeException failure, JsonObject args) {
    String name = args.getString("repo", registry.defaultName().orElse(""));
    org.eclipse.jgit.lib.Repository repository = registry.names().contains(name) ? registry.reader(name).repository() : null;
    return MissingObjects.explained(failure, name, repository);
  }

  /** Why a streamed diff stopped, as a client may read it (no stack trace, no internals). */
  private String stopNote(Throwable failure, JsonObject args) {
    Throwable explained = !(failure instanceof RuntimeException runtime) || failure instanceof TextStream.Abandoned
      ? failure : explained(runtime, args);
    if (explained instanceof ToolException tool) {
      return "[" + Failure.label(tool.code()) + "] " + tool.getMessage();
    }
    if (explained instanceof java.util.concurrent.CancellationException) {
      return "cancelled";
    }
    LOG.log(Level.SEVERE, "a streamed diff failed part way", failure);
    return "internal error; the server log has the details";
  }

  /** {@code result} with its repository and sides, and the warnings of a cut (none when {@code patch} is null). */
  private JsonObject described(JsonObject result, GitReader reader, GitReader.Pair pair, GitReader.Patch patch) {
    result.put("repo", reader.name()).put("base", pair.baseSha()).put("head", pair.head().name());
    if (pair.note() != null) {
      warnings(result).add(pair.note());
    }
    if (patch == null) {
      return result;
    }
    if (!patch.omitted().isEmpty()) {
      warnings(result).add("diff cut at git.maxDiffBytes (" + options.maxDiffBytes() + " bytes): " + patch.omitted().size()
        + " more files not included; fetch them with paths=[...], e.g. " + firstFive(patch.omitted()));
    }
    if (!patch.overBlobLimit().isEmpty()) {
      warnings(result).add(patch.overBlobLimit().size() + " file(s) shown as 'Binary files ... differ' only because a "
        + "version is larger than git.maxBlobBytes (" + options.maxBlobBytes() + " bytes), where git would show the "
        + "lines: " + firstFive(patch.overBlobLimit()) + ". Raise git.maxBlobBytes in the server's configuration to diff them.");
    }
    return result;
  }

  private static JsonArray warnings(JsonObject result) {
    JsonArray warnings = result.getJsonArray("warnings");
    if (warnings == null) {
      warnings = new JsonArray();
      result.put("warnings", warnings);
    }
    return warnings;
  }

  private static String firstFive(List<String> paths) {
    return String.join(", ", paths.subList(0, Math.min(5, paths.size()))) + (paths.size() > 5 ? ", …" : "");
  }
}
