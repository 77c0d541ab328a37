package dev.reviewgate.git;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.diff.model.ChangeType;
import dev.reviewgate.diff.shape.Shaper;
import dev.reviewgate.git.xdiff.Abbreviator;
import dev.reviewgate.git.xdiff.Blobs;
import dev.reviewgate.git.xdiff.DiffAttributes;
import dev.reviewgate.git.xdiff.FileChange;
import dev.reviewgate.git.xdiff.PatchWriter;
import dev.reviewgate.git.xdiff.Renames;
import dev.reviewgate.git.xdiff.RepoDiffConfig;
import dev.reviewgate.git.xdiff.TreeChanges;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.eclipse.jgit.errors.AmbiguousObjectException;
import org.eclipse.jgit.errors.IncorrectObjectTypeException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.errors.RevisionSyntaxException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.revwalk.filter.RevFilter;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.AndTreeFilter;
import org.eclipse.jgit.treewalk.filter.PathFilterGroup;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * Reads one repository's object database with JGit: commits, trees and blobs addressed by revision, never the
 * working tree or the index, so answers for the same SHAs are the same whatever the checkout looks like. Blocking;
 * knows nothing of Vert.x messages. Every failure a caller can act on is a {@link ToolException}.
 */
public final class GitReader implements AutoCloseable {

  private final String name;
  private final Repository repository;
  private final GitOptions options;
  private final Inputs inputs;

  private volatile CachedConfig diffConfig;

  public GitReader(String name, Repository repository, GitOptions options) {
    this.name = name;
    this.repository = repository;
    this.options = options;
    this.inputs = new Inputs(options);
  }

  public String name() {
    return name;
  }

  public Repository repository() {
    return repository;
  }

  // ---------------------------------------------------------------- repos, resolve

