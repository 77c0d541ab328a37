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
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;

/**
 * A repository's description ({@link RepoInfo}: HEAD's branch and SHA) kept with the identity of every file it was
 * read from: HEAD, the loose ref HEAD names, packed-refs and a reftable's table list. Git and JGit change a ref by
 * writing a lock file and renaming it over the old one, so a changed ref is a file with another inode and time: while
 * all of them are as they were, the kept description is what JGit would read again, and answering it costs a few
 * {@code stat} calls instead of JGit's reading of HEAD and packed-refs (most of a small call's CPU). A description
 * this cannot vouch for (HEAD naming a ref that is itself symbolic) is read every time.
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
  private volatile Kept kept;

  HeadSnapshot(String name, Repository repository) {
    this.name = name;
    this.repository = repository;
    File common = repository.getCommonDirectory() != null ? repository.getCommonDirectory() : repository.getDirectory();
    this.gitDir = repository.getDirectory().toPath();
    this.commonDir = common.toPath();
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

  /** The files {@code target} (HEAD's symbolic target, or null) is read from; null when they cannot vouch for it. */
  private List<Stamp> stampsOf(String target) {
    List<Stamp> stamps = new ArrayList<>(4);
    stamps.add(stamp(gitDir.resolve(Constants.HEAD)));
    if (target != null) {
      Path loose = commonDir.resolve(target);
      if (symbolic(loose)) {
        return null;
      }
      stamps.add(stamp(loose));
    }
    stamps.add(stamp(commonDir.resolve(Constants.PACKED_REFS)));
    stamps.add(stamp(commonDir.resolve("reftable").resolve("tables.list")));
    return stamps;
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
      FileTime modified = attributes.lastModifiedTime();
      return new Stamp(path, Objects.requireNonNullElse(attributes.fileKey(), ""),
        modified.toInstant().getEpochSecond() * 1_000_000_000L + modified.toInstant().getNano(), attributes.size());
    } catch (NoSuchFileException absent) {
      return new Stamp(path, "absent", -1, -1);
    } catch (IOException unreadable) {
      return new Stamp(path, new Object(), -2, -2); // equal to nothing: never vouches
    }
  }
}
