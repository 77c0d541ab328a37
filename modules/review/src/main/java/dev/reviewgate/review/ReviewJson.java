package dev.reviewgate.review;

import dev.reviewgate.core.trust.Provenance;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The one JSON form of a review: the document on disk and the body of tool results and events. Field names are
 * snake_case like every tool argument.
 */
public final class ReviewJson {

  /** Bumped when the document layout changes incompatibly. */
  public static final int FORMAT = 1;

  private ReviewJson() {
  }

  public static JsonObject toJson(Review r) {
    return new JsonObject()
      .put("format", FORMAT)
      .put("id", r.id())
      .put("repo", r.repo())
      .put("title", r.title())
      .put("description", r.description())
      .put("commit_range", r.commitRange())
      .put("base", r.base())
      .put("head", r.head())
      .put("created_at", r.createdAt().toString())
      .put("updated_at", r.updatedAt().toString())
      .put("status", r.status().wire())
      .put("completion", r.completion() == null ? null : toJson(r.completion()))
      .put("files", array(r.files(), ReviewJson::toJson))
      .put("markers", array(r.markers(), ReviewJson::toJson))
      .put("threads", array(r.threads(), ReviewJson::toJson))
      .put("queue", array(r.queue(), ReviewJson::toJson))
      .put("next_seq", r.nextSeq())
      .put("comment_count", r.commentCount())
      .put("tasks", array(r.tasks(), ReviewJson::toJson))
      .put("rounds", new JsonArray(new ArrayList<>(r.rounds())))
      .put("pending", array(r.pending(), ReviewJson::toJson));
  }

  /** A comment of the person's pending review, shaped as a thread's anchor with the comment's text. */
  public static JsonObject toJson(PendingComment p) {
    return new JsonObject().put("id", p.id()).put("thread_id", p.threadId()).put("file", p.anchor().file())
      .put("start_line", p.anchor().startLine()).put("line", p.anchor().line()).put("side", p.anchor().side())
      .put("body", p.body()).put("at", p.at().toString());
  }

  private static PendingComment pendingFromJson(JsonObject j) {
    return new PendingComment(j.getString("id"), j.getString("thread_id"), new Anchor(j.getString("file"),
      j.getInteger("start_line"), j.getInteger("line"), j.getString("side")), j.getString("body"),
      Instant.parse(j.getString("at")));
  }

  public static JsonObject toJson(WaitTask t) {
    return new JsonObject().put("id", t.id()).put("created_at", t.createdAt().toString())
      .put("updated_at", t.updatedAt().toString()).put("status", t.status()).put("base", t.base())
      .put("result", t.result());
  }

  private static WaitTask taskFromJson(JsonObject j) {
    return new WaitTask(j.getString("id"), Instant.parse(j.getString("created_at")), Instant.parse(j.getString("updated_at")),
      j.getString("status"), j.getJsonObject("base"), j.getJsonObject("result"));
  }

  public static Review fromJson(JsonObject j) {
    int format = j.getInteger("format", 0);
    if (format != FORMAT) {
      throw new IllegalArgumentException("review document format " + format + " is not supported (expected " + FORMAT + ")");
    }
    JsonObject completion = j.getJsonObject("completion");
    return new Review(
      required(j, "id"), required(j, "repo"), j.getString("title", ""), j.getString("description", ""),
      j.getString("commit_range"), j.getString("base"), required(j, "head"),
      Instant.parse(required(j, "created_at")), Instant.parse(required(j, "updated_at")),
      ReviewStatus.fromWire(required(j, "status")),
      completion == null ? null : completionFromJson(completion),
      list(j.getJsonArray("files"), ReviewJson::fileFromJson),
      list(j.getJsonArray("markers"), ReviewJson::markerFromJson),
      list(j.getJsonArray("threads"), ReviewJson::threadFromJson),
      list(j.getJsonArray("queue"), ReviewJson::feedbackFromJson),
      j.getLong("next_seq", 1L), j.getLong("comment_count", 0L),
      list(j.getJsonArray("tasks"), ReviewJson::taskFromJson),
      j.getJsonArray("rounds", new JsonArray()).stream().map(String::valueOf).toList(),
      list(j.getJsonArray("pending"), ReviewJson::pendingFromJson));
  }

  public static JsonObject toJson(FileStat f) {
    return new JsonObject().put("path", f.path()).put("old_path", f.oldPath()).put("status", f.status())
      .put("additions", f.additions()).put("deletions", f.deletions()).put("binary", f.binary());
  }

