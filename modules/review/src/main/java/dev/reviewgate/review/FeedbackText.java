package dev.reviewgate.review;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * The instructions a wait result gives the model. The same facts are in the structured result; the text says what
 * they mean and which call comes next, because a model acts on the text.
 */
final class FeedbackText {

  private FeedbackText() {
  }

  /** @param maxQuoted earlier comments of the thread are quoted up to this length (the whole thread: review_status) */
  static String comment(Review review, Feedback f, JsonObject context, int pending, int maxQuoted) {
    StringBuilder out = new StringBuilder();
    appendComment(out, review, f, context, maxQuoted);
    out.append("\nThink about the reviewer's point and answer it in words: explain, answer the question, or say what ")
      .append("you would change and why. Do not modify any files now; changes come after the reviewer completes ")
      .append("the review and asks for them.\n\n")
      .append("To answer, call review_update with review_id \"").append(review.id())
      .append("\", action \"add_comment\", thread_id \"").append(f.threadId())
      .append("\" and your answer as body. Then call review_update with review_id \"").append(review.id())
      .append("\" and action \"wait_for_feedback\" to hear from the reviewer again.");
    appendPending(out, pending);
    return out.toString();
  }

  /**
   * A finished pending review: every comment as {@link #comment} words it, then what to do with all of them (answer
   * each in its thread, or the completion's next step when the review was also completed).
   */
  static String review(Review review, Feedback f, List<JsonObject> contexts, int pending, int maxQuoted) {
    StringBuilder out = new StringBuilder("The reviewer finished a review of review ").append(review.id())
      .append(" with ").append(f.batch().size()).append(" comment(s)");
    out.append(f.action() == null ? ", sent together.\n" : " and chose: " + f.action().label() + ".\n");
    if (f.action() != null && f.notes() != null && !f.notes().isBlank()) {
      out.append("Their summary:\n");
      quote(out, f.notes());
    }
    for (int i = 0; i < f.batch().size(); i++) {
      out.append("\n").append(i + 1).append(". ");
      appendComment(out, review, f.batch().get(i), contexts.get(i), maxQuoted);
    }
    out.append('\n');
    if (f.action() != null) {
      appendNextStep(out, review, f.action());
    } else {
      out.append("Think about each point and answer it in words, each in its own thread: call review_update with ")
        .append("review_id \"").append(review.id()).append("\", action \"add_comment\", the comment's thread_id ")
        .append("(in the result's feedback.comments) and your answer as body. Do not modify any files now. Then ")
        .append("call review_update with action \"wait_for_feedback\" to hear from the reviewer again.");
    }
    appendPending(out, pending);
    return out.toString();
  }

  /** One comment of the person's: where it sits, its text, the thread before it, the code there, a suggestion. */
  private static void appendComment(StringBuilder out, Review review, Feedback f, JsonObject context, int maxQuoted) {
    if (f.file() == null) {
      out.append("The reviewer wrote a comment on review ").append(review.id()).append(" as a whole");
    } else if (f.line() == null) {
      out.append("The reviewer wrote a comment on the file `").append(f.file()).append('`');
    } else {
      out.append("The reviewer wrote a comment on `").append(f.file()).append('`')
        .append(f.startLine() == null ? " at line " + f.line() : " at lines " + f.startLine() + "-" + f.line());
      if ("old".equals(f.side())) {
        out.append(" of the old version (a removed or changed line)");
      }
    }
    out.append(" (review ").append(review.id()).append(", thread ").append(f.threadId()).append("):\n\n");
    quote(out, f.body());
    List<ReviewComment> earlier = earlierInThread(review, f);
    if (!earlier.isEmpty()) {
      out.append("\nIt replies to this conversation in the thread:\n");
      for (ReviewComment c : earlier) {
        out.append("- ").append(c.author() == Author.AGENT ? "you" : "reviewer").append(": ")
          .append(c.body().length() > maxQuoted ? c.body().substring(0, maxQuoted) + "…" : c.body())
          .append('\n');
      }
    }
    if (context != null) {
      out.append("\nThe code there (").append(context.getString("side").equals("old") ? "before" : "after")
        .append(" the change").append(context.getBoolean("from_file", false) ? ", outside the diff's hunks" : "")
        .append("):\n```\n");
      appendContext(out, context);
      out.append("```\n");
    } else if (f.line() != null) {
      out.append("\n(The diff does not show that line; read the file at commit ").append(review.head())
        .append(" if you need its surroundings.)\n");
    }
    Suggestion suggestion = Suggestion.in(f);
    if (suggestion != null) {
      out.append("\nThe comment suggests a change (in the result's `suggestion`: path, start_line, line, replacement): ")
        .append("replace lines ").append(suggestion.startLine()).append('-').append(suggestion.line()).append(" of `")
        .append(suggestion.path()).append("` as of commit ").append(shortSha(review.head()))
        .append(suggestion.replacement().isEmpty() ? " with nothing (delete them)." : " with:\n```\n"
          + suggestion.replacement() + (suggestion.replacement().endsWith("\n") ? "" : "\n") + "```")
        .append("\nSay whether you agree; apply it when the reviewer asks for changes.\n");
    }
  }

