package dev.reviewgate.app;

import dev.reviewgate.core.security.UserSecret;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The dashboards this user's processes serve, so that {@code reviewgate open} finds the right one: one file per
 * process in {@code <state dir>/dashboards/<pid>.json} with its URL, pid, kind ({@code serve} or {@code stdio}) and
 * review storage directory. A process writes its entry once its dashboard listens and removes it on exit; entries of
 * processes that are gone (killed) are ignored and deleted by the next reader.
 */
final class DashboardRegistry {

  private static final Logger LOG = Logger.getLogger(DashboardRegistry.class.getName());
  private static final int MAX_ENTRY_BYTES = 16_384;

  /** One running dashboard. */
  record Entry(String url, long pid, String kind, Path storageDir, long startedAt) {

    JsonObject toJson() {
      return new JsonObject().put("url", url).put("pid", pid).put("kind", kind)
        .put("storageDir", storageDir == null ? null : storageDir.toString()).put("startedAt", startedAt);
    }

    static Entry fromJson(JsonObject json) {
      String dir = json.getString("storageDir");
      return new Entry(json.getString("url"), json.getLong("pid"), json.getString("kind"),
        dir == null ? null : Path.of(dir), json.getLong("startedAt", 0L));
    }

    /** Whether this dashboard's review store holds the review {@code id}. */
    boolean holds(String id) {
      return storageDir != null && Files.isRegularFile(storageDir.resolve(id + ".json"));
    }
  }

  private final Path directory;

  DashboardRegistry(Path stateDirectory) {
    this.directory = stateDirectory.resolve("dashboards");
  }

  /**
   * Records this process's dashboard, removed again when the JVM exits normally. A failure costs only the
   * {@code open} command's help, so it is logged, not thrown.
   */
  void register(String url, String kind, Path storageDir) {
    long pid = ProcessHandle.current().pid();
    Path file = directory.resolve(pid + ".json");
    try {
      UserSecret.ensurePrivateDirectory(directory.getParent());
      UserSecret.ensurePrivateDirectory(directory);
      Path temporary = UserSecret.createPrivateFile(directory);
      Files.writeString(temporary, new Entry(url, pid, kind, storageDir, System.currentTimeMillis()).toJson().encode(),
        StandardCharsets.UTF_8);
      Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          Files.deleteIfExists(file);
        } catch (IOException e) {
          // the next reader removes it: this pid will be gone
        }
      }, "reviewgate-dashboard-registry"));
    } catch (IOException | UncheckedIOException e) {
      LOG.log(Level.WARNING, "could not record the dashboard in " + directory + " ('reviewgate open' will not find it): "
        + e.getMessage());
    }
  }

  /** The dashboards of live processes, newest first; entries of dead processes are deleted. */
  List<Entry> running() {
    List<Entry> entries = new ArrayList<>();
    if (!Files.isDirectory(directory)) {
      return entries;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*.json")) {
      for (Path file : files) {
        read(file).ifPresent(entry -> {
          if (alive(entry)) {
            entries.add(entry);
          } else {
            try {
              Files.deleteIfExists(file);
            } catch (IOException e) {
              // harmless: ignored again next time
            }
          }
        });
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the dashboard registry " + directory, e);
    }
    entries.sort(Comparator.comparingLong(Entry::startedAt).reversed());
    return entries;
  }

  /** The entry's process still runs: its pid is alive and was not reused by a process started after the entry. */
  private static boolean alive(Entry entry) {
    return ProcessHandle.of(entry.pid()).filter(ProcessHandle::isAlive)
      .map(process -> process.info().startInstant().map(start -> start.toEpochMilli() <= entry.startedAt()).orElse(true))
      .orElse(false);
  }

  private static Optional<Entry> read(Path file) {
    try {
      if (Files.size(file) > MAX_ENTRY_BYTES) {
        return Optional.empty();
      }
      return Optional.of(Entry.fromJson(new JsonObject(Files.readString(file, StandardCharsets.UTF_8))));
    } catch (IOException | DecodeException | ClassCastException | NullPointerException e) {
      return Optional.empty();
    }
  }
}
