package dev.reviewgate.git;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.json.TextStream;
import dev.reviewgate.core.json.Utf8Text;
import dev.reviewgate.diff.model.BinarySizes;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.shape.Shaper;
import dev.reviewgate.xdiff.Abbreviator;
import dev.reviewgate.xdiff.Blobs;
import dev.reviewgate.xdiff.ContentSource;
import dev.reviewgate.xdiff.DiffAttributes;
import dev.reviewgate.xdiff.FileChange;
import dev.reviewgate.xdiff.PatchBytes;
import dev.reviewgate.xdiff.PatchWriter;
import dev.reviewgate.xdiff.Whitespace;
import dev.reviewgate.xdiff.Renames;
import dev.reviewgate.xdiff.RepoDiffConfig;
import dev.reviewgate.xdiff.TreeChanges;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * Reads one repository's object database with JGit: commits, trees and blobs addressed by revision, never the
 * working tree or the index, so answers for the same SHAs are the same whatever the checkout looks like. Blocking;
 * knows nothing of Vert.x messages. Every failure a caller can act on is a {@link ToolException}.
 */
public final class GitReader implements AutoCloseable {

  /**
   * A large diff is cut into about this many blocks per diff thread, of like cost ({@link #blockSpans}): files differ
   * in cost by orders of magnitude, so with few blocks one heavy block kept a thread busy while the other had none
   * left (4 per thread: one block of a 36.6 MB git.git range ran 0.42 s, the others 0.04–0.13 s).
   */
  private static final int BLOCKS_PER_THREAD = 16;
  /** What a file costs to write beside its blobs' bytes (its tree entries, header, attributes), in bytes' worth. */
  private static final long FILE_COST = 8 << 10;
  /** Files a block has at least, on average, when costs are alike: handing a block over has a cost of its own. */
  static final int MIN_BLOCK_FILES = 4;
  /** Blocks started and not yet joined, per diff thread: bounds what is written past a git.maxDiffBytes cut. */
  private static final int IN_FLIGHT_PER_THREAD = 4;

  private final RepoContext context;
  private final String name;
  private final Repository repository;
  private final HeadSnapshot head;
  private final GitOptions options;
  private final Inputs inputs;
  private final KeptReaders readers;

  /** The repository's own diff settings, looked at on every diff. */
  private final RepoDiffConfig.Source diffConfig;

  /** @param kept the readers kept open between calls, shared by the repositories of one registry */
  GitReader(String name, Repository repository, GitOptions options, KeptReaders kept) {
    this.context = new RepoContext(name, repository, options, new Inputs(options), new ReplacedObjects(repository));
    this.name = name;
    this.repository = repository;
    this.head = new HeadSnapshot(name, repository);
    this.options = options;
    this.inputs = context.inputs();
    this.readers = kept;
    this.diffConfig = RepoDiffConfig.source(repository.getDirectory().toPath());
  }

  public String name() {
    return name;
  }

  public Repository repository() {
    return repository;
  }

  /** See {@link RepoContext#historyStamp}: part of the key of a result cached by SHA. */
  public long historyStamp() {
    return context.historyStamp();
  }

  /** The repository's {@code core.quotePath}: how its stats quote names. */
  public boolean quotePath() {
    return diffConfig.current().quotePath();
  }

  // ---------------------------------------------------------------- repos, resolve

  /** name, default branch (what HEAD points at) and HEAD's SHA; reads the refs only when they changed. */
  public RepoInfo describe() {
    return head.describe();
  }

  /** {@link #describe}'s answer when no ref behind it changed (a few stats, no reading): safe on an event loop. */
  public Optional<RepoInfo> describedNow() {
    return head.current();
  }

  public Resolved resolve(String revision) {
    try (ObjectReader reader = context.reader(); RevWalk walk = new RevWalk(reader)) {
      RevCommit commit = context.commit(walk, "revision", revision);
      return new Resolved(name, revision, commit.name(), commit.getShortMessage());
    }
  }

