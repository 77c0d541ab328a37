package dev.reviewgate.diff.shape;

import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;
import dev.reviewgate.diff.model.LineKind;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Finds review markers in added lines only (a marker that was deleted or merely kept is not news): 💡, ❓,
 * {@code TODO:} and {@code FIXME:}. Each hit is {@code {path, line, marker, text}} with the new line number.
 */
public final class MarkerScanner {

  static final String[] MARKERS = {"💡", "❓", "TODO:", "FIXME:"};
  private static final byte[][] NEEDLES = new byte[MARKERS.length][];

  static {
    for (int i = 0; i < MARKERS.length; i++) {
      NEEDLES[i] = MARKERS[i].getBytes(StandardCharsets.UTF_8);
    }
  }

  private MarkerScanner() {
  }

  /** @return the hits, at most {@code max}; {@code truncated[0]} is set when more were found */
  public static JsonArray scan(List<FileDiff> files, int max, int maxChars, boolean[] truncated) {
    JsonArray hits = new JsonArray();
    for (FileDiff f : files) {
      for (Hunk h : f.hunks()) {
        h.forEachLine((kind, oldNo, newNo, src, s, e) -> {
          if (kind != LineKind.ADDED) {
            return;
          }
          for (int m = 0; m < NEEDLES.length; m++) {
            if (indexOf(src, s + 1, e, NEEDLES[m]) >= 0) {
              if (hits.size() >= max) {
                truncated[0] = true;
                return;
              }
              String text = new String(src, s + 1, e - s - 1, StandardCharsets.UTF_8).strip();
              hits.add(new JsonObject().put("path", dev.reviewgate.xdiff.PathBytes.display(f.path())).put("line", newNo).put("marker", MARKERS[m])
                .put("text", text.length() > maxChars ? text.substring(0, maxChars) + "…" : text));
            }
          }
        });
      }
    }
    return hits;
  }

  private static int indexOf(byte[] a, int from, int to, byte[] needle) {
    byte first = needle[0];
    for (int i = from; i <= to - needle.length; i++) {
      if (a[i] != first) {
        continue;
      }
      int k = 1;
      while (k < needle.length && a[i + k] == needle[k]) {
        k++;
      }
      if (k == needle.length) {
        return i;
      }
    }
    return -1;
  }
}
