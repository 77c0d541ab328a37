package dev.reviewgate.core.catalog;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The names closest to a mistyped one, for a "did you mean" in the error that refuses it: by edit distance (a swap
 * of two neighbours counts once), near enough to be the same name mistyped, or names that contain the one given
 * (a tool asked for as {@code diff} finds {@code git_diff}).
 */
public final class NearestNames {

  /** How many names a suggestion offers at most. */
  public static final int MOST = 3;
  /** Longer than any name MCP allows (128 characters): not a mistyped name, and not worth a quadratic comparison. */
  private static final int LONGEST_NAME = 128;

  private NearestNames() {
  }

  /** Up to {@link #MOST} of {@code known}, nearest first; empty when none is near. */
  public static List<String> to(String asked, Collection<String> known) {
    if (asked.isEmpty() || asked.length() > LONGEST_NAME) {
      return List.of();
    }
    String wanted = asked.toLowerCase(Locale.ROOT);
    // A third of the name's length, at least 2: "git_dif" and "gti_diff" are near git_diff, "log" is not near "ls".
    int tolerance = Math.max(2, wanted.length() / 3);
    return known.stream()
      .map(name -> new Candidate(name, score(wanted, name.toLowerCase(Locale.ROOT))))
      .filter(candidate -> candidate.score() <= tolerance)
      .sorted(Comparator.comparingInt(Candidate::score).thenComparing(Candidate::name))
      .limit(MOST).map(Candidate::name).toList();
  }

  /** " Did you mean a, b?" or nothing, to end a message about {@code asked}. */
  public static String suggestion(String asked, Collection<String> known) {
    List<String> nearest = to(asked, known);
    return nearest.isEmpty() ? "" : " Did you mean " + String.join(", ", nearest) + "?";
  }

  private record Candidate(String name, int score) {
  }

  /** The edit distance; a name holding the asked one whole (at least 3 characters) counts as one edit away. */
  private static int score(String asked, String name) {
    int distance = distance(asked, name);
    return asked.length() >= 3 && name.contains(asked) ? Math.min(distance, 1) : distance;
  }

  /** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
