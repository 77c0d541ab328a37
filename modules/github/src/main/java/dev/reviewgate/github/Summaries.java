package dev.reviewgate.github;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Pure summaries of GitHub JSON for agents: reviews, checks, linked issues, requested reviewers. */
public final class Summaries {

  /** GitHub's closing keywords (close/closes/closed, fix/…, resolve/…), any case, then {@code #N}. */
  private static final Pattern CLOSING = Pattern.compile("\\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\\s*:?\\s+#(\\d+)\\b",
    Pattern.CASE_INSENSITIVE);

  private Summaries() {
  }

  /** Issue numbers the body says this pull request closes, in order of first mention, without repeats. */
  public static JsonArray linkedIssues(String body) {
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
    return new JsonArray(List.copyOf(numbers));
  }

  /**
   * The latest review per author (REST lists reviews oldest first): {@code {approved, changesRequested, pending, total,
   * details[{login, state}]}}. COMMENTED, PENDING and DISMISSED count as pending: they neither approve nor block.
   */
  public static JsonObject reviews(List<JsonObject> reviews) {
    Map<String, String> latest = new LinkedHashMap<>();
    for (JsonObject review : reviews) {
      JsonObject user = review.getJsonObject("user");
      String login = user == null ? "unknown" : user.getString("login", "unknown");
      latest.remove(login);
      latest.put(login, review.getString("state", "COMMENTED").toUpperCase(Locale.ROOT));
    }
    int approved = 0;
    int changesRequested = 0;
    int pending = 0;
    JsonArray details = new JsonArray();
    for (Map.Entry<String, String> e : latest.entrySet()) {
      switch (e.getValue()) {
        case "APPROVED" -> approved++;
        case "CHANGES_REQUESTED" -> changesRequested++;
        default -> pending++;
      }
      details.add(new JsonObject().put("login", e.getKey()).put("state", e.getValue()));
    }
    return new JsonObject().put("approved", approved).put("changesRequested", changesRequested).put("pending", pending)
      .put("total", latest.size()).put("details", details);
  }

  /**
   * Check runs and commit statuses together: {@code {overall, success, failure, pending, total}}; overall is
   * FAILURE if anything failed, else PENDING if anything runs, else SUCCESS, or NONE when there is nothing.
   */
  public static JsonObject checks(List<JsonObject> checkRuns, JsonObject combinedStatus) {
    int success = 0;
    int failure = 0;
    int pending = 0;
    for (JsonObject run : checkRuns) {
      String conclusion = run.getString("conclusion");
      if (!"completed".equals(run.getString("status")) || conclusion == null) {
        pending++;
      } else {
        switch (conclusion) {
          case "success", "neutral", "skipped" -> success++;
          default -> failure++;
        }
      }
    }
    JsonArray statuses = combinedStatus == null ? new JsonArray() : combinedStatus.getJsonArray("statuses", new JsonArray());
    for (Object o : statuses) {
      if (o instanceof JsonObject status) {
        switch (status.getString("state", "pending")) {
          case "success" -> success++;
          case "failure", "error" -> failure++;
          default -> pending++;
        }
      }
    }
    int total = success + failure + pending;
    String overall = total == 0 ? "NONE" : failure > 0 ? "FAILURE" : pending > 0 ? "PENDING" : "SUCCESS";
    return new JsonObject().put("overall", overall).put("success", success).put("failure", failure).put("pending", pending)
      .put("total", total);
  }

  /** Requested reviewers from a pull request's JSON: {@code {users: [login], teams: [slug]}}. */
  public static JsonObject reviewRequests(JsonObject pull) {
    JsonArray users = new JsonArray();
    for (Object o : pull.getJsonArray("requested_reviewers", new JsonArray())) {
      if (o instanceof JsonObject user) {
        users.add(user.getString("login"));
      }
    }
    JsonArray teams = new JsonArray();
    for (Object o : pull.getJsonArray("requested_teams", new JsonArray())) {
      if (o instanceof JsonObject team) {
        teams.add(team.getString("slug"));
      }
    }
    return new JsonObject().put("users", users).put("teams", teams);
  }

  /** GitHub's tri-state {@code mergeable}: true, false, or null while it is still computing. */
  public static String mergeable(Object mergeable) {
    if (mergeable instanceof Boolean b) {
      return b ? "MERGEABLE" : "CONFLICTING";
    }
    return "UNKNOWN";
  }
}
