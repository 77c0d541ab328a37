package dev.reviewgate.git;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jgit.errors.AmbiguousObjectException;
import org.eclipse.jgit.errors.IncorrectObjectTypeException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.errors.RevisionSyntaxException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.revwalk.filter.RevFilter;

/**
 * What every reader of one repository needs (its name, the repository, the options, the input checks, the replace
 * refs and grafts its reads honour) and the lookups they share: a revision to its commit with the errors a caller can
 * act on, merge bases, checked path filters, a shallow clone's boundary. {@link GitReader} hands it to
 * {@link LogReader}, {@link FileReader} and {@link GrepReader}, so none of them points back at {@code GitReader}.
 */
record RepoContext(String name, Repository repository, GitOptions options, Inputs inputs, ReplacedObjects replaced) {

  /** Parent steps at a revision's end ({@code ~2}, {@code ^}, {@code ^2~3}), walked here so replace refs, grafts and a shallow boundary apply. */
  private static final Pattern STEPS = Pattern.compile("(.+?)((?:[~^][0-9]{0,9})+)");

  /** A reader of the object database as git reads it (replace refs and grafts applied); the caller closes it. */
  ObjectReader reader() {
    return replaced.wrap(repository.newObjectReader());
  }

  /** {@code reader} with replace refs and grafts applied; closing the result closes it. */
  ObjectReader wrap(ObjectReader reader) {
    return replaced.wrap(reader);
  }

  /** The commit a revision names (tags peeled); 404 when it does not exist. */
  RevCommit commit(RevWalk walk, String argument, String revision) {
    inputs.revision(argument, revision);
    Matcher steps = ObjectId.isId(revision) ? null : STEPS.matcher(revision);
    if (steps == null || !steps.matches()) {
      return named(walk, argument, revision, revision);
    }
    RevCommit at = named(walk, argument, revision, steps.group(1));
    String path = steps.group(2);
    int i = 0;
    while (i < path.length()) {
      char kind = path.charAt(i++);
      int from = i;
      while (i < path.length() && Character.isDigit(path.charAt(i))) {
        i++;
      }
      int n = from == i ? 1 : Integer.parseInt(path.substring(from, i));
      if (kind == '^') {
        at = n == 0 ? at : parent(walk, argument, revision, at, n);
      } else {
        for (int k = 0; k < n; k++) {
          at = parent(walk, argument, revision, at, 1);
        }
      }
    }
    return at;
  }

