package dev.reviewgate.review;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Drafts awaiting the person's approval, one JSON document each in {@code <review store>/drafts/<id>.json}. Every
 * change is a read-modify-write under the review store's lock and an atomic, durable replacement
 * ({@link StoreFiles}), like a review's: a decision taken by one process is never overwritten by another's. Blocking;
 * callers run it on worker threads.
 */
final class DraftStore {

  private static final Logger LOG = Logger.getLogger(DraftStore.class.getName());
  private static final String SUFFIX = ".json";

  private final Path storeDir;
  private final Path dir;

  DraftStore(Path reviewStoreDir) {
    this.storeDir = reviewStoreDir.toAbsolutePath().normalize();
    this.dir = storeDir.resolve("drafts");
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the drafts of the review store at " + dir, e);
    }
    StoreFiles.removeLeftovers(storeDir, dir);
  }

  void create(DraftApproval draft) {
    StoreFiles.locked(storeDir, () -> {
      write(draft);
      return null;
    });
  }

  /**
   * Applies {@code change} to the draft as stored now, under the lock, and saves what it returns (nothing when it
   * returns its argument); empty when there is no such draft. An exception from {@code change} changes nothing.
   */
  Optional<DraftApproval> update(String id, UnaryOperator<DraftApproval> change) {
    return StoreFiles.locked(storeDir, () -> load(id).map(current -> {
      DraftApproval next = change.apply(current);
      if (next != current) {
        write(next);
      }
      return next;
    }));
  }

  Optional<DraftApproval> load(String id) {
    if (!DraftApproval.isId(id)) {
      return Optional.empty();
    }
    Path file = dir.resolve(id + SUFFIX);
    try {
      return Optional.of(DraftApproval.fromJson(new JsonObject(Files.readString(file, StandardCharsets.UTF_8))));
    } catch (java.nio.file.NoSuchFileException gone) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read draft " + id + " in " + dir, e);
    }
  }

  /** Every draft created after {@code oldest}, newest first; older documents (past their time to live) are deleted. */
  List<DraftApproval> loadSince(Instant oldest) {
    return StoreFiles.locked(storeDir, () -> {
      List<DraftApproval> drafts = new ArrayList<>();
      try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
        for (Path file : files) {
          try {
            DraftApproval draft = DraftApproval.fromJson(new JsonObject(Files.readString(file, StandardCharsets.UTF_8)));
            if (draft.createdAt().isBefore(oldest)) {
              Files.deleteIfExists(file);
            } else {
              drafts.add(draft);
            }
          } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "skipping unreadable draft document " + file + ": " + e.getMessage());
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot list drafts in " + dir, e);
      }
      drafts.sort(Comparator.comparing(DraftApproval::createdAt).reversed());
      return drafts;
    });
  }

  private void write(DraftApproval draft) {
    try {
      StoreFiles.replace(dir.resolve(draft.id() + SUFFIX), draft.toJson().encodePrettily().getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot save draft " + draft.id() + " in " + dir, e);
    }
  }
}
