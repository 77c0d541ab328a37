package dev.reviewgate.git;

import dev.reviewgate.core.ToolException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.errors.AmbiguousObjectException;
import org.eclipse.jgit.errors.IncorrectObjectTypeException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.errors.RevisionSyntaxException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.revwalk.filter.RevFilter;

/**
 * What every reader of one repository needs (its name, the repository, the options, the input checks) and the
 * lookups they share: a revision to its commit with the errors a caller can act on, merge bases, checked path
 * filters. {@link GitReader} hands it to {@link LogReader}, {@link FileReader} and {@link GrepReader}, so none of
 * them points back at {@code GitReader}.
 */
record RepoContext(String name, Repository repository, GitOptions options, Inputs inputs) {

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

  String typeOf(ObjectId id) {
    try (ObjectReader reader = repository.newObjectReader()) {
      return Constants.typeString(reader.open(id).getType());
    } catch (IOException e) {
      return "non-commit object";
    }
  }

  ToolException notFound(String revision) {
    return ToolException.notFound("revision not found: " + revision + " (in repository " + name
      + "); check the spelling, or list commits with git_log. A SHA that exists elsewhere may not be fetched here.");
  }

  List<RevCommit> mergeBases(RevCommit a, RevCommit b) throws IOException {
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