  /** The {@code n}th parent of {@code commit}, or why there is none (a shallow boundary has its own answer). */
  private RevCommit parent(RevWalk walk, String argument, String revision, RevCommit commit, int n) {
    try {
      walk.parseHeaders(commit);
      if (commit.getParentCount() >= n) {
        return walk.parseCommit(commit.getParent(n - 1));
      }
    } catch (MissingObjectException e) {
      throw shallow(commit) ? pastBoundary(argument + " '" + revision + "'", commit) : notFound(revision);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (shallow(commit)) {
      throw pastBoundary(argument + " '" + revision + "'", commit);
    }
    int count = commit.getParentCount();
    throw ToolException.notFound(argument + " '" + revision + "': commit " + commit.abbreviate(7).name() + " has "
      + (count == 0 ? "no parent (it is a root commit)" : count == 1 ? "one parent" : count + " parents")
      + " (in repository " + name + ")");
  }

  /** A revision without parent steps: a ref, a SHA or another expression JGit resolves. */
  private RevCommit named(RevWalk walk, String argument, String revision, String base) {
    ObjectId id;
    try {
      // A full SHA needs no ref lookup (reading packed-refs is the slow part of resolve).
      id = ObjectId.isId(base) ? ObjectId.fromString(base) : repository.resolve(base);
    } catch (AmbiguousObjectException e) {
      throw ToolException.invalid(argument + " '" + revision + "' is an ambiguous short SHA (" + e.getCandidates().size()
        + " objects match); give more hex digits");
    } catch (RevisionSyntaxException e) {
      throw ToolException.invalid(argument + " '" + revision + "' is not a valid revision expression");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (id == null) {
      throw unbornOrNotFound(base, revision);
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

  String typeOf(ObjectId id) {
    try (ObjectReader reader = reader()) {
      return Constants.typeString(reader.open(id).getType());
    } catch (IOException e) {
      return "non-commit object";
    }
  }

  ToolException notFound(String revision) {
    Set<ObjectId> boundary = boundary();
    if (!boundary.isEmpty()) {
      return ToolException.notFound("revision not found: " + revision + " (in repository " + name + ", a shallow clone "
        + "whose history ends at " + listed(boundary) + "): a commit older than that was not fetched. " + DEEPEN);
    }
    return ToolException.notFound("revision not found: " + revision + " (in repository " + name
      + "); check the spelling, or list commits with git_log. A SHA that exists elsewhere may not be fetched here.");
  }

  /** What fetches the history a shallow clone lacks, for every message that meets its boundary. */
  static final String DEEPEN = "Deepen the clone where it is: git fetch --deepen=N (N more commits) or git fetch "
    + "--unshallow (all of it); in CI, check out with fetch-depth: 0, or fetch the base branch too "
    + "(git fetch origin BRANCH).";

  /** An answer that needs the parents of {@code boundary}, a commit whose parents a shallow clone did not fetch. */
  ToolException pastBoundary(String what, ObjectId boundary) {
    return new ToolException(Failure.SHALLOW_HISTORY, what + " needs history past commit " + boundary.name()
      + ", where repository " + name + " (a shallow clone) ends: its parents were not fetched. " + DEEPEN);
  }

  /** Whether {@code commit} is a boundary of a shallow clone (listed in its {@code shallow} file). */
  boolean shallow(ObjectId commit) {
    return boundary().contains(commit);
  }

  /** The shallow clone's boundary commits ({@code $GIT_DIR/shallow}); empty for a complete repository. */
  Set<ObjectId> boundary() {
    try {
      return repository.getObjectDatabase().getShallowCommits();
    } catch (IOException e) {
      return Set.of();
    }
  }

  /**
   * Changes whenever what a SHA's answer reads may have: replace refs, grafts, the shallow boundary (a deeper fetch
   * gives a pinned log more commits). Results cached by SHA are kept under it.
   */
  long historyStamp() {
    java.io.File common = repository.getCommonDirectory() != null ? repository.getCommonDirectory() : repository.getDirectory();
    return replaced.stamp() * 31 + new java.io.File(common, "shallow").lastModified();
  }

  private static String listed(Set<ObjectId> commits) {
    List<String> names = new ArrayList<>();
    for (ObjectId commit : commits) {
      if (names.size() == 3) {
        names.add("…");
        break;
      }
      names.add(commit.abbreviate(12).name());
    }
    return (commits.size() == 1 ? "commit " : "commits ") + String.join(", ", names);
  }

  /**
   * Why a revision names nothing: an empty repository or an unborn branch has no commits yet (git: "does not have any
   * commits yet"), which no spelling fixes.
   */
  private ToolException unbornOrNotFound(String base, String revision) {
    try {
      Ref head = repository.exactRef(Constants.HEAD);
      boolean unborn = head != null && head.getObjectId() == null;
      String branch = unborn && head.isSymbolic() ? head.getTarget().getName() : null;
      if (unborn && (base.equals(Constants.HEAD) || base.equals("@")
        || (branch != null && (base.equals(branch) || base.equals(Repository.shortenRefName(branch)))))) {
        return ToolException.notFound("repository " + name + " has no commits yet: HEAD points at "
          + (branch == null ? "nothing" : branch + ", which has none") + ". Commit something first, or name another "
          + "branch (git_repos lists the repositories)");
      }
      if (repository.getRefDatabase().getRefs().isEmpty()) {
        return ToolException.notFound("revision not found: " + revision + ": repository " + name + " has no commits yet");
      }
    } catch (IOException e) {
      // fall through to the plain answer
    }
    return notFound(revision);
  }

  List<RevCommit> mergeBases(RevCommit a, RevCommit b) throws IOException {
    try (ObjectReader reader = reader(); RevWalk walk = new RevWalk(reader)) {
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

  /** Why {@code A...B} has no merge base: in a shallow clone, the history that would hold one may not be fetched. */
  ToolException noMergeBase(String what) {
    Set<ObjectId> boundary = boundary();
    if (!boundary.isEmpty()) {
      return new ToolException(Failure.SHALLOW_HISTORY, what + ": the two sides share no history within what repository "
        + name + " holds, a shallow clone whose history ends at " + listed(boundary) + "; their merge base, if any, "
        + "was not fetched. " + DEEPEN);
    }
    return ToolException.notFound(what + ": the two sides share no history (no merge base); "
      + "use base and head to compare them directly");
  }

  List<String> paths(List<String> paths) {
    if (paths == null) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (String path : paths) {
      out.add(inputs.path("paths", path));
    }
    return out;
  }
}
