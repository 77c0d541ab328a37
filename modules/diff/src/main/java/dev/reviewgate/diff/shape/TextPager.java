package dev.reviewgate.diff.shape;

import dev.reviewgate.core.json.JsonSize;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.render.ByteSink;
import dev.reviewgate.diff.render.UnifiedRenderer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One page of a diff's text: the bytes from an offset that fit a room of JSON bytes, ended at a file's end where the
 * page is at least half full, else at a hunk's start, else at a line's end (a single line longer than the room, at a
 * character's). Pages are slices of one text, so the pages from offset 0, each from the previous one's {@code next},
 * joined are that text byte for byte.
 */
public final class TextPager {

  private static final byte[] HUNK = "@@ ".getBytes(StandardCharsets.US_ASCII);

  /**
   * @param text      the page's bytes
   * @param from      their offset in the whole text
   * @param next      the offset of the next page, -1 when this one reaches the end
   * @param total     the whole text's length in bytes
   * @param firstPath the path of the file the page begins in (null for an empty text)
   * @param inside    whether the page begins inside that file's diff (its header is on an earlier page)
   */
  public record Page(byte[] text, long from, long next, long total, String firstPath, boolean inside) {

    public boolean whole() {
      return from == 0 && next < 0;
    }
  }

  private TextPager() {
  }

  /** The page of the files' unified text (as {@link UnifiedRenderer#writeFile} writes them) from byte {@code from}. */
  public static Page of(List<FileDiff> files, long from, long room) {
    long total = 0;
    for (FileDiff f : files) {
      total += UnifiedRenderer.fileBytes(f);
    }
    ByteSink out = new ByteSink((int) Math.min(Math.max(room, 16), 1 << 24));
    long used = 0;
    long start = 0;
    String firstPath = null;
    boolean inside = false;
    for (FileDiff f : files) {
      long size = UnifiedRenderer.fileBytes(f);
      long fileStart = start;
      start += size;
      if (start <= from) {
        continue;
      }
      ByteSink one = new ByteSink((int) Math.min(size, Integer.MAX_VALUE - 8));
      UnifiedRenderer.writeFile(f, one);
      byte[] bytes = one.toByteArray();
      int off = (int) Math.max(0, from - fileStart);
      if (firstPath == null) {
        firstPath = f.path();
        inside = off > 0;
      }
      long cost = JsonSize.ofText(bytes, off, bytes.length);
      if (used + cost <= room) {
        out.write(bytes, off, bytes.length);
        used += cost;
        continue;
      }
      if (out.size() > 0 && used >= room / 2) {
        return new Page(out.toByteArray(), from, fileStart, total, firstPath, inside);
      }
      int cut = cut(bytes, off, room - used, out.size() == 0);
      if (cut == off) {
        return new Page(out.toByteArray(), from, fileStart, total, firstPath, inside);
      }
      out.write(bytes, off, cut);
      return new Page(out.toByteArray(), from, fileStart + cut, total, firstPath, inside);
    }
    return new Page(out.toByteArray(), from, -1, total, firstPath, inside);
  }

  /** The page of a plain text (e.g. the side-by-side form) from byte {@code from}. */
  public static Page of(byte[] text, long from, long room) {
    int off = (int) Math.min(from, text.length);
    if (JsonSize.ofText(text, off, text.length) <= room) {
      byte[] rest = java.util.Arrays.copyOfRange(text, off, text.length);
      return new Page(rest, from, -1, text.length, null, false);
    }
    int cut = cut(text, off, room, true);
    return new Page(java.util.Arrays.copyOfRange(text, off, cut), from, cut, text.length, null, false);
  }

  /**
   * Where a page that starts at {@code off} of {@code bytes} and has {@code room} left ends: at the last hunk start
   * that keeps at least half of what fits, else the last line end that fits; with {@code mustMove} and not one line
   * fitting, after as many whole characters as fit (at least one).
   */
  static int cut(byte[] bytes, int off, long room, boolean mustMove) {
    long used = 0;
    int lastLine = off;
    int lastHunk = off;
    int i = off;
    while (i < bytes.length) {
      if (i > off && startsWith(bytes, i, HUNK)) {
        lastHunk = i;
      }
      int end = i;
      long cost = 0;
      while (end < bytes.length && bytes[end] != '\n') {
        cost += JsonSize.cost(bytes[end]);
        end++;
      }
      if (end < bytes.length) {
        cost += 2;
        end++;
      }
      if (used + cost > room) {
        break;
      }
      used += cost;
      lastLine = end;
      i = end;
    }
    if (lastHunk > off && lastHunk - off >= (lastLine - off) / 2) {
      return lastHunk;
    }
    if (lastLine > off || !mustMove) {
      return lastLine;
    }
    int at = off;
    long spent = 0;
    while (at < bytes.length && (spent + JsonSize.cost(bytes[at]) <= room || at == off)) {
      spent += JsonSize.cost(bytes[at]);
      at++;
    }
    while (at < bytes.length && at > off + 1 && (bytes[at] & 0xC0) == 0x80) {
      at--; // not inside a character
    }
    while (at < bytes.length && (bytes[at] & 0xC0) == 0x80) {
      at++; // the first character whole
    }
    return at;
  }

  private static boolean startsWith(byte[] bytes, int at, byte[] prefix) {
    if (at + prefix.length > bytes.length) {
      return false;
    }
    for (int k = 0; k < prefix.length; k++) {
      if (bytes[at + k] != prefix[k]) {
        return false;
      }
    }
    return true;
  }
}
