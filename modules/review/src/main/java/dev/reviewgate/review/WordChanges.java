package dev.reviewgate.review;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The changed words of changed lines, computed here so that the page shows the server's one model of the diff: each
 * removed line is paired with the added line at the same place in the run of additions that follows it (as the side
 * by side view pairs them), and both get {@code words}: {@code [from, to)} character ranges (UTF-16, as the page
 * indexes text) of the tokens the other line lacks, by a longest common subsequence of words, spaces and punctuation.
 * Lines too long to compare cheaply, or with nothing but white space in common, get no ranges: the whole line is
 * the change.
 */
final class WordChanges {

  /** Token pairs compared at most per line pair; beyond it a word diff says little and costs much. */
  private static final int MAX_CELLS = 250_000;
  private static final Pattern TOKEN = Pattern.compile("[\\p{L}\\p{N}_]+|\\s+|.", Pattern.DOTALL);

  private WordChanges() {
  }

  /** Adds {@code words} to the paired lines of every hunk of {@code file}, in place. */
  static void mark(JsonObject file) {
    for (Object h : file.getJsonArray("hunks", new JsonArray())) {
      JsonArray lines = ((JsonObject) h).getJsonArray("lines");
      int i = 0;
      while (i < lines.size()) {
        int dels = i;
        while (i < lines.size() && "delete".equals(lines.getJsonObject(i).getString("kind"))) {
          i++;
        }
        int adds = i;
        while (i < lines.size() && "add".equals(lines.getJsonObject(i).getString("kind"))) {
          i++;
        }
        for (int k = 0; k < Math.min(adds - dels, i - adds); k++) {
          pair(lines.getJsonObject(dels + k), lines.getJsonObject(adds + k));
        }
        if (i == dels) {
          i++;
        }
      }
    }
  }

  private static void pair(JsonObject removed, JsonObject added) {
    List<int[]> a = tokens(removed.getString("text", ""));
    List<int[]> b = tokens(added.getString("text", ""));
    if ((long) a.size() * b.size() > MAX_CELLS || a.isEmpty() || b.isEmpty()) {
      return;
    }
    String ta = removed.getString("text");
    String tb = added.getString("text");
    int[][] common = new int[a.size() + 1][b.size() + 1];
    for (int x = a.size() - 1; x >= 0; x--) {
      for (int y = b.size() - 1; y >= 0; y--) {
        common[x][y] = same(ta, a.get(x), tb, b.get(y)) ? common[x + 1][y + 1] + 1
          : Math.max(common[x + 1][y], common[x][y + 1]);
      }
    }
    if (common[0][0] == 0 || onlySpacesInCommon(ta, a, tb, b, common)) {
      return;
    }
    JsonArray wordsA = new JsonArray();
    JsonArray wordsB = new JsonArray();
    int x = 0;
    int y = 0;
    while (x < a.size() || y < b.size()) {
      if (x < a.size() && y < b.size() && same(ta, a.get(x), tb, b.get(y))) {
        x++;
        y++;
      } else if (y >= b.size() || (x < a.size() && common[x + 1][y] >= common[x][y + 1])) {
        add(wordsA, ta, a.get(x++));
      } else {
        add(wordsB, tb, b.get(y++));
      }
    }
    removed.put("words", wordsA);
    added.put("words", wordsB);
  }

  /** True when the lines share nothing but white space: marking "everything else" would say nothing. */
  private static boolean onlySpacesInCommon(String ta, List<int[]> a, String tb, List<int[]> b, int[][] common) {
    int x = 0;
    int y = 0;
    while (x < a.size() && y < b.size()) {
      if (same(ta, a.get(x), tb, b.get(y))) {
        if (!ta.substring(a.get(x)[0], a.get(x)[1]).isBlank()) {
          return false;
        }
        x++;
        y++;
      } else if (common[x + 1][y] >= common[x][y + 1]) {
        x++;
      } else {
        y++;
      }
    }
    return true;
  }

  private static boolean same(String ta, int[] a, String tb, int[] b) {
    return a[1] - a[0] == b[1] - b[0] && ta.regionMatches(a[0], tb, b[0], a[1] - a[0]);
  }

  /**
   * Appends a token's range, joined with the previous range when they touch or only one common punctuation mark
   * parts them (so that {@code 3.14} against {@code math.pi} is one change, not two around a shared dot).
   */
  private static void add(JsonArray ranges, String text, int[] token) {
    if (!ranges.isEmpty()) {
      JsonArray last = ranges.getJsonArray(ranges.size() - 1);
      int gap = token[0] - last.getInteger(1);
      if (gap == 0 || gap == 1 && !Character.isLetterOrDigit(text.charAt(token[0] - 1))
          && !Character.isWhitespace(text.charAt(token[0] - 1))) {
        last.set(1, token[1]);
        return;
      }
    }
    ranges.add(new JsonArray().add(token[0]).add(token[1]));
  }

  private static List<int[]> tokens(String text) {
    List<int[]> tokens = new ArrayList<>();
    Matcher m = TOKEN.matcher(text);
    while (m.find()) {
      tokens.add(new int[] {m.start(), m.end()});
    }
    return tokens;
  }
}