  /** name, default branch (what HEAD points at) and HEAD's SHA. */
  public JsonObject describe() {
    try {
      JsonObject out = new JsonObject().put("name", name);
      Ref head = repository.exactRef(Constants.HEAD);
      if (head != null && head.isSymbolic()) {
        out.put("default_branch", Repository.shortenRefName(head.getTarget().getName()));
      } else {
        out.putNull("default_branch");
      }
      ObjectId id = head == null ? null : head.getObjectId();
      if (id == null) {
        out.putNull("head");
      } else {
        out.put("head", id.name());
      }
      return out.put("bare", repository.isBare());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public JsonObject resolve(String revision) {
    try (RevWalk walk = new RevWalk(repository)) {
      RevCommit commit = commit(walk, "revision", revision);
      return new JsonObject().put("repo", name).put("revision", revision).put("sha", commit.name())
        .put("short_sha", commit.abbreviate(7).name()).put("subject", commit.getShortMessage());
    }
  }

  /** The commit a revision names (tags peeled); 404 when it does not exist. */
  RevCommit commit(RevWalk walk, String argument, String revision) {
    inputs.revision(argument, revision);
    ObjectId id;
    try {
      // A full SHA needs no ref lookup (reading packed-refs is the slow part of resolve).
      id = ObjectId.isId(revision) ? ObjectId.fromString(revision) : repository.resolve(revision);
    } catch (AmbiguousObjectException e) {
      throw ToolException.invalid(argument + " '" + revision + "' is an ambiguous short SHA (" + e.getCandidates().size()
        + " objects match); give more hex digits");
    } catch (RevisionSyntaxException e) {
      throw ToolException.invalid(argument + " '" + revision + "' is not a valid revision expression");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (id == null) {
      throw notFound(revision);
    }
    try {
      return walk.parseCommit(id);
    } catch (MissingObjectException e) {
      throw notFound(revision);
    } catch (IncorrectObjectTypeException e) {
      throw ToolException.invalid(argument + " '" + revision + "' names a " + typeOf(id) + ", not a commit");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String typeOf(ObjectId id) {
    try (ObjectReader reader = repository.newObjectReader()) {
      return Constants.typeString(reader.open(id).getType());
    } catch (IOException e) {
      return "non-commit object";
    }
  }

  private ToolException notFound(String revision) {
    return ToolException.notFound("revision not found: " + revision + " (in repository " + name
      + "); check the spelling, or list commits with git_log. A SHA that exists elsewhere may not be fetched here.");
  }

  // ---------------------------------------------------------------- log

  public JsonObject log(String range, List<String> paths, Integer limit, String cursor, Cancellation cancellation) {
    int max = limit == null ? options.defaultLogLimit() : limit;
    if (max < 1 || max > options.maxLogLimit()) {
      throw ToolException.invalid("limit must be 1.." + options.maxLogLimit());
    }
    List<String> filter = paths(paths);
    Inputs.Range parsed = inputs.range("range", range == null ? "HEAD" : range);
    try (RevWalk walk = new RevWalk(repository)) {
      RevCommit to = commit(walk, "range", parsed.to());
      RevCommit from = parsed.from() == null ? null : commit(walk, "range", parsed.from());
      String fingerprint = fingerprint(to, from, parsed.symmetric());
      int offset = offset(cursor, fingerprint);
      List<RevCommit> bases = new ArrayList<>();
      if (from != null && parsed.symmetric()) {
        bases.addAll(mergeBases(from, to));
      }
      walk.reset();
      walk.markStart(walk.parseCommit(to));
      if (from != null) {
        if (parsed.symmetric()) {
          walk.markStart(walk.parseCommit(from));
          for (RevCommit base : bases) {
            walk.markUninteresting(walk.parseCommit(base));
          }
        } else {
          walk.markUninteresting(walk.parseCommit(from));
        }
      }
      if (!filter.isEmpty()) {
        walk.setTreeFilter(AndTreeFilter.create(PathFilterGroup.createFromStrings(filter), TreeFilter.ANY_DIFF));
      }
      JsonArray commits = new JsonArray();
      int seen = 0;
      RevCommit commit;
      boolean more = false;
      while ((commit = walk.next()) != null) {
        cancellation.check();
        if (seen++ < offset) {
          continue;
        }
        if (commits.size() == max) {
          more = true;
          break;
        }
        commits.add(commitJson(commit));
      }
      JsonObject out = new JsonObject().put("repo", name).put("range", range == null ? "HEAD" : range)
        .put("commits", commits);
      if (more) {
        out.put("next_cursor", (offset + max) + "." + fingerprint);
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String fingerprint(RevCommit to, RevCommit from, boolean symmetric) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      digest.update((to.name() + (from == null ? "" : (symmetric ? "..." : "..") + from.name())).getBytes(StandardCharsets.US_ASCII));
      return HexFormat.of().formatHex(digest.digest(), 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static int offset(String cursor, String fingerprint) {
    if (cursor == null) {
      return 0;
    }
    int dot = cursor.indexOf('.');
    try {
      if (dot > 0 && cursor.substring(dot + 1).equals(fingerprint)) {
        return Integer.parseInt(cursor.substring(0, dot));
      }
    } catch (NumberFormatException e) {
      // fall through
    }
    if (dot > 0 && cursor.substring(dot + 1).matches("[0-9a-f]{12}")) {
      throw ToolException.conflict("the range moved (a branch got new commits) since this cursor was issued; "
        + "start again without cursor, or pin the range with SHAs");
    }
    throw ToolException.invalid("cursor '" + Inputs.printable(cursor) + "' is not one this tool issued; pass next_cursor "
      + "from the previous result unchanged, with the same range");
  }

  private List<RevCommit> mergeBases(RevCommit a, RevCommit b) throws IOException {
    try (RevWalk walk = new RevWalk(repository)) {
      walk.setRevFilter(RevFilter.MERGE_BASE);
      walk.markStart(walk.parseCommit(a));
      walk.markStart(walk.parseCommit(b));
      List<RevCommit> bases = new ArrayList<>();
      RevCommit base;
      while ((base = walk.next()) != null) {
        bases.add(base);
      }
      return bases;
    }
  }

  private static JsonObject commitJson(RevCommit commit) {
    String message = commit.getFullMessage();
    int blank = message.indexOf("\n\n");
    String body = blank < 0 ? "" : message.substring(blank + 2).strip();
    JsonArray parents = new JsonArray();
    for (RevCommit parent : commit.getParents()) {
      parents.add(parent.name());
    }
    return new JsonObject()
      .put("sha", commit.name())
      .put("short_sha", commit.name().substring(0, 7))
      .put("subject", commit.getShortMessage())
      .put("body", body)
      .put("author", person(commit.getAuthorIdent()))
      .put("committer", person(commit.getCommitterIdent()))
      .put("parents", parents);
  }

  private static JsonObject person(PersonIdent ident) {
    OffsetDateTime when = OffsetDateTime.ofInstant(ident.getWhenAsInstant(), ident.getZoneId());
    return new JsonObject().put("name", ident.getName()).put("email", ident.getEmailAddress())
      .put("date", when.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
  }

  // ---------------------------------------------------------------- diffs

  /** The two commits a diff compares; {@code base} is null when the head is a root commit. */
  public record Pair(RevCommit base, RevCommit head) {
    public String baseSha() {
      return base == null ? ObjectId.zeroId().name() : base.name();
    }
  }

  public Pair pair(DiffTarget target) {
    try (RevWalk walk = new RevWalk(repository)) {
      if (target.commit() != null) {
        RevCommit commit = commit(walk, "commit", target.commit());
        RevCommit parent = commit.getParentCount() == 0 ? null : walk.parseCommit(commit.getParent(0));
        return new Pair(parent, commit);
      }
      if (target.range() != null) {
        Inputs.Range range = inputs.range("range", target.range());
        if (range.from() == null) {
          throw ToolException.invalid("range '" + target.range() + "' is a single revision; use commit for one commit, "
            + "or give A...B / A..B");
        }
        RevCommit from = commit(walk, "range", range.from());
        RevCommit to = commit(walk, "range", range.to());
        if (!range.symmetric()) {
          return new Pair(from, to);
        }
        List<RevCommit> bases = mergeBases(from, to);
        if (bases.isEmpty()) {
          throw ToolException.notFound("range '" + target.range() + "': the two sides share no history (no merge base); "
            + "use base and head to compare them directly");
        }
        return new Pair(walk.parseCommit(bases.get(0)), to);
      }
      return new Pair(commit(walk, "base", target.base()), commit(walk, "head", target.head()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Options of a diff computation. */
  public record DiffOptions(DiffAlgorithm.SupportedAlgorithm algorithm, int contextLines, List<String> paths) {
  }

  /**
   * Unified diff bytes as {@code git diff} prints them, cut at {@code git.maxDiffBytes} between files;
   * {@code overBlobLimit}: files shown as binary only because a side is larger than {@code git.maxBlobBytes}.
   */
  /**
   * A diff as git writes it, with each written file as the diff engine's summary counts it (so that an unshaped
   * result needs no second pass over the text).
   */
  public record Patch(Pair pair, byte[] bytes, int files, List<String> omitted, List<String> overBlobLimit,
                      List<Shaper.FileCount> counts) {
  }

  public Patch diff(Pair pair, DiffOptions diffOptions, Cancellation cancellation) {
    try (ObjectReader reader = repository.newObjectReader()) {
      Session session = session(reader, pair, diffOptions, cancellation);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      List<String> omitted = new ArrayList<>();
      int written = 0;
      List<Shaper.FileCount> counts = new ArrayList<>();
      for (FileChange change : session.changes) {
        if (out.size() >= options.maxDiffBytes()) {
          omitted.add(change.path());
          continue;
        }
        count(change, session.writer.write(change, out), counts);
        written++;
      }
      return new Patch(pair, out.toByteArray(), written, omitted, session.writer.overBlobLimit(), counts);
    }
  }

  /**
   * How the diff engine's parser classifies what {@link PatchWriter} wrote for {@code change} (its tests hold the two
   * equal): a type change is written as a deletion and a creation, a mode change without new content has no hunks.
   */
  static void count(FileChange change, PatchWriter.Stats stats, List<Shaper.FileCount> counts) {
    switch (change.status()) {
      case ADDED -> counts.add(new Shaper.FileCount(ChangeType.ADDED, stats.additions(), 0));
      case DELETED -> counts.add(new Shaper.FileCount(ChangeType.DELETED, 0, stats.deletions()));
      case RENAMED -> counts.add(new Shaper.FileCount(ChangeType.RENAMED, stats.additions(), stats.deletions()));
      case TYPE_CHANGED -> {
        counts.add(new Shaper.FileCount(ChangeType.DELETED, 0, stats.deletions()));
        counts.add(new Shaper.FileCount(ChangeType.ADDED, stats.additions(), 0));
      }
      case MODIFIED -> counts.add(new Shaper.FileCount(change.oldMode() != change.newMode() && change.oldId().equals(change.newId())
        ? ChangeType.MODE_CHANGED : ChangeType.MODIFIED, stats.additions(), stats.deletions()));
    }
  }

  /** Changed files with line counts, as {@code git diff --numstat -M} and {@code --name-status} report them. */
  public JsonObject changedFiles(Pair pair, DiffOptions diffOptions, Cancellation cancellation) {
    try (ObjectReader reader = repository.newObjectReader()) {
      Session session = session(reader, pair, diffOptions, cancellation);
      JsonArray files = new JsonArray();
      int additions = 0;
      int deletions = 0;
      for (FileChange change : session.changes) {
        PatchWriter.Stats stats = session.writer.stats(change);
        additions += stats.additions();
        deletions += stats.deletions();
        JsonObject file = new JsonObject().put("path", change.path())
          .put("status", change.status().label())
          .put("additions", stats.additions()).put("deletions", stats.deletions()).put("binary", stats.binary());
        if (change.status() == FileChange.Status.RENAMED) {
          file.put("old_path", change.oldPath()).put("similarity", change.similarity());
        }
        if (change.oldMode() != change.newMode() && change.hasOld() && change.hasNew()) {
          file.put("old_mode", String.format("%06o", change.oldMode())).put("new_mode", String.format("%06o", change.newMode()));
        }
        files.add(file);
      }
      return new JsonObject().put("repo", name).put("base", pair.baseSha()).put("head", pair.head().name())
        .put("files", files)
        .put("totals", new JsonObject().put("files_changed", files.size()).put("insertions", additions)
          .put("deletions", deletions));
    }
  }

  private record Session(List<FileChange> changes, PatchWriter writer) {
  }

  /** The repository's own diff settings, read again only when its config or info/attributes file changed. */
  private RepoDiffConfig diffConfig() {
    java.nio.file.Path gitDir = repository.getDirectory().toPath();
    long stamp = modified(gitDir.resolve("config")) * 31 + modified(gitDir.resolve("info").resolve("attributes"));
    CachedConfig cached = diffConfig;
    if (cached == null || cached.stamp() != stamp) {
      cached = new CachedConfig(stamp, RepoDiffConfig.read(gitDir));
      diffConfig = cached;
    }
    return cached.config();
  }

  private record CachedConfig(long stamp, RepoDiffConfig config) {
  }

  private static long modified(java.nio.file.Path file) {
    try {
      return java.nio.file.Files.getLastModifiedTime(file).toMillis();
    } catch (IOException missing) {
      return 0;
    }
  }

  private Session session(ObjectReader reader, Pair pair, DiffOptions diffOptions, Cancellation cancellation) {
    List<String> filter = paths(diffOptions.paths());
    ObjectId newTree = pair.head().getTree();
    ObjectId oldTree = pair.base() == null ? null : pair.base().getTree();
    Blobs blobs = new Blobs(reader, options.maxBlobBytes());
    RepoDiffConfig config = diffConfig();
    DiffAttributes attributes = DiffAttributes.of(reader, newTree, options.maxBlobBytes(), config);
    List<FileChange> changes = TreeChanges.between(reader, oldTree, newTree, filter, cancellation);
    if (config.renames()) {
      changes = new Renames(blobs, attributes, options.renameThreshold(),
        config.renameLimit().orElse(options.renameLimit()), cancellation).detect(changes);
    }
    // Counting packed objects opens every pack index: done only when an index line is written (not for stats).
    Abbreviator abbreviator = new Abbreviator(reader, () -> config.abbrev().isPresent() ? config.abbrev().getAsInt()
      : Abbreviator.automaticLength(repository.getObjectDatabase()));
    PatchWriter writer = new PatchWriter(blobs, attributes, abbreviator,
      DiffAlgorithm.getAlgorithm(diffOptions.algorithm()), diffOptions.contextLines(), cancellation);
    return new Session(changes, writer);
  }

  private List<String> paths(List<String> paths) {
    if (paths == null) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (String path : paths) {
      out.add(inputs.path("paths", path));
    }
    return out;
  }

  // ---------------------------------------------------------------- files

  public JsonObject showFile(String revision, String path, Integer startLine, Integer endLine) {
    String file = inputs.path("path", path);
    int first = startLine == null ? 1 : startLine;
    if (first < 1 || (endLine != null && endLine < first)) {
      throw ToolException.invalid("line range " + first + ".." + endLine + " is empty; start_line ≥ 1 and end_line ≥ start_line");
    }
    try (RevWalk walk = new RevWalk(repository); ObjectReader reader = repository.newObjectReader()) {
      RevCommit commit = commit(walk, "revision", revision);
      TreeWalk entry = TreeWalk.forPath(reader, file, commit.getTree());
      if (entry == null) {
        throw pathNotFound(reader, commit, file);
      }
      int mode = entry.getRawMode(0);
      ObjectId id = entry.getObjectId(0);
      JsonObject out = new JsonObject().put("repo", name).put("sha", commit.name()).put("path", file)
        .put("blob", id.name()).put("mode", String.format("%06o", mode));
      if ((mode & FileMode.TYPE_MASK) == FileMode.TYPE_TREE) {
        throw ToolException.invalid(file + " is a directory in " + commit.abbreviate(7).name() + "; give a file path. It contains: "
          + listing(reader, id));
      }
      if ((mode & FileMode.TYPE_MASK) == FileMode.TYPE_GITLINK) {
        return out.put("submodule", true).put("content", "Subproject commit " + id.name() + "\n");
      }
      long size = reader.getObjectSize(id, Constants.OBJ_BLOB);
      out.put("size", size).put("symlink", (mode & FileMode.TYPE_MASK) == FileMode.TYPE_SYMLINK);
      if (size > options.maxBlobBytes()) {
        throw ToolException.tooLarge(file + " is " + size + " bytes, over git.maxBlobBytes (" + options.maxBlobBytes()
          + "); use git_grep to find the lines you need");
      }
      byte[] data = reader.open(id, Constants.OBJ_BLOB).getCachedBytes(options.maxBlobBytes());
      if (Blobs.looksBinary(data)) {
        return out.put("binary", true).putNull("content")
          .put("message", file + " is binary (" + size + " bytes); its content is not shown");
      }
      out.put("binary", false);
      return lines(out, data, first, endLine);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private JsonObject lines(JsonObject out, byte[] data, int first, Integer last) {
    int total = 0;
    for (byte b : data) {
      if (b == '\n') {
        total++;
      }
    }
    if (data.length > 0 && data[data.length - 1] != '\n') {
      total++;
    }
    out.put("total_lines", total);
    if (first > Math.max(total, 1)) {
      throw ToolException.invalid("start_line " + first + " is past the end: the file has " + total + " lines");
    }
    int end = last == null ? total : Math.min(last, total);
    int line = 1;
    int pos = 0;
    while (line < first && pos < data.length) {
      if (data[pos++] == '\n') {
        line++;
      }
    }
    int from = pos;
    int shownLast = first - 1;
    boolean cut = false;
    while (shownLast < end && pos < data.length) {
      int next = pos;
      while (next < data.length && data[next] != '\n') {
        next++;
      }
      int lineEnd = next < data.length ? next + 1 : next;
      if (lineEnd - from > options.maxShowFileBytes() && shownLast >= first) {
        cut = true;
        break;
      }
      if (lineEnd - from > options.maxShowFileBytes()) {
        // A single line over the cap: show its first part only.
        pos = from + options.maxShowFileBytes();
        shownLast = first;
        cut = true;
        break;
      }
      pos = lineEnd;
      shownLast++;
    }
    out.put("start_line", first).put("end_line", shownLast)
      .put("content", new String(data, from, pos - from, StandardCharsets.UTF_8));
    out.put("truncated", cut);
    if (cut) {
      out.put("next_start_line", shownLast + 1);
      out.put("message", "output cut at git.maxShowFileBytes (" + options.maxShowFileBytes() + " bytes) after line "
        + shownLast + " of " + total + "; call again with start_line=" + (shownLast + 1) + " for the rest");
    }
    return out;
  }

  private ToolException pathNotFound(ObjectReader reader, RevCommit commit, String file) throws IOException {
    String base = file.substring(file.lastIndexOf('/') + 1);
    List<String> similar = new ArrayList<>();
    try (TreeWalk walk = new TreeWalk(reader)) {
      walk.setRecursive(true);
      walk.addTree(commit.getTree());
      while (walk.next() && similar.size() < 5) {
        if (walk.getNameString().equals(base)) {
          similar.add(walk.getPathString());
        }
      }
    }
    return ToolException.notFound("path not in commit " + commit.abbreviate(7).name() + ": " + file
      + (similar.isEmpty() ? "; list the commit's files with git_changed_files or git_grep"
      : "; files with that name there: " + String.join(", ", similar)));
  }

  private static String listing(ObjectReader reader, ObjectId tree) throws IOException {
    List<String> names = new ArrayList<>();
    try (TreeWalk walk = new TreeWalk(reader)) {
      walk.addTree(tree);
      while (walk.next() && names.size() < 20) {
        names.add(walk.getNameString() + ((walk.getRawMode(0) & FileMode.TYPE_MASK) == FileMode.TYPE_TREE ? "/" : ""));
      }
    }
    return String.join(", ", names) + (names.size() == 20 ? ", …" : "");
  }

  // ---------------------------------------------------------------- grep

  public JsonObject grep(String revision, String pattern, boolean fixed, boolean ignoreCase, List<String> paths,
                         Integer maxMatches, Cancellation cancellation) {
    if (pattern == null || pattern.isEmpty()) {
      throw ToolException.invalid("pattern is empty");
    }
    int cap = maxMatches == null ? options.maxGrepMatches() : Math.min(maxMatches, options.maxGrepMatches());
    Pattern compiled;
    try {
      compiled = Pattern.compile(fixed ? Pattern.quote(pattern) : pattern, ignoreCase ? Pattern.CASE_INSENSITIVE : 0);
    } catch (PatternSyntaxException e) {
      throw ToolException.invalid("pattern is not a valid RE2 regular expression: " + e.getMessage()
        + " (or pass fixed=true to search for the text literally)");
    }
    List<String> filter = paths(paths);
    try (RevWalk rw = new RevWalk(repository); ObjectReader reader = repository.newObjectReader();
         TreeWalk walk = new TreeWalk(reader)) {
      RevCommit commit = commit(rw, "revision", revision);
      walk.setRecursive(true);
      walk.addTree(commit.getTree());
      if (!filter.isEmpty()) {
        walk.setFilter(PathFilterGroup.createFromStrings(filter));
      }
      JsonArray matches = new JsonArray();
      int files = 0;
      int skipped = 0;
      boolean truncated = false;
      while (walk.next() && !truncated) {
        cancellation.check();
        int type = walk.getRawMode(0) & FileMode.TYPE_MASK;
        if (type != FileMode.TYPE_FILE && type != FileMode.TYPE_SYMLINK) {
          continue;
        }
        ObjectId id = walk.getObjectId(0);
        if (reader.getObjectSize(id, Constants.OBJ_BLOB) > options.maxGrepFileBytes()) {
          skipped++;
          continue;
        }
        files++;
        byte[] data = reader.open(id, Constants.OBJ_BLOB).getCachedBytes(options.maxGrepFileBytes());
        String path = walk.getPathString();
        if (Blobs.looksBinary(data)) {
          if (compiled.matcher(new WatchedText(new String(data, StandardCharsets.ISO_8859_1), cancellation)).find()) {
            matches.add(new JsonObject().put("path", path).put("binary", true));
            truncated = matches.size() >= cap;
          }
          continue;
        }
        truncated = grepText(compiled, path, data, matches, cap, cancellation);
      }
      JsonObject out = new JsonObject().put("repo", name).put("sha", commit.name()).put("matches", matches)
        .put("files_searched", files).put("truncated", truncated);
      if (truncated) {
        out.put("message", "stopped at " + cap + " matches; narrow paths or the pattern, or raise max_matches (at most "
          + options.maxGrepMatches() + ")");
      }
      if (skipped > 0) {
        out.put("files_skipped_too_large", skipped);
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private boolean grepText(Pattern pattern, String path, byte[] data, JsonArray matches, int cap, Cancellation cancellation) {
    int line = 1;
    int start = 0;
    while (start < data.length) {
      int end = start;
      while (end < data.length && data[end] != '\n') {
        end++;
      }
      cancellation.check();
      String text = new String(data, start, end - start, StandardCharsets.UTF_8);
      Matcher matcher = pattern.matcher(new WatchedText(text, cancellation));
      if (matcher.find()) {
        String shown = text.length() > options.maxGrepLineChars() ? text.substring(0, options.maxGrepLineChars()) + "…" : text;
        matches.add(new JsonObject().put("path", path).put("line", line).put("column", matcher.start() + 1)
          .put("text", shown));
        if (matches.size() >= cap) {
          return true;
        }
      }
      line++;
      start = end + 1;
    }
    return false;
  }

  @Override
  public void close() {
    repository.close();
  }
}
