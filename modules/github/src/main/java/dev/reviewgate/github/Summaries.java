package dev.reviewgate.github;

import dev.reviewgate.forge.json.Fields;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Pure summaries of GitHub replies for agents, as records: reviews, checks, linked issues, mergeability. */
public final class Summaries {

  /** GitHub's closing keywords (close/closes/closed, fix/…, resolve/…), any case, then {@code #N}. */
  private static final Pattern CLOSING = Pattern.compile("\\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\\s*:?\\s+#(\\d+)\\b",
    Pattern.CASE_INSENSITIVE);

  private Summaries() {
  }

  /** Issue numbers the body says this pull request closes, in order of first mention, without repeats. */
  public static List<Integer> linkedIssues(String body) {
    Set<Integer> numbers = new LinkedHashSet<>();
    if (body != null) {
      Matcher m = CLOSING.matcher(body);
      while (m.find()) {
        try {
          numbers.add(Integer.parseInt(m.group(1)));
        } catch (NumberFormatException ignored) {
          // more digits than an issue number can have: not a reference
        }
      }
    }
    return List.copyOf(numbers);
  }

  /**
   * The latest review of each author, counted; {@code total} is the number of authors.
   *
   * @param latest the latest review of each author, in the order GitHub listed their first reviews
   */
  public record Reviews(int approved, int changesRequested, int pending, List<Review> latest) {

    /** How many of the latest reviews have no known author. */
    public long unknownAuthors() {
      return latest.stream().filter(review -> review.login() == null).count();
    }
  }

  /** The latest review of one author; login null when GitHub sent no user. */
  public record Review(String login, String state) {
  }

  /** Check runs and commit statuses counted together; {@code overall} is FAILURE, PENDING, SUCCESS or NONE. */
  public record Checks(String overall, int success, int failure, int pending, int total) {
  }

  /**
   * The latest review per author (REST lists reviews oldest first). COMMENTED, PENDING and DISMISSED count as pending: they neither approve nor block. A
   * review by a deleted account ({@code user: null}) has no author to group by: it counts on its own, with login null.
   */
  public static Reviews reviews(List<Fields> reviews) {
    Map<Object, Review> latest = new LinkedHashMap<>();
    for (Fields review : reviews) {
      Fields user = review.optObject("user");
      String login = user == null ? null : user.optString("login");
      Object author = login == null ? new Object() : login;
      latest.remove(author);
      latest.put(author, new Review(login, review.string("state").toUpperCase(Locale.ROOT)));
    }
    int approved = 0;
    int changesRequested = 0;
    int pending = 0;
    for (Review review : latest.values()) {
      switch (review.state()) {
        case "APPROVED" -> approved++;
        case "CHANGES_REQUESTED" -> changesRequested++;
        default -> pending++;
      }
    }
    return new Reviews(approved, changesRequested, pending, List.copyOf(latest.values()));
  }

  /**
   * Check runs and commit statuses together; overall is FAILURE if anything failed, else PENDING if anything runs, else SUCCESS, or NONE when there is nothing. A run
   * without a conclusion (GitHub sends null until it completes) is pending.
   */
  public static Checks checks(List<Fields> checkRuns, List<Fields> statuses) {
    int success = 0;
    int failure = 0;
    int pending = 0;
    for (Fields run : checkRuns) {
      String conclusion = run.optString("conclusion");
      if (!"completed".equals(run.string("status")) || conclusion == null) {
        pending++;
      } else {
        switch (conclusion) {
          case "success", "neutral", "skipped" -> success++;
          default -> failure++;
        }
      }
    }
    for (Fields status : statuses) {
      switch (status.string("state")) {
        case "success" -> success++;
        case "failure", "error" -> failure++;
        default -> pending++;
      }
    }
    int total = success + failure + pending;
    String overall = total == 0 ? "NONE" : failure > 0 ? "FAILURE" : pending > 0 ? "PENDING" : "SUCCESS";
    return new Checks(overall, success, failure, pending, total);
  }

  /** GitHub's tri-state {@code mergeable}: true, false, or null while it is still computing. */
  public static String mergeable(Boolean mergeable) {
    return mergeable == null ? "UNKNOWN" : mergeable ? "MERGEABLE" : "CONFLICTING";
  }
}
