package dev.reviewgate.review;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.diff.DiffEngine;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;

/**
 * Serves {@code reviewgate.git.diff} for one repository the way the git module's GitVerticle does (the same
 * arguments, the real diff engine shaping the bytes, {@code repo}/{@code base}/{@code head} in the result), with the
 * git command line instead of JGit. Stands in until GitVerticle is merged into this branch.
 */
public final class CliGitStandIn extends VerticleBase {

  private final TempRepo repo;
  private final DiffEngine engine = new DiffEngine(ReviewgateConfig.defaults().section("diff"));

  public CliGitStandIn(TempRepo repo) {
    this.repo = repo;
  }

  @Override
  public Future<?> start() {
    return vertx.eventBus().<JsonObject>consumer(Addresses.GIT_DIFF, message -> vertx.executeBlocking(() -> {
      JsonObject args = message.body();
      String base;
      String head;
      if (args.containsKey("commit")) {
        head = sha(args.getString("commit"));
        base = head == null ? null : sha(head + "^");
      } else if (args.containsKey("range")) {
        String range = args.getString("range");
        boolean three = range.contains("...");
        String[] ends = range.split("\\.{2,3}", 2);
        String left = sha(ends[0]);
        head = sha(ends[1]);
        base = three && left != null && head != null ? repo.git("merge-base", left, head).trim() : left;
        if (left == null) {
          head = null;
        }
      } else {
        base = sha(args.getString("base"));
        head = sha(args.getString("head"));
      }
      if (head == null || (base == null && !args.containsKey("commit"))) {
        return null;
      }
      String text = base == null ? repo.git("show", "--format=", "--histogram", head)
        : repo.git("diff", "--histogram", base, head);
      JsonObject shaping = args.copy();
      return engine.shape(engine.parse(text.getBytes(StandardCharsets.UTF_8)), shaping)
        .put("repo", "demo").put("base", base).put("head", head);
    }, false).onSuccess(result -> {
      if (result == null) {
        message.fail(Failure.NOT_FOUND, "revision not found in " + message.body().encode());
      } else {
        message.reply(result);
      }
    }).onFailure(e -> message.fail(Failure.INTERNAL, String.valueOf(e.getMessage())))).completion();
  }

  private String sha(String revision) {
    try {
      return repo.git("rev-parse", "--verify", "--quiet", revision + "^{commit}").trim();
    } catch (IllegalStateException e) {
      return null;
    }
  }
}
