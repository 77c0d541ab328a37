package dev.reviewgate.review;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;

/**
 * Reviews on disk: one JSON document per review, {@code <dir>/<id>.json}. Blocking; callers run it on worker threads.
 *
 * <p>Any number of processes on one machine may share a store. Every change is a read-modify-write under the
 * store's exclusive lock ({@code <dir>/.lock}: an OS file lock between processes, a JVM lock between threads): the
 * latest document is read, the change applied to it, and the result saved with its {@code version} one higher. No
 * process therefore overwrites another's change, and a reader that sees a higher version knows something changed.
 *
 * <p>A save is atomic and durable before it returns: the document goes to a temporary file in the same directory,
 * which is forced to disk, renamed over the old document, and then the directory itself is forced so the rename
 * survives a crash. A reader therefore sees either the previous document or the new one, never a torn one; temporary
 * files left by a crash are removed when the store opens.
 */
public final class ReviewStore {

  private static final Logger LOG = Logger.getLogger(ReviewStore.class.getName());
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,63}");
  private static final String SUFFIX = ".json";
  private static final String VERSION = "version";

  /** A review as stored, with the version of its document (every save increments it). */
  public record Stored(Review review, long version) {
  }

  /** When a document last changed on disk, for cheap change detection ({@link #stamps()}). */
  public record Stamp(long modifiedNanos, long size) {
  }

  private final Path dir;

  /** Opens (creating if needed) the store directory and removes temporary files a crash left behind. */
  public ReviewStore(Path dir) {
    this.dir = dir.toAbsolutePath().normalize();
    try {
      Files.createDirectories(this.dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the review store at " + this.dir, e);
    }
    StoreFiles.removeLeftovers(this.dir, this.dir);
  }

  public Path dir() {
    return dir;
  }

  /** Writes the review durably (replacing whatever is stored); when this returns, the document on disk is this one. */
  public Stored save(Review review) {
    return update(review.id(), stored -> review);
  }

  /**
   * Applies {@code change} to the latest stored document of review {@code id} (null when there is none) under the
   * store's lock and saves the result durably with the next version; a change that returns its argument unchanged
   * saves nothing. An exception from {@code change} leaves the document as it was.
   */
  public Stored update(String id, UnaryOperator<Review> change) {
    String checked = checkedId(id);
    return locked(() -> {
      Optional<Stored> current = loadStored(checked);
      Review before = current.map(Stored::review).orElse(null);
      long version = current.map(Stored::version).orElse(0L);
      Review after = change.apply(before);
      if (after == before) {
        return current.orElse(null);
      }
      if (!after.id().equals(checked)) {
        throw new IllegalArgumentException("a change of review " + checked + " returned review " + after.id());
      }
      write(checked, after, version + 1);
      return new Stored(after, version + 1);
    });
  }

  private void write(String id, Review review, long version) {
    byte[] bytes = ReviewJson.toJson(review).put(VERSION, version).encodePrettily().getBytes(StandardCharsets.UTF_8);
    try {
      StoreFiles.replace(dir.resolve(id + SUFFIX), bytes);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot save review " + id + " in " + dir, e);
    }
  }

  private <T> T locked(Supplier<T> work) {
    return StoreFiles.locked(dir, work);
  }

  /** The review with its document's version, as stored now. */
  public Optional<Stored> loadStored(String id) {
    Path file = dir.resolve(checkedId(id) + SUFFIX);
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    return Optional.of(readStored(file));
  }

  /** Every document's last change (by id), to notice what another process wrote without reading every document. */
  public Map<String, Stamp> stamps() {
    Map<String, Stamp> stamps = new HashMap<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
      for (Path file : files) {
        String name = file.getFileName().toString();
        try {
          BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
          stamps.put(name.substring(0, name.length() - SUFFIX.length()),
            new Stamp(attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS), attributes.size()));
        } catch (NoSuchFileException gone) {
          // replaced between listing and reading: the next look sees the new one
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list reviews in " + dir, e);
    }
    return stamps;
  }

  public Optional<Review> load(String id) {
    return loadStored(id).map(Stored::review);
  }

  /**
   * Every review in the directory. A document that cannot be read (e.g. edited by hand) is skipped with a warning
   * rather than keeping the others from loading.
   */
  public List<Review> loadAll() {
    return loadAllStored().stream().map(Stored::review).toList();
  }

  /** {@link #loadAll()} with each document's version. */
  public List<Stored> loadAllStored() {
    List<Stored> reviews = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
      for (Path file : files) {
        try {
          reviews.add(readStored(file));
        } catch (RuntimeException e) {
          LOG.log(Level.WARNING, "skipping unreadable review document " + file + ": " + e.getMessage());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list reviews in " + dir, e);
    }
    reviews.sort((a, b) -> a.review().createdAt().compareTo(b.review().createdAt()));
    return reviews;
  }

  private static Stored readStored(Path file) {
    try {
      JsonObject json = new JsonObject(Files.readString(file, StandardCharsets.UTF_8));
      long version = json.getLong(VERSION, 0L);
      return new Stored(ReviewJson.fromJson(json), version);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /** Whether {@code id} can name a review document (letters, digits, '_' and '-'; no path). */
  public static boolean isId(String id) {
    return id != null && ID.matcher(id).matches();
  }

  private static String checkedId(String id) {
    if (id == null || !ID.matcher(id).matches()) {
      throw new IllegalArgumentException("not a review id: " + id);
    }
    return id;
  }
}
