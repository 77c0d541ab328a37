package dev.reviewgate.forge.diff;

import dev.reviewgate.forge.http.Limiter;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Fetches the blobs of a page of changes from the forge, at most {@code maxConcurrent} at a time. A blob over
 * {@code maxBlobBytes} that the forge names by id is kept as its size only (git shows it as binary); a file fetched
 * by path keeps its bytes, since its id is that of its whole content. The first failure is the answer: nothing
 * partial is presented as complete.
 */
final class BlobFetch {

  /** What one fetch gave: the bytes (null when only the size is kept) and the size. */
  record Fetched(byte[] bytes, long size) {
  }

  private BlobFetch() {
  }

  static Future<Map<ChangedFile.BlobRef, Fetched>> all(Collection<ChangedFile.BlobRef> refs,
                                                      Function<ChangedFile.BlobRef, Future<Buffer>> fetch,
                                                      int maxConcurrent, int maxBlobBytes) {
    Map<ChangedFile.BlobRef, Fetched> fetched = new ConcurrentHashMap<>();
    Limiter bound = new Limiter(maxConcurrent);
    List<Future<Void>> loads = new ArrayList<>();
    for (ChangedFile.BlobRef ref : refs) {
      loads.add(bound.run(() -> fetch.apply(ref).map(bytes -> {
        boolean sizeOnly = bytes.length() > maxBlobBytes && ref.id() != null;
        fetched.put(ref, new Fetched(sizeOnly ? null : bytes.getBytes(), bytes.length()));
        return null;
      })));
    }
    return Future.all(loads).transform(done -> {
      if (done.failed()) {
        Throwable first = loads.stream().filter(Future::failed).map(Future::cause).findFirst().orElse(done.cause());
        return Future.failedFuture(first);
      }
      return Future.succeededFuture(fetched);
    });
  }
}