  static String completion(Review review, Feedback f, int pending) {
    StringBuilder out = new StringBuilder("The reviewer completed review ").append(review.id())
      .append(" and chose: ").append(f.action().label()).append(".\n");
    if (f.notes() != null && !f.notes().isBlank()) {
      out.append("Their notes:\n");
      quote(out, f.notes());
    } else {
      out.append("They left no notes.\n");
    }
    out.append('\n');
    appendNextStep(out, review, f.action());
    appendPending(out, pending);
    return out.toString();
  }

  /** What the agent does after the person completed the review with {@code action}. */
  private static void appendNextStep(StringBuilder out, Review review, CompletionAction action) {
    switch (action) {
      case REQUEST_CHANGES -> out.append("Now make the changes the review asked for, following the discussion in its ")
        .append("threads (review_status lists them) and the notes above. You may edit files now. When the changes ")
        .append("are done, call review_update with review_id \"").append(review.id())
        .append("\" and action \"approve\"; if the person should look at the new commits, open a new review with ")
        .append("review_request.");
      case CHECKPOINT -> out.append("The work is accepted as it stands. Record it now: commit the reviewed changes ")
        .append("(or save the state however this project records progress), mentioning what the review settled. ")
        .append("Then continue with your task.");
      case RETURN -> out.append("No specific action was requested: control is back with you. Continue your task as ")
        .append("you judge best, taking the review's discussion into account.");
    }
    out.append(" The review is finished; do not wait for more feedback on it.");
  }

  static String noFeedback(Review review, long waitedMs, String url) {
    return "No feedback yet on review " + review.id() + " after " + waitedMs / 1000 + " s; the reviewer may still be "
      + "reading" + (url == null ? "" : " at " + url) + ". This is not an error. Call review_update with review_id \""
      + review.id() + "\" and action \"wait_for_feedback\" again to keep waiting; do not edit files meanwhile.";
  }

  static String superseded(Review review) {
    return "Another wait on review " + review.id() + " started, so this one ended without feedback. Nothing is "
      + "lost: feedback goes to the newer wait. If you did not start another wait, call review_update with action "
      + "\"wait_for_feedback\" again.";
  }

  static String closed(Review review) {
    Completion c = review.completion();
    return "Review " + review.id() + " was completed earlier with '" + c.action().label() + "'"
      + (c.notes().isBlank() ? "" : " (notes: " + c.notes() + ")") + ". There is no more feedback to wait for; "
      + "review_status shows the whole conversation.";
  }

