package dev.reviewgate.git;

import dev.reviewgate.core.ToolException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.filter.AndTreeFilter;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * git_log for one repository: commits of a range, newest first, paged by a cursor that stays valid while the range does.
 */
final class LogReader {

  private final RepoContext git;
  private final String name;
  private final Repository repository;
  private final GitOptions options;
  private final Inputs inputs;

  LogReader(RepoContext git) {
    this.git = git;
    this.name = git.name();
    this.repository = git.repository();
    this.options = git.options();
    this.inputs = git.inputs();
  }

  LogPage log(String range, List<String> paths, Integer limit, String cursor, Cancellation cancellation) {
    int max = limit == null ? options.defaultLogLimit() : limit;
    if (max < 1 || max > options.maxLogLimit()) {
      throw ToolException.invalid("limit must be 1.." + options.maxLogLimit());
    }
    List<String> filter = git.paths(paths);
    Inputs.Range parsed = inputs.range("range", range == null ? "HEAD" : range);
    try (ObjectReader reader = git.reader(); RevWalk walk = new RevWalk(reader)) {
      RevCommit to = git.commit(walk, "range", parsed.to());
      RevCommit from = parsed.from() == null ? null : git.commit(walk, "range", parsed.from());
      String fingerprint = fingerprint(to, from, parsed.symmetric());
      int offset = offset(cursor, fingerprint);
      List<RevCommit> bases = new ArrayList<>();
      if (from != null && parsed.symmetric()) {
        bases.addAll(git.mergeBases(from, to));
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
        walk.setTreeFilter(AndTreeFilter.create(dev.reviewgate.xdiff.PathFilters.of(filter), TreeFilter.ANY_DIFF));
      }
      // Limited to paths, the walk rewrites a commit's parents to the nearest ones that touch them (git log --parents
      // -- PATH); the log lists the commit's own parents, read by a walk of its own.
      RevWalk own = filter.isEmpty() ? null : new RevWalk(reader);
      java.util.Set<org.eclipse.jgit.lib.ObjectId> boundary = git.boundary();
      List<LogCommit> commits = new ArrayList<>();
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
        commits.add(logCommit(commit, own == null ? commit : own.parseCommit(commit), boundary.contains(commit)));
      }
      return new LogPage(name, range == null ? "HEAD" : range, commits, more ? (offset + max) + "." + fingerprint : null,
        offset, fingerprint);
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

  /** {@code unrewritten}: the same commit, parsed by a walk that rewrote none of its parents. */
  private static LogCommit logCommit(RevCommit commit, RevCommit unrewritten, boolean shallowBoundary) {
    String message = commit.getFullMessage();
    int blank = message.indexOf("\n\n");
    String body = blank < 0 ? "" : message.substring(blank + 2).strip();
    List<String> parents = new ArrayList<>();
    for (RevCommit parent : unrewritten.getParents()) {
      parents.add(parent.name());
    }
    return new LogCommit(commit.name(), commit.getShortMessage(), body, person(commit.getAuthorIdent()),
      person(commit.getCommitterIdent()), parents, shallowBoundary);
  }

  private static LogCommit.Person person(PersonIdent ident) {
    return new LogCommit.Person(ident.getName(), ident.getEmailAddress(),
      OffsetDateTime.ofInstant(ident.getWhenAsInstant(), ident.getZoneId()));
  }
}
