package dev.reviewgate.git;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.xdiff.Blobs;
import dev.reviewgate.xdiff.PathBytes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * git_grep for one repository: matches of a pattern in the files of a revision, within the deadline of the call.
 */
final class GrepReader {

  private final RepoContext git;
  private final String name;
  private final Repository repository;
  private final GitOptions options;

  GrepReader(RepoContext git) {
    this.git = git;
    this.name = git.name();
    this.repository = git.repository();
    this.options = git.options();
  }

  GrepResult grep(String revision, String pattern, boolean fixed, boolean ignoreCase, List<String> paths,
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
    List<String> filter = git.paths(paths);
    try (ObjectReader reader = git.reader(); RevWalk rw = new RevWalk(reader);
         TreeWalk walk = new TreeWalk(reader)) {
      RevCommit commit = git.commit(rw, "revision", revision);
      walk.setRecursive(true);
      walk.addTree(commit.getTree());
      if (!filter.isEmpty()) {
        walk.setFilter(dev.reviewgate.xdiff.PathFilters.of(filter));
      }
      List<GrepResult.Match> matches = new ArrayList<>();
      int files = 0;
      int skipped = 0;
      List<String> skippedNames = new ArrayList<>();
      boolean truncated = false;
      while (walk.next() && !truncated) {
        cancellation.check();
        int type = walk.getRawMode(0) & FileMode.TYPE_MASK;
        if (type != FileMode.TYPE_FILE && type != FileMode.TYPE_SYMLINK) {
          continue;
        }
        ObjectId id = walk.getObjectId(0);
        String path = PathBytes.decode(walk.getRawPath());
        if (reader.getObjectSize(id, Constants.OBJ_BLOB) > options.maxGrepFileBytes()) {
          if (skipped++ < options.maxGrepMatches()) {
            skippedNames.add(path);
          }
          continue;
        }
        files++;
        byte[] data = reader.open(id, Constants.OBJ_BLOB).getCachedBytes(options.maxGrepFileBytes());
        if (Blobs.looksBinary(data)) {
          if (compiled.matcher(new WatchedText(new String(data, StandardCharsets.ISO_8859_1), cancellation)).find()) {
            matches.add(GrepResult.Match.inBinary(path));
            truncated = matches.size() >= cap;
          }
          continue;
        }
        truncated = grepText(compiled, path, data, matches, cap, cancellation);
      }
      String message = !truncated ? null : "stopped at " + cap + " matches; narrow paths or the pattern, or raise "
        + "max_matches (at most " + options.maxGrepMatches() + ")";
      return new GrepResult(name, commit.name(), matches, files, truncated, message, skipped, skippedNames);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private boolean grepText(Pattern pattern, String path, byte[] data, List<GrepResult.Match> matches, int cap,
                           Cancellation cancellation) {
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
        matches.add(GrepResult.Match.inLine(path, line, matcher.start() + 1, shown));
        if (matches.size() >= cap) {
          return true;
        }
      }
      line++;
      start = end + 1;
    }
    return false;
  }
}