  static String created(Review review, String url) {
    return "Review " + review.id() + " is open with " + review.files().size() + " changed file(s) between "
      + (review.base() == null ? "the empty tree" : shortSha(review.base())) + " and " + shortSha(review.head()) + ". "
      + (url == null ? "The dashboard is not served by this process; the person reviews through another front-end. "
        : "Ask the person to run `reviewgate open " + review.id() + "` in a terminal: it signs them in to the "
          + "dashboard (" + url + ") and shows this review. You cannot sign in for them. ")
      + "Then call review_update with review_id \"" + review.id() + "\" and action \"wait_for_feedback\"; do not "
      + "edit files while the review is open.";
  }

  /**
   * What a waiting agent tells the person, in the wait's first progress message and its task's status: the review id
   * and the command that opens it (the dashboard signs them in only through {@code reviewgate open}).
   */
  static String waiting(String reviewId, String url) {
    return "Review " + reviewId + " is waiting for the person's feedback: ask them to run `reviewgate open " + reviewId
      + "`" + (url == null ? "" : " (it signs them in to " + url + ")") + ".";
  }

  static String commentAdded(Review review, String threadId) {
    return "Your comment is on thread " + threadId + " of review " + review.id() + " and the reviewer sees it now. "
      + "Call review_update with review_id \"" + review.id() + "\" and action \"wait_for_feedback\" to continue.";
  }

  static String roundAdded(Review review) {
    return "Review " + review.id() + " is at round " + (review.rounds().size() + 1) + ": the person now sees your "
      + "commits up to " + shortSha(review.head()) + ", and can look at only what changed since an earlier round. "
      + "Call review_update with review_id \"" + review.id() + "\" and action \"wait_for_feedback\" to hear from them.";
  }

  static String statusSet(Review review) {
    return switch (review.status()) {
      case APPROVED -> "Review " + review.id() + " is marked approved: the work it asked for is done.";
      case CHANGES_REQUESTED -> "Review " + review.id() + " is marked changes requested: you will change the code "
        + "before it can be approved. Call review_update with action \"approve\" when you are done.";
      default -> "Review " + review.id() + " is " + review.status().wire() + ".";
    };
  }

  private static void quote(StringBuilder out, String text) {
    for (String line : text.split("\n", -1)) {
      out.append("> ").append(line).append('\n');
    }
  }

  /** The comments before this one in its thread (replies only make sense with them). */
  private static List<ReviewComment> earlierInThread(Review review, Feedback f) {
    List<ReviewComment> earlier = new ArrayList<>();
    for (ReviewThread thread : review.threads()) {
      if (thread.id().equals(f.threadId())) {
        for (ReviewComment c : thread.comments()) {
          if (c.id().equals(f.commentId())) {
            break;
          }
          earlier.add(c);
        }
      }
    }
    return earlier;
  }

  private static void appendContext(StringBuilder out, JsonObject context) {
    JsonArray lines = context.getJsonArray("lines");
    int width = 1;
    for (Object l : lines) {
      Integer n = number((JsonObject) l);
      width = Math.max(width, n == null ? 1 : String.valueOf(n).length());
    }
    for (Object item : lines) {
      JsonObject l = (JsonObject) item;
      Integer n = number(l);
      String sign = switch (l.getString("kind")) {
        case "add" -> "+";
        case "delete" -> "-";
        default -> " ";
      };
      out.append(l.getBoolean("target") ? "> " : "  ")
        .append(n == null ? " ".repeat(width) : String.format(java.util.Locale.ROOT, "%" + width + "d", n))
        .append(' ').append(sign).append(' ').append(l.getString("text")).append('\n');
    }
  }

  private static Integer number(JsonObject line) {
    return line.getInteger("new") != null ? line.getInteger("new") : line.getInteger("old");
  }

  private static void appendPending(StringBuilder out, int pending) {
    if (pending > 0) {
      out.append("\n\n").append(pending).append(" more feedback item(s) are queued; the next wait_for_feedback ")
        .append("returns the next one at once.");
    }
  }

  static String shortSha(String sha) {
    return sha.length() > 12 ? sha.substring(0, 12) : sha;
  }
}
