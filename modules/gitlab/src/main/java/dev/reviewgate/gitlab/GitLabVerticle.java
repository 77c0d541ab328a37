package dev.reviewgate.gitlab;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.forge.ForgeTools;
import dev.reviewgate.forge.thread.ThreadTools;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.BiFunction;
import java.util.logging.Logger;

/**
 * Serves {@code reviewgate.gitlab.mr.*} (the four GitLab merge request tools) and the review-thread tools for
 * {@code forge: gitlab}, over one {@link GitLabClient}.
 */
public final class GitLabVerticle extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(GitLabVerticle.class.getName());

  private final GitLabBackendOptions backend;
  private final ToolCatalog catalog;
  private GitLabClient client;
  private DiffEngine engine;
  private GitLabJson json;

  public GitLabVerticle(GitLabBackendOptions backend, ToolCatalog catalog) {
    this.backend = backend;
    this.catalog = catalog;
  }

  @Override
  public Future<?> start() {
    GitLabOptions options = backend.gitlab();
    client = new GitLabClient(vertx, options);
    engine = new DiffEngine(backend.diff());
    json = new GitLabJson(engine);
    LOG.info(() -> "GitLab tools on " + options.apiBase() + (options.token() == null ? " without a token (reads of public projects only)"
      : " with a token"));
    return Future.all(List.of(
      serve("gitlab_list_merge_requests", (mrs, args) -> mrs.list(project(args), args).map(GitLabJson::listing)),
      serve("gitlab_get_merge_request", (mrs, args) -> mrs.get(project(args), args.getLong("mr_iid")).map(GitLabJson::details)),
      serve("gitlab_list_merge_request_versions", (mrs, args) -> mrs.versions(project(args), args.getLong("mr_iid"))
        .map(versions -> GitLabJson.versions(args.getLong("mr_iid"), versions))),
      serve("gitlab_get_merge_request_diff", (mrs, args) -> mrs.diff(project(args), args.getLong("mr_iid"), args)
        .compose(diff -> vertx.executeBlocking(() -> json.diff(diff, args), false))),
      threads("pr_list_threads", MergeRequestDiscussions::list),
      threads("pr_review", MergeRequestDiscussions::review),
      threads("pr_reply", MergeRequestDiscussions::reply),
      threads("pr_resolve_thread", MergeRequestDiscussions::resolve)));
  }

  private MergeRequests mergeRequests(GitLabClient bound) {
    return new MergeRequests(bound, new MergeRequestDiffs(vertx, bound, engine));
  }

  private Future<Void> serve(String tool, BiFunction<MergeRequests, JsonObject, Future<JsonObject>> handler) {
    return ForgeTools.serve(vertx, catalog, backend.timeouts(), tool, deadline -> mergeRequests(client.until(deadline)), handler);
  }

  /** Serves a review-thread tool for GitLab (the router sends calls with {@code forge: gitlab} here). */
  private Future<Void> threads(String tool, BiFunction<MergeRequestDiscussions, JsonObject, Future<JsonObject>> handler) {
    long patienceMs = backend.timeouts().of(tool);
    return ThreadTools.serve(vertx, "gitlab", tool, args -> {
      GitLabClient bound = client.until(System.currentTimeMillis() + patienceMs);
      return handler.apply(new MergeRequestDiscussions(bound, mergeRequests(bound)), args);
    });
  }

  private static String project(JsonObject args) {
    String project = args.getString("project");
    if (project == null || project.isBlank()) {
      throw ToolException.invalid("which project? pass project: its numeric id or its path (group/name, as in its URL)");
    }
    return project;
  }

  @Override
  public Future<?> stop() {
    if (client != null) {
      client.close();
    }
    return Future.succeededFuture();
  }
}