  public static JsonObject toJson(Marker m) {
    return new JsonObject().put("file", m.file()).put("line", m.line()).put("kind", m.kind()).put("text", m.text());
  }

  public static JsonObject toJson(ReviewThread t) {
    return new JsonObject().put("id", t.id()).put("file", t.file()).put("start_line", t.startLine())
      .put("line", t.line()).put("side", t.side()).put("comments", array(t.comments(), ReviewJson::toJson))
      .put("resolved", t.resolved());
  }

  /** The person's comments and the agent's own are no stranger's text: both trusted. */
  public static JsonObject toJson(ReviewComment c) {
    return new JsonObject().put("id", c.id()).put("author", c.author().wire()).put(Provenance.TRUST, Provenance.TRUSTED)
      .put("body", c.body()).put("at", c.at().toString());
  }

  public static JsonObject toJson(Completion c) {
    return new JsonObject().put("action", c.action().wire()).put("label", c.action().label()).put("notes", c.notes())
      .put("at", c.at().toString());
  }

  public static JsonObject toJson(Feedback f) {
    JsonObject json = new JsonObject().put("seq", f.seq()).put("kind", f.kind().wire()).put("at", f.at().toString());
    if (f.kind() == Feedback.Kind.COMMENT) {
      // A comment the agent is told about is the person's.
      json.put("thread_id", f.threadId()).put("comment_id", f.commentId()).put("file", f.file())
        .put("start_line", f.startLine()).put("line", f.line()).put("side", f.side()).put("author", Author.PERSON.wire())
        .put(Provenance.TRUST, Provenance.TRUSTED).put("body", f.body());
      return json;
    }
    if (f.kind() == Feedback.Kind.REVIEW) {
      json.put("verdict", f.action() == null ? "comment" : f.action().wire())
        .put("comments", array(f.batch(), ReviewJson::toJson));
      if (f.action() == null) {
        return json;
      }
    }
    return json.put("action", f.action().wire()).put("label", f.action().label()).put("notes", f.notes());
  }

  private static FileStat fileFromJson(JsonObject j) {
    return new FileStat(j.getString("path"), j.getString("old_path"), j.getString("status"),
      j.getInteger("additions", 0), j.getInteger("deletions", 0), j.getBoolean("binary", false));
  }

  private static Marker markerFromJson(JsonObject j) {
    return new Marker(j.getString("file"), j.getInteger("line"), j.getString("kind"), j.getString("text"));
  }

  private static ReviewThread threadFromJson(JsonObject j) {
    return new ReviewThread(j.getString("id"), j.getString("file"), j.getInteger("start_line"), j.getInteger("line"),
      j.getString("side"), list(j.getJsonArray("comments"), ReviewJson::commentFromJson), j.getBoolean("resolved", false));
  }

  private static ReviewComment commentFromJson(JsonObject j) {
    return new ReviewComment(j.getString("id"), Author.fromWire(j.getString("author")), j.getString("body"),
      Instant.parse(j.getString("at")));
  }

  private static Completion completionFromJson(JsonObject j) {
    return new Completion(CompletionAction.fromWire(j.getString("action")), j.getString("notes", ""),
      Instant.parse(j.getString("at")));
  }

  private static Feedback feedbackFromJson(JsonObject j) {
    Feedback.Kind kind = Feedback.Kind.valueOf(j.getString("kind").toUpperCase(java.util.Locale.ROOT));
    String action = j.getString("action");
    return new Feedback(j.getLong("seq"), kind, j.getString("thread_id"), j.getString("comment_id"),
      j.getString("file"), j.getInteger("start_line"), j.getInteger("line"), j.getString("side"), j.getString("body"),
      action == null ? null : CompletionAction.fromWire(action), j.getString("notes"), Instant.parse(j.getString("at")),
      list(j.getJsonArray("comments"), ReviewJson::feedbackFromJson));
  }

  private static String required(JsonObject j, String field) {
    String value = j.getString(field);
    if (value == null) {
      throw new IllegalArgumentException("review document lacks '" + field + "'");
    }
    return value;
  }

  private static <T> JsonArray array(List<T> items, Function<T, JsonObject> encode) {
    JsonArray array = new JsonArray();
    items.forEach(item -> array.add(encode.apply(item)));
    return array;
  }

  private static <T> List<T> list(JsonArray array, Function<JsonObject, T> decode) {
    List<T> items = new ArrayList<>();
    if (array != null) {
      for (int i = 0; i < array.size(); i++) {
        items.add(decode.apply(array.getJsonObject(i)));
      }
    }
    return items;
  }
}
