package dev.reviewgate.review;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * Serves {@code reviewgate.git.resolve} and {@code reviewgate.git.diff} (format json) from the git command line on
 * one repository, until the git module's GitVerticle is merged into this branch. Replies in the shape the review
 * module reads.
 */
final class CliGitStandIn extends VerticleBase {

  private final TempRepo repo;

  CliGitStandIn(TempRepo repo) {
    this.repo = repo;
  }

  @Override
  public Future<?> start() {
    return Future.all(
      vertx.eventBus().<JsonObject>consumer(Addresses.GIT_RESOLVE, message -> vertx.executeBlocking(() -> {
        try {
          return repo.git("rev-parse", "--verify", "--quiet", message.body().getString("rev") + "^{commit}").trim();
        } catch (IllegalStateException e) {
          return null;
        }
      }, false).onSuccess(sha -> {
        if (sha == null) {
          message.fail(Failure.NOT_FOUND, "revision not found: " + message.body().getString("rev"));
        } else {
          message.reply(new JsonObject().put("sha", sha));
        }
      })).completion(),
      vertx.eventBus().<JsonObject>consumer(Addresses.GIT_DIFF, message -> vertx.executeBlocking(() -> {
        JsonObject args = message.body();
        String text;
        if (args.containsKey("commit")) {
          text = repo.git("show", "--format=", "--histogram", args.getString("commit"));
        } else if (args.containsKey("range")) {
          text = repo.git("diff", "--histogram", args.getString("range"));
        } else {
          text = repo.git("diff", "--histogram", args.getString("base"), args.getString("head"));
        }
        return parse(text);
      }, false).onSuccess(message::reply)).completion());
  }

  private static JsonObject parse(String text) {
    JsonArray files = new JsonArray();
    JsonObject file = null;
    JsonObject hunk = null;
    int oldNo = 0;
    int newNo = 0;
    for (String line : text.split("\n")) {
      if (line.startsWith("diff --git ")) {
        String[] parts = line.substring("diff --git ".length()).split(" ");
        file = new JsonObject().put("path", parts[1].substring(2)).put("old_path", parts[0].substring(2))
          .put("status", "modified").put("additions", 0).put("deletions", 0).put("hunks", new JsonArray());
        files.add(file);
        hunk = null;
      } else if (file != null && line.startsWith("new file")) {
        file.put("status", "added");
      } else if (file != null && line.startsWith("@@")) {
        String[] ranges = line.split(" ");
        int[] old = range(ranges[1]);
        int[] neu = range(ranges[2]);
        oldNo = old[0];
        newNo = neu[0];
        hunk = new JsonObject().put("header", line).put("old_start", old[0]).put("old_count", old[1])
          .put("new_start", neu[0]).put("new_count", neu[1]).put("lines", new JsonArray());
        file.getJsonArray("hunks").add(hunk);
      } else if (hunk != null && line.startsWith("+")) {
        hunk.getJsonArray("lines").add(new JsonObject().put("kind", "add").put("new", newNo++).put("text", line.substring(1)));
        file.put("additions", file.getInteger("additions") + 1);
      } else if (hunk != null && line.startsWith("-")) {
        hunk.getJsonArray("lines").add(new JsonObject().put("kind", "del").put("old", oldNo++).put("text", line.substring(1)));
        file.put("deletions", file.getInteger("deletions") + 1);
      } else if (hunk != null && line.startsWith(" ")) {
        hunk.getJsonArray("lines").add(new JsonObject().put("kind", "context").put("old", oldNo++).put("new", newNo++)
          .put("text", line.substring(1)));
      }
    }
    return new JsonObject().put("summary", new JsonObject()).put("warnings", new JsonArray()).put("files", files);
  }

  private static int[] range(String text) {
    String[] parts = text.substring(1).split(",");
    return new int[] {Integer.parseInt(parts[0]), parts.length > 1 ? Integer.parseInt(parts[1]) : 1};
  }
}
