package dev.reviewgate.git;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;

/**
 * A repository's description ({@link RepoInfo}: HEAD's branch and SHA) kept with the identity of every file it was
 * read from: HEAD, the loose ref HEAD names (or packed-refs, when it has none) and a reftable's table list. Git and
 * JGit change a ref by writing a lock file and renaming it over the old one, so a changed ref is a file with another
 * inode and time: while all of them are as they were, the kept description is what JGit would read again, and
 * answering it costs a few {@code stat} calls instead of JGit's reading of HEAD and packed-refs (most of a small
 * call's CPU). A description this cannot vouch for (HEAD naming a ref that is itself symbolic) is read every time.
 */
final class HeadSnapshot {

  private record Stamp(Path path, Object key, long modifiedNanos, long size) {
  }

  private record Read(RepoInfo info, String target) {
  }

  private record Kept(RepoInfo info, List<Stamp> stamps) {
  }

  private final String name;
  private final Repository repository;
  private final Path gitDir;
  private final Path commonDir;
  /** A reftable repository keeps its refs in tables named by {@code reftable/tables.list}. */
  private final boolean reftable;
  private volatile Kept kept;

  HeadSnapshot(String name, Repository repository) {
    this.name = name;
    this.repository = repository;
    File common = repository.getCommonDirectory() != null ? repository.getCommonDirectory() : repository.getDirectory();
    this.gitDir = repository.getDirectory().toPath();
    this.commonDir = common.toPath();
    this.reftable = "reftable".equalsIgnoreCase(repository.getConfig().getString("extensions", null, "refStorage"));
  }

  /** The kept description if no file behind it changed, else empty: then {@link #describe} reads it. */
  Optional<RepoInfo> current() {
    Kept now = kept;
    if (now == null) {
      return Optional.empty();
    }
    for (Stamp stamp : now.stamps()) {
      if (!stamp.equals(stamp(stamp.path()))) {
        return Optional.empty();
      }
    }
    return Optional.of(now.info());
  }

  /** The description, kept or read with JGit (on a thread that may block on the file system). */
  RepoInfo describe() {
    Optional<RepoInfo> known = current();
    if (known.isPresent()) {
      return known.get();
    }
    // Read, look at the files, read again: a ref written in between shows as two answers or two looks that differ,
    // and then nothing is kept, so a kept answer is never older than its files.
    Read first = read();
    List<Stamp> stamps = stampsOf(first.target());
    Read second = read();
    kept = first.equals(second) && stamps != null && stamps.equals(stampsOf(second.target()))
      ? new Kept(first.info(), stamps) : null;
    return second.info();
  }

  private Read read() {
    try {
      Ref head = repository.exactRef(Constants.HEAD);
      String target = head != null && head.isSymbolic() ? head.getTarget().getName() : null;
      String branch = target == null ? null : Repository.shortenRefName(target);
      ObjectId id = head == null ? null : head.getObjectId();
      return new Read(new RepoInfo(name, branch, id == null ? null : id.name(), repository.isBare()), target);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The files {@code target} (HEAD's symbolic target, or null) is read from; null when they cannot vouch for it. A file
   * that is absent is stood for by the nearest folder that exists: a file created there (git renames its lock file
   * into place) changes that folder's time, and looking at an existing path costs no exception.
   */
  private List<Stamp> stampsOf(String target) {
    List<Stamp> stamps = new ArrayList<>(4);
    stamps.add(stampOrFolder(gitDir.resolve(Constants.HEAD)));
    boolean loose = false;
    if (target != null) {
      Path file = commonDir.resolve(target);
      if (symbolic(file)) {
        return null;
      }
      loose = file.toFile().exists();
      stamps.add(stampOrFolder(file));
    }
    // packed-refs matters only to a branch that has no loose file (which would win over it); a detached HEAD holds
    // its SHA itself.
    if (target != null && !loose) {
      stamps.add(stampOrFolder(commonDir.resolve(Constants.PACKED_REFS)));
    }
    if (reftable) {
      stamps.add(stampOrFolder(commonDir.resolve("reftable").resolve("tables.list")));
    }
    return stamps;
  }

  private static Stamp stampOrFolder(Path path) {
    Path existing = path;
    while (existing != null && !existing.toFile().exists()) {
      existing = existing.getParent();
    }
    return stamp(existing == null ? path : existing);
  }

  private static boolean symbolic(Path looseRef) {
    try {
      byte[] start = Files.readAllBytes(looseRef);
      return new String(start, 0, Math.min(start.length, 5), StandardCharsets.US_ASCII).equals("ref: ");
    } catch (NoSuchFileException absent) {
      return false;
    } catch (IOException unreadable) {
      return true;
    }
  }

  private static Stamp stamp(Path path) {
    try {
      BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      return new Stamp(path, Objects.requireNonNullElse(attributes.fileKey(), ""),
        attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS), attributes.size());
    } catch (IOException goneOrUnreadable) {
      return new Stamp(path, new Object(), -1, -1); // equal to nothing: never vouches
    }
  }
}
