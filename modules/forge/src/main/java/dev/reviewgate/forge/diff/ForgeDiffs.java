package dev.reviewgate.forge.diff;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.forge.LocalClone;
import dev.reviewgate.forge.http.ForgeBlobOptions;
import dev.reviewgate.forge.http.ForgeHttpOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;

/**
 * The one pipeline from a forge's change list to the diff model: git's diff of {@code base..head} from this server's
 * clone when it serves the repository and has both commits (byte-identical to {@code git diff}, nothing fetched),
 * else each change written from its two blobs fetched from the forge ({@link BlobPatches}). Each forge maps its
 * changes onto {@link ChangedFile} and says how a blob is fetched; the model is never parsed back from text.
 */
public final class ForgeDiffs {

  /** How much the forge may be asked at once and how long the local clone may take. */
  public record Limits(int maxConcurrentBlobs, int maxBlobBytes, long timeoutMs) {

    /** A forge's blob settings, and its request timeout for the local clone. */
    public static Limits of(ForgeHttpOptions http, ForgeBlobOptions blobs) {
      return new Limits(blobs.maxConcurrentBlobs(), blobs.maxBlobBytes(), http.timeoutMs());
    }
  }

  /** What to diff: the clone's name on this server, the two commits and the context lines. */
  public record Range(String localRepo, String base, String head, int contextLines) {
  }

  /**
   * The diffs of a page of changes (a change without one is left out), where they were read ({@code local}: this
   * server's clone, or {@code blobs}) and what could not be shown.
   */
  public record Written<C>(Map<C, ChangeDiff> byChange, String source, List<String> warnings) {
  }

  private final Vertx vertx;
  private final Limits limits;

  public ForgeDiffs(Vertx vertx, Limits limits) {
    this.vertx = vertx;
    this.limits = limits;
  }

  /**
   * @param file  the change in forge-neutral words
   * @param fetch one blob from the forge
   */
  public <C> Future<Written<C>> write(List<C> page, Function<C, ChangedFile> file, Range range,
                                      Function<ChangedFile.BlobRef, Future<Buffer>> fetch) {
    return write(page, change -> file.apply(change).path(), () -> Future.succeededFuture(file), range, fetch);
  }

  /**
   * As {@link #write(List, Function, Range, Function)}, for a forge that must ask before it can say what a change is
   * in blobs (Gitea's file modes): {@code files} is asked only when the local clone cannot answer.
   *
   * @param path  the path people name a change by (the local diff's file of it)
   * @param files the changes in forge-neutral words, once the forge has been asked
   */
  public <C> Future<Written<C>> write(List<C> page, Function<C, String> path, Supplier<Future<Function<C, ChangedFile>>> files,
                                      Range range, Function<ChangedFile.BlobRef, Future<Buffer>> fetch) {
    return local(page, path, range).map(byChange -> new Written<>(byChange, "local", List.<String>of()))
      .recover(unavailable -> files.get().compose(file -> fromBlobs(page, file, range.contextLines(), fetch)));
  }

  private <C> Future<Map<C, ChangeDiff>> local(List<C> page, Function<C, String> pathOf, Range range) {
    return LocalClone.filesByPath(vertx, range.localRepo(), range.base(), range.head(), range.contextLines(),
      limits.timeoutMs()).map(byPath -> {
        Map<C, ChangeDiff> out = new LinkedHashMap<>();
        for (C change : page) {
          String path = pathOf.apply(change);
          FileDiff found = byPath.get(path);
          if (found == null) {
            throw ToolException.notFound("the local diff has no " + path);
          }
          out.put(change, ChangeDiff.of(found));
        }
        return out;
      });
  }

  private <C> Future<Written<C>> fromBlobs(List<C> page, Function<C, ChangedFile> file, int contextLines,
                                           Function<ChangedFile.BlobRef, Future<Buffer>> fetch) {
    Map<C, ChangedFile> writable = new LinkedHashMap<>();
    List<String> warnings = new ArrayList<>();
    Set<ChangedFile.BlobRef> refs = new LinkedHashSet<>();
    for (C change : page) {
      ChangedFile changed = file.apply(change);
      if (!changed.hasBlobs()) {
        continue; // the forge sent nothing to fetch it by: the forge's answer says so
      }
      if (changed.submodule()) {
        if (!changed.namedByIds()) {
          warnings.add(changed.path() + " is a submodule; the forge's file endpoints cannot give its commits, so it has no "
            + "diff here");
          continue;
        }
      } else {
        for (ChangedFile.BlobRef ref : new ChangedFile.BlobRef[] {changed.oldBlob(), changed.newBlob()}) {
          if (ref != null) {
            refs.add(ref);
          }
        }
      }
      writable.put(change, changed);
    }
    return BlobFetch.all(refs, fetch, limits.maxConcurrentBlobs(), limits.maxBlobBytes())
      .compose(fetched -> vertx.executeBlocking(() -> {
        // A file fetched by path is named by its content's id, as git names a blob.
        Map<ChangedFile.BlobRef, ObjectId> ids = new HashMap<>();
        Map<ObjectId, byte[]> contents = new HashMap<>();
        Map<ObjectId, Long> sizes = new HashMap<>();
        fetched.forEach((ref, blob) -> {
          ObjectId id = ref.id() != null ? ref.id() : new ObjectInserter.Formatter().idFor(Constants.OBJ_BLOB, blob.bytes());
          ids.put(ref, id);
          if (blob.bytes() != null && blob.size() <= limits.maxBlobBytes()) {
            contents.put(id, blob.bytes());
          } else {
            sizes.put(id, blob.size());
          }
        });
        BlobPatches patches = new BlobPatches(contents, sizes, limits.maxBlobBytes(), contextLines);
        Map<C, ChangeDiff> out = new LinkedHashMap<>();
        writable.forEach((change, changed) -> out.put(change, patches.write(changed, ids)));
        return new Written<>(out, "blobs", warnings);
      }, false));
  }
}