  // ---------------------------------------------------------------- log

  public LogPage log(String range, List<String> paths, Integer limit, String cursor, Cancellation cancellation) {
    return new LogReader(context).log(range, paths, limit, cursor, cancellation);
  }

  /**
   * What a diff compares; {@code note} says what a caller may not expect (a merge commit compared with its first
   * parent), or is null.
   */
  public record Pair(RevCommit base, RevCommit head, String note) {

    public Pair(RevCommit base, RevCommit head) {
      this(base, head, null);
    }

    public String baseSha() {
      return base == null ? ObjectId.zeroId().name() : base.name();
    }
  }

  public Pair pair(DiffTarget target) {
    try (ObjectReader reader = lend(); RevWalk walk = new RevWalk(reader)) {
      if (target.commit() != null) {
        RevCommit commit = context.commit(walk, "commit", target.commit());
        if (commit.getParentCount() == 0 && context.shallow(commit)) {
          // JGit reads a shallow clone's boundary as a root commit (git show does too): every file would be "added".
          throw context.pastBoundary("the diff of commit '" + target.commit() + "'", commit);
        }
        RevCommit parent = commit.getParentCount() == 0 ? null : walk.parseCommit(commit.getParent(0));
        String note = commit.getParentCount() < 2 ? null : "commit " + commit.abbreviate(7).name() + " is a merge of "
          + commit.getParentCount() + " parents; this compares it with its first parent " + parent.abbreviate(7).name()
          + " (as git diff " + commit.abbreviate(7).name() + "^ " + commit.abbreviate(7).name() + "); give base and head "
          + "to compare it with another parent";
        return new Pair(parent, commit, note);
      }
      if (target.range() != null) {
        Inputs.Range range = inputs.range("range", target.range());
        if (range.from() == null) {
          throw ToolException.invalid("range '" + target.range() + "' is a single revision; use commit for one commit, "
            + "or give A...B / A..B");
        }
        RevCommit from = context.commit(walk, "range", range.from());
        RevCommit to = context.commit(walk, "range", range.to());
        if (!range.symmetric()) {
          return new Pair(from, to);
        }
        List<RevCommit> bases = context.mergeBases(from, to);
        if (bases.isEmpty()) {
          throw context.noMergeBase("range '" + target.range() + "'");
        }
        return new Pair(walk.parseCommit(bases.get(0)), to);
      }
      return new Pair(context.commit(walk, "base", target.base()), context.commit(walk, "head", target.head()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Options of a diff computation.
   *
   * @param forStat the diff is read for its stat: a change whose sides are one blob (a pure rename, a mode change) is
   *                checked for binary content too, as {@code git diff --stat} does ({@code Bin}), which reads that
   *                blob; a unified diff's text does not need it
   * @param whitespace the whitespace lines may differ in and be the same ({@code -w}, {@code -b},
   *                   {@code --ignore-space-at-eol}); a file changed only so is then left out, as git leaves it
   */
  public record DiffOptions(DiffAlgorithm.SupportedAlgorithm algorithm, int contextLines, List<String> paths,
                            boolean forStat, Whitespace whitespace) {

    public DiffOptions(DiffAlgorithm.SupportedAlgorithm algorithm, int contextLines, List<String> paths) {
      this(algorithm, contextLines, paths, false);
    }

    public DiffOptions(DiffAlgorithm.SupportedAlgorithm algorithm, int contextLines, List<String> paths, boolean forStat) {
      this(algorithm, contextLines, paths, forStat, Whitespace.NONE);
    }
  }

  /**
   * A diff as git writes it (unified bytes as {@code git diff} prints them, cut at {@code git.maxDiffBytes} between
   * files), with each written file as the diff engine's summary counts it, so that an unshaped result needs no second
   * pass over the text; {@code overBlobLimit}: files shown as binary only because a side is larger than
   * {@code git.maxBlobBytes}; {@code binarySizes}: the two sizes of each binary file by path, which the text does not
   * carry and {@code --stat} prints. A diff asked for as JSON text holds {@code json} instead of {@code text}, one
   * asked for as the model ({@link #model}) holds {@code model}: the files built as they were written, no text.
   */
  public record Patch(Pair pair, PatchBytes text, List<Utf8Text.Part> json, Diff model, long size, int files, List<String> omitted,
                      List<String> overBlobLimit, List<Shaper.FileCount> counts, java.util.Map<String, BinarySizes> binarySizes) {

    /** The unified bytes (a copy); not of a diff asked for as JSON text, whose bytes were let go once escaped. */
    public byte[] bytes() {
      if (json != null || model != null) {
        throw new IllegalStateException("this diff was kept as JSON text or as the model only");
      }
      return text.toByteArray();
    }

    /**
     * The unified text as its UTF-8 bytes, taken once: the buffer is emptied so the patch is not held twice, and an
     * empty diff is the empty String (a JSON value every caller knows).
     */
    public Object takeText() {
      if (size == 0) {
        return "";
      }
      return json != null ? Utf8Text.ofParts(json) : Utf8Text.of(text.takeChunks());
    }
  }

  /**
   * A streamed diff that failed after its text began: {@code counts} are those of the files already handed to the
   * stream (its text holds exactly them), the cause is why it stopped.
   */
  public static final class StreamStopped extends RuntimeException {
    private final transient List<Shaper.FileCount> counts;

    StreamStopped(RuntimeException cause, List<Shaper.FileCount> counts) {
      super(cause.getMessage(), cause, false, false);
      this.counts = counts;
    }

    public List<Shaper.FileCount> counts() {
      return counts;
    }

    @Override
    public synchronized RuntimeException getCause() {
      return (RuntimeException) super.getCause();
    }
  }

  public Patch diff(Pair pair, DiffOptions diffOptions, Cancellation cancellation) {
    return diff(pair, diffOptions, false, cancellation);
  }

  /**
   * As {@link #diff(Pair, DiffOptions, Cancellation)} as the diff model ({@link Patch#model}), built as xdiff writes
   * each file (each block of a parallel diff builds its own files; the join concatenates them): no text to parse.
   */
  public Patch model(Pair pair, DiffOptions diffOptions, Cancellation cancellation) {
    return diff(pair, diffOptions, PatchForm.MODEL, null, cancellation);
  }

  /**
   * As {@link #diff(Pair, DiffOptions, Cancellation)}; with {@code asJson}, the text is escaped as JSON string content
   * where it is written, each block on the thread that diffed it ({@link Patch#takeText} then gives a {@link Utf8Text}
   * that a transport copies out as it is), and no raw copy of it is kept.
   */
  public Patch diff(Pair pair, DiffOptions diffOptions, boolean asJson, Cancellation cancellation) {
    return diff(pair, diffOptions, asJson ? PatchForm.JSON : PatchForm.TEXT, null, cancellation);
  }

  /**
   * As {@link #diff(Pair, DiffOptions, boolean, Cancellation)} as JSON text; a diff large enough to be written in
   * parallel is handed to the stream {@code streamIfLarge} gives, block by block as they are joined, instead of being
   * held in the patch (whose text is then empty). The stream is asked for once the blocks are cut, before rename
   * detection and before any block is written; the caller ends it (with the patch's counts, or the failure this throws).
   */
  public Patch diff(Pair pair, DiffOptions diffOptions, java.util.function.Supplier<TextStream> streamIfLarge,
                    Cancellation cancellation) {
    return diff(pair, diffOptions, PatchForm.JSON, streamIfLarge, cancellation);
  }

  private Patch diff(Pair pair, DiffOptions diffOptions, PatchForm form,
                     java.util.function.Supplier<TextStream> streamIfLarge, Cancellation cancellation) {
    try (ObjectReader reader = lend()) {
      DiffSession session = session(reader, pair, diffOptions, cancellation);
      if (session.found().changes().size() < options.parallelFromFiles() || DiffParts.threads() == 1) {
        DiffJoiner joiner = new DiffJoiner(pair, options.maxDiffBytes(), form, null);
        for (FileChange change : session.found().renamed()) {
          joiner.write(change, session.writer());
        }
        return joiner.patch(session.writer().overBlobLimit());
      }
      return inParallel(pair, session.found(), diffOptions, form, streamIfLarge, session.abbreviation(), cancellation);
    }
  }

  /**
   * The files of one diff cut into blocks, each written with its own object reader on {@link DiffParts}' threads;
   * at most two blocks per thread are in flight, and they are joined in order as they finish, so what a block
   * holds is let go early and work past {@code git.maxDiffBytes} stops soon after the cut. Rename detection runs
   * on this thread meanwhile: the list is cut before it is known (a rename takes its new path's place, and a paired
   * deletion drops out, so each block's share stays its own), and a block waits for it only at its first addition
   * or deletion. In a fresh process that was 0.1–0.15 s of a git.git range's 23 MB no longer spent before any block.
   */
  private Patch inParallel(Pair pair, DiffChanges found, DiffOptions diffOptions, PatchForm form,
                           java.util.function.Supplier<TextStream> streamIfLarge,
                           java.util.function.IntSupplier abbreviation, Cancellation cancellation) {
    List<FileChange> changes = found.changes();
    CompletableFuture<FileChange[]> renamed = found.renames() == null ? CompletableFuture.completedFuture(null)
      : new CompletableFuture<>();
    int threads = DiffParts.threads();
    List<DiffBlock> blocks = cut(changes, found.blobs(), renamed, form, threads, cancellation);
    java.util.ArrayDeque<CompletableFuture<DiffBlock>> inFlight = new java.util.ArrayDeque<>();
    // The blocks are cut, rename detection not begun: a caller that streams the text answers now.
    DiffJoiner joiner = new DiffJoiner(pair, options.maxDiffBytes(), form,
      form == PatchForm.JSON && streamIfLarge != null ? streamIfLarge.get() : null);
    // Fresh readers, not kept ones: a large diff's bases are rarely another call's, and kept they held 45-50 MiB
    // more resident after a git.git range (22.9 MB: peak 242 -> 293 MiB).
    java.util.function.Consumer<java.util.function.Consumer<PatchWriter>> withWriter = work -> {
      try (ObjectReader reader = context.reader()) {
        work.accept(writer(reader, pair, diffOptions, abbreviation, cancellation));
      }
    };
    int next = 0;
    try {
      while (next < blocks.size() || !inFlight.isEmpty()) {
        while (next < blocks.size() && inFlight.size() < threads * IN_FLIGHT_PER_THREAD && !joiner.full()) {
          DiffBlock block = blocks.get(next++);
          // A block that meets additions or deletions before the renames are known writes its other files, lets its
          // thread go to the next block, and writes those once the renames are in (on whichever thread is free).
          inFlight.add(CompletableFuture.supplyAsync(() -> {
            withWriter.accept(block::writeUntilRenames);
            return block;
          }, DiffParts.pool()).thenCompose(written -> written.waiting()
            ? renamed.thenApplyAsync(all -> {
                withWriter.accept(written::writeRest);
                return written;
              }, DiffParts.pool())
            : CompletableFuture.completedFuture(written.joined())));
        }
        if (!renamed.isDone()) {
          renamed.complete(found.renames().aligned(changes));
        }
        if (inFlight.isEmpty()) {
          // Past the cut: the files of the blocks not started are named, not written.
          while (next < blocks.size()) {
            joiner.skip(blocks.get(next++));
          }
          break;
        }
        joiner.add(await(inFlight.poll()));
      }
    } catch (RuntimeException failure) {
      if (joiner.stream != null) {
        throw new StreamStopped(failure, List.copyOf(joiner.counts)); // what is out already, counted
      }
      throw failure;
    } finally {
      // Blocks waiting for renames that will not come (this thread failed or was cancelled) end too.
      renamed.completeExceptionally(new java.util.concurrent.CancellationException("the diff ended"));
      inFlight.forEach(pending -> pending.cancel(false));
    }
    return joiner.patch();
  }

  /**
   * The files in their order, cut into blocks of like cost (see {@link #blockSpans}): a file's cost is the size of its
   * two blobs plus {@link #FILE_COST}. Cut by file count, one block of git.git's translations (a few hundred KB each,
   * side by side) ran 0.25–0.37 s on its thread while the other thread had finished the rest. The sizes come from the
   * objects' headers (no blob is loaded), read on the diff threads and this one, each with a reader of its own: on
   * this thread alone that took 22–46 ms for 3,324 files warm and 134–339 ms in a fresh process, before any block or
   * rename detection could start. The sizes of additions and deletions go to {@code renameBlobs}, whose rename
   * detection compares them next.
   */
  private List<DiffBlock> cut(List<FileChange> changes, Blobs renameBlobs, CompletableFuture<FileChange[]> renamed,
                              PatchForm form, int threads, Cancellation cancellation) {
    long[] oldSizes = new long[changes.size()];
    long[] newSizes = new long[changes.size()];
    int share = (changes.size() + threads) / (threads + 1);
    List<SizeShare> shares = new ArrayList<>();
    for (int from = 0; from < changes.size(); from += share) {
      int start = from;
      int end = Math.min(changes.size(), from + share);
      shares.add(new SizeShare(() -> sizes(changes, oldSizes, newSizes, start, end, cancellation)));
    }
    // The diff threads may be busy with other calls' blocks: a share none of them has begun, this thread reads too.
    shares.subList(1, shares.size()).forEach(other -> DiffParts.pool().execute(other::run));
    shares.forEach(SizeShare::run);
    shares.forEach(done -> await(done.done));
    long[] costs = new long[changes.size()];
    for (int i = 0; i < costs.length; i++) {
      FileChange change = changes.get(i);
      if (Renames.mayPair(change)) {
        if (oldSizes[i] >= 0) {
          renameBlobs.knownSize(change.oldId(), oldSizes[i]);
        }
        if (newSizes[i] >= 0) {
          renameBlobs.knownSize(change.newId(), newSizes[i]);
        }
      }
      costs[i] = FILE_COST + Math.max(0, oldSizes[i]) + Math.max(0, newSizes[i]);
    }
    List<DiffBlock> blocks = new ArrayList<>();
    for (int[] span : blockSpans(costs, threads * BLOCKS_PER_THREAD)) {
      blocks.add(new DiffBlock(changes.subList(span[0], span[1]), span[0], renamed, form));
    }
    return blocks;
  }


  /** Reads the two blob sizes of files {@code from..to} with a reader of its own; -1 for a side that is no blob. */
  private void sizes(List<FileChange> changes, long[] oldSizes, long[] newSizes, int from, int to, Cancellation cancellation) {
    try (ObjectReader reader = context.reader()) {
      ContentSource source = ContentSource.of(reader);
      for (int i = from; i < to; i++) {
        if ((i - from) % 256 == 0) {
          cancellation.check();
        }
        FileChange change = changes.get(i);
        oldSizes[i] = blobSize(change.oldMode(), change.oldId(), source);
        newSizes[i] = blobSize(change.newMode(), change.newId(), source);
      }
    }
  }

  /**
   * Consecutive spans {@code [from, to)} covering every index of {@code costs}, about {@code count} of them (fewer
   * when there would be under {@link #MIN_BLOCK_FILES} files a block), each closed once its cost reaches the mean:
   * a file that costs more than that closes the block it is in, so heavy files side by side get a block each, and
   * files that cost little share one.
   */
  static List<int[]> blockSpans(long[] costs, int count) {
    int blocks = Math.max(1, Math.min(count, (costs.length + MIN_BLOCK_FILES - 1) / MIN_BLOCK_FILES));
    long total = 0;
    for (long cost : costs) {
      total += cost;
    }
    long target = Math.max(1, (total + blocks - 1) / blocks);
    List<int[]> spans = new ArrayList<>();
    int from = 0;
    long cost = 0;
    for (int i = 0; i < costs.length; i++) {
      cost += costs[i];
      if (cost >= target || i == costs.length - 1) {
        spans.add(new int[] {from, i + 1});
        from = i + 1;
        cost = 0;
      }
    }
    return spans;
  }

  /** A side's blob size, -1 for a missing side or what is no blob (a submodule's commit). */
  private static long blobSize(int mode, ObjectId id, ContentSource sizes) {
    int type = mode & org.eclipse.jgit.lib.FileMode.TYPE_MASK;
    if (mode == 0 || (type != org.eclipse.jgit.lib.FileMode.TYPE_FILE && type != org.eclipse.jgit.lib.FileMode.TYPE_SYMLINK)) {
      return -1;
    }
    return sizes.size(id);
  }

  private static <T> T await(CompletableFuture<T> pending) {
    try {
      return pending.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while a diff was written", e);
    } catch (java.util.concurrent.ExecutionException e) {
      if (e.getCause() instanceof RuntimeException failure) {
        throw failure;
      }
      throw new IllegalStateException(e.getCause());
    }
  }





  /**
   * The changed files as {@code git diff --name-status -M} lists them (paths, statuses, rename pairs), from the two
   * trees: no file's content is read, except the added and deleted files that inexact rename detection compares
   * (exact renames match by object id), as git does.
   */
  public List<FileChange> fileList(Pair pair, DiffOptions diffOptions, Cancellation cancellation) {
    try (ObjectReader reader = lend()) {
      return changes(reader, pair, diffOptions, cancellation).renamed();
    }
  }

  /** Changed files with line counts, as {@code git diff --numstat -M} and {@code --name-status} report them. */
  public ChangedFiles changedFiles(Pair pair, DiffOptions diffOptions, Cancellation cancellation) {
    return changedFiles(pair, diffOptions, true, cancellation);
  }

  /** As {@link #changedFiles(Pair, DiffOptions, Cancellation)}; without {@code counts}, from {@link #fileList} alone. */
  public ChangedFiles changedFiles(Pair pair, DiffOptions diffOptions, boolean counts, Cancellation cancellation) {
    if (!counts) {
      List<ChangedFile> files = new ArrayList<>();
      for (FileChange change : fileList(pair, diffOptions, cancellation)) {
        files.add(changedFile(change, null));
      }
      return new ChangedFiles(name, pair.baseSha(), pair.head().name(), files, false, pair.note(),
        quotePath());
    }
    try (ObjectReader reader = lend()) {
      DiffSession session = session(reader, pair, diffOptions, cancellation);
      List<ChangedFile> files = new ArrayList<>();
      for (FileChange change : session.found().renamed()) {
        PatchWriter.Stats stats = session.writer().stats(change);
        if (!stats.hidden()) {
          files.add(changedFile(change, stats));
        }
      }
      return new ChangedFiles(name, pair.baseSha(), pair.head().name(), files, true, pair.note(),
        quotePath());
    }
  }

  /** One file of {@code git_changed_files}; {@code stats} null when it was listed without counts. */
  private static ChangedFile changedFile(FileChange change, PatchWriter.Stats stats) {
    boolean renamed = change.status() == FileChange.Status.RENAMED;
    boolean modeChanged = change.oldMode() != change.newMode() && change.hasOld() && change.hasNew();
    boolean binary = stats != null && stats.binary();
    return new ChangedFile(change.path(), change.status(), stats == null ? 0 : stats.additions(),
      stats == null ? 0 : stats.deletions(), binary, renamed ? change.oldPath() : null, renamed ? change.similarity() : null,
      modeChanged ? change.oldMode() : null, modeChanged ? change.newMode() : null, binary ? DiffJoiner.sizes(stats) : null);
  }


  private DiffSession session(ObjectReader reader, Pair pair, DiffOptions diffOptions, Cancellation cancellation) {
    DiffChanges found = changes(reader, pair, diffOptions, cancellation);
    RepoDiffConfig config = found.config();
    // Counting packed objects opens every pack index: done only when an index line is written (not for stats), and
    // once per diff however many threads write it.
    java.util.function.IntSupplier abbreviation = new java.util.function.IntSupplier() {
      private volatile int length;

      @Override
      public int getAsInt() {
        int known = length;
        if (known == 0) {
          known = config.abbrev().isPresent() ? config.abbrev().getAsInt() : Abbreviator.automaticLength(repository.getObjectDatabase());
          length = known;
        }
        return known;
      }
    };
    PatchWriter writer = new PatchWriter(found.blobs(), found.attributes(),
      new Abbreviator(reader, repository.getObjectDatabase(), abbreviation),
      DiffAlgorithm.getAlgorithm(diffOptions.algorithm()), diffOptions.contextLines(), cancellation, diffOptions.forStat(),
      diffOptions.whitespace());
    return new DiffSession(found, writer, abbreviation);
  }

  /** A writer of its own for one block of a diff written in parallel (readers, caches and attributes are per thread). */
  private PatchWriter writer(ObjectReader reader, Pair pair, DiffOptions diffOptions, java.util.function.IntSupplier abbreviation,
                             Cancellation cancellation) {
    Blobs blobs = new Blobs(ContentSource.of(reader), options.maxBlobBytes());
    DiffAttributes attributes = DiffAttributes.of(reader, pair.head().getTree(), options.maxBlobBytes(), diffConfig.current());
    return new PatchWriter(blobs, attributes, new Abbreviator(reader, repository.getObjectDatabase(), abbreviation),
      DiffAlgorithm.getAlgorithm(diffOptions.algorithm()), diffOptions.contextLines(), cancellation, diffOptions.forStat(),
      diffOptions.whitespace());
  }


  private DiffChanges changes(ObjectReader reader, Pair pair, DiffOptions diffOptions, Cancellation cancellation) {
    List<String> filter = context.paths(diffOptions.paths());
    ObjectId newTree = pair.head().getTree();
    ObjectId oldTree = pair.base() == null ? null : pair.base().getTree();
    Blobs blobs = new Blobs(ContentSource.of(reader), options.maxBlobBytes());
    RepoDiffConfig config = diffConfig.current();
    DiffAttributes attributes = DiffAttributes.of(reader, newTree, options.maxBlobBytes(), config);
    List<FileChange> changes = TreeChanges.between(reader, oldTree, newTree, filter, cancellation);
    Renames renames = !config.renames() ? null : new Renames(blobs, attributes, options.renameThreshold(),
      config.renameLimit().orElse(options.renameLimit()), cancellation);
    return new DiffChanges(changes, renames, blobs, attributes, config);
  }

  /** A kept reader, with replace refs and grafts applied. */
  private ObjectReader lend() {
    return context.wrap(readers.lend(repository));
  }

  // ---------------------------------------------------------------- files

  public FileContent showFile(String revision, String path, Integer startLine, Integer endLine) {
    return new FileReader(context).showFile(revision, path, startLine, endLine);
  }

  // ---------------------------------------------------------------- grep

  public GrepResult grep(String revision, String pattern, boolean fixed, boolean ignoreCase, List<String> paths,
                         Integer maxMatches, Cancellation cancellation) {
    return new GrepReader(context).grep(revision, pattern, fixed, ignoreCase, paths, maxMatches, cancellation);
  }

  @Override
  public void close() {
    readers.forget(repository);
    repository.close();
  }
}
