package dev.reviewgate.git;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.xdiff.Blobs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * git_show_file for one repository: a file's lines at a revision, and what is there instead when the path is not.
 */
final class FileReader {

  private final RepoContext git;
  private final String name;
  private final Repository repository;
  private final GitOptions options;
  private final Inputs inputs;

  FileReader(RepoContext git) {
    this.git = git;
    this.name = git.name();
    this.repository = git.repository();
    this.options = git.options();
    this.inputs = git.inputs();
  }

  FileContent showFile(String revision, String path, Integer startLine, Integer endLine) {
    String file = inputs.path("path", path);
    int first = startLine == null ? 1 : startLine;
    if (first < 1 || (endLine != null && endLine < first)) {
      throw ToolException.invalid("line range " + first + ".." + endLine + " is empty; start_line ≥ 1 and end_line ≥ start_line");
    }
    try (ObjectReader reader = git.reader(); RevWalk walk = new RevWalk(reader)) {
      RevCommit commit = git.commit(walk, "revision", revision);
      TreeWalk entry = dev.reviewgate.xdiff.PathFilters.forPath(reader, file, commit.getTree());
      if (entry == null) {
        throw pathNotFound(reader, commit, file);
      }
      int mode = entry.getRawMode(0);
      ObjectId id = entry.getObjectId(0);
      FileContent.Entry at = new FileContent.Entry(name, commit.name(), file, id.name(), mode);
      if ((mode & FileMode.TYPE_MASK) == FileMode.TYPE_TREE) {
        throw ToolException.invalid(dev.reviewgate.xdiff.PathBytes.quotedIfNotUtf8(file) + " is a directory in " + commit.abbreviate(7).name() + "; give a file path. It contains: "
          + listing(reader, id));
      }
      if ((mode & FileMode.TYPE_MASK) == FileMode.TYPE_GITLINK) {
        return new FileContent.Submodule(at);
      }
      long size = reader.getObjectSize(id, Constants.OBJ_BLOB);
      boolean symlink = (mode & FileMode.TYPE_MASK) == FileMode.TYPE_SYMLINK;
      if (size > options.maxBlobBytes()) {
        throw ToolException.tooLarge(file + " is " + size + " bytes, over git.maxBlobBytes (" + options.maxBlobBytes()
          + "); use git_grep to find the lines you need");
      }
      byte[] data = reader.open(id, Constants.OBJ_BLOB).getCachedBytes(options.maxBlobBytes());
      if (Blobs.looksBinary(data)) {
        return new FileContent.Binary(at, size, symlink, file + " is binary (" + size + " bytes); its content is not shown");
      }
      return lines(at, size, symlink, data, first, endLine);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private FileContent.Text lines(FileContent.Entry at, long size, boolean symlink, byte[] data, int first, Integer last) {
    int total = dev.reviewgate.xdiff.Blobs.lineCount(data);
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
    String message = !cut ? null : "output cut at git.maxShowFileBytes (" + options.maxShowFileBytes() + " bytes) after "
      + "line " + shownLast + " of " + total + "; call again with start_line=" + (shownLast + 1) + " for the rest";
    return new FileContent.Text(at, size, symlink, total, first, shownLast,
      new String(data, from, pos - from, StandardCharsets.UTF_8), cut ? shownLast + 1 : null, message);
  }

  private ToolException pathNotFound(ObjectReader reader, RevCommit commit, String file) throws IOException {
    String base = file.substring(file.lastIndexOf('/') + 1);
    String shown = dev.reviewgate.xdiff.PathBytes.quotedIfNotUtf8(file);
    List<String> similar = new ArrayList<>();
    try (TreeWalk walk = new TreeWalk(reader)) {
      walk.setRecursive(true);
      walk.addTree(commit.getTree());
      while (walk.next() && similar.size() < 5) {
        String path = dev.reviewgate.xdiff.PathBytes.decode(walk.getRawPath());
        if (path.substring(path.lastIndexOf('/') + 1).equals(base)) {
          similar.add(dev.reviewgate.xdiff.PathBytes.quotedIfNotUtf8(path));
        }
      }
    }
    return ToolException.notFound("path not in commit " + commit.abbreviate(7).name() + ": " + shown
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
}
