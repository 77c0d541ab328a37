package dev.reviewgate.review;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;

/**
 * Reviews on disk: one JSON document per review, {@code <dir>/<id>.json}. Blocking; callers run it on worker threads.
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
  private static final String TEMP_MARK = ".tmp-";

  private final Path dir;

  /** Opens (creating if needed) the store directory and removes temporary files a crash left behind. */
  public ReviewStore(Path dir) {
    this.dir = dir.toAbsolutePath().normalize();
    try {
      Files.createDirectories(this.dir);
      try (DirectoryStream<Path> leftovers = Files.newDirectoryStream(this.dir, "*" + TEMP_MARK + "*")) {
        for (Path leftover : leftovers) {
          Files.deleteIfExists(leftover);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the review store at " + this.dir, e);
    }
  }

  public Path dir() {
    return dir;
  }

  /** Writes the review durably; when this returns, the document on disk is this one. */
  public void save(Review review) {
    String id = checkedId(review.id());
    Path target = dir.resolve(id + SUFFIX);
    Path temp = dir.resolve(id + SUFFIX + TEMP_MARK + UUID.randomUUID());
    byte[] bytes = ReviewJson.toJson(review).encodePrettily().getBytes(StandardCharsets.UTF_8);
    try {
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        channel.force(true);
      }
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      forceDirectory();
    } catch (IOException e) {
      try {
        Files.deleteIfExists(temp);
      } catch (IOException ignored) {
        // the next open removes it
      }
      throw new UncheckedIOException("cannot save review " + id + " in " + dir, e);
    }
  }

  public Optional<Review> load(String id) {
    Path file = dir.resolve(checkedId(id) + SUFFIX);
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    return Optional.of(read(file));
  }

  /**
   * Every review in the directory. A document that cannot be read (e.g. edited by hand) is skipped with a warning
   * rather than keeping the others from loading.
   */
  public List<Review> loadAll() {
    List<Review> reviews = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
      for (Path file : files) {
        try {
          reviews.add(read(file));
        } catch (RuntimeException e) {
          LOG.log(Level.WARNING, "skipping unreadable review document " + file + ": " + e.getMessage());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list reviews in " + dir, e);
    }
    reviews.sort((a, b) -> a.createdAt().compareTo(b.createdAt()));
    return reviews;
  }

  private static Review read(Path file) {
    try {
      return ReviewJson.fromJson(new JsonObject(Files.readString(file, StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  private void forceDirectory() throws IOException {
    // Makes the rename itself durable; without it a crash can bring back the old directory entry.
    try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
      channel.force(true);
    }
  }

  private static String checkedId(String id) {
    if (id == null || !ID.matcher(id).matches()) {
      throw new IllegalArgumentException("not a review id: " + id);
    }
    return id;
  }
}
