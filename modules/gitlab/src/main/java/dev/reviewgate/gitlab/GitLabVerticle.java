package dev.reviewgate.gitlab;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.forge.ForgeVerticle;
import dev.reviewgate.forge.json.ListPages;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.logging.Logger;

/**
 * Serves {@code reviewgate.gitlab.mr.*} (the four GitLab merge request tools) and the review-thread tools for
 * {@code forge: gitlab}, over one {@link GitLabClient}.
 */
public final class GitLabVerticle extends ForgeVerticle<GitLabBackendOptions, GitLabClient> {

  private static final Logger LOG = Logger.getLogger(GitLabVerticle.class.getName());

  private DiffEngine engine;

  public GitLabVerticle(GitLabBackendOptions backend, ToolCatalog catalog) {
    super("gitlab", backend, catalog, vertx -> new GitLabClient(vertx, backend.gitlab()));
  }

  @Override
  protected Future<?> serveTools(DiffEngine engine) {
    this.engine = engine;
    GitLabOptions options = backend().gitlab();
    GitLabJson json = new GitLabJson(engine);
    LOG.info(() -> "GitLab tools on " + options.apiBase() + (options.token() == null ? " without a token (reads of public projects only)"
      : " with a token"));
    return Future.all(List.of(
      serveList(ListPages.bySkip("gitlab_list_merge_requests", "merge_requests"), (gitLab, args) -> mergeRequests(gitLab).list(project(args), args).map(GitLabJson::listing)),
      serve("gitlab_get_merge_request", (gitLab, args) -> mergeRequests(gitLab).get(project(args), args.getLong("mr_iid"),
        args.getBoolean("include_commits", false))
        .map(GitLabJson::details)),
      serveList(ListPages.whole("gitlab_list_merge_request_versions", "versions"), (gitLab, args) -> mergeRequests(gitLab).versions(project(args), args.getLong("mr_iid"))
        .map(versions -> GitLabJson.versions(args.getLong("mr_iid"), versions))),
      serve("gitlab_get_merge_request_diff", (gitLab, args) -> mergeRequests(gitLab).diff(project(args), args.getLong("mr_iid"), args)
        .compose(diff -> vertx.executeBlocking(() -> json.diff(diff, args), false))),
      threads("pr_list_threads", (gitLab, args) -> discussions(gitLab).list(args)),
      threads("pr_review", (gitLab, args) -> discussions(gitLab).review(args)),
      threads("pr_reply", (gitLab, args) -> discussions(gitLab).reply(args)),
      threads("pr_resolve_thread", (gitLab, args) -> discussions(gitLab).resolve(args))));
  }

  private MergeRequests mergeRequests(GitLabClient bound) {
    return new MergeRequests(bound, new MergeRequestDiffs(vertx, bound, engine));
  }

  private MergeRequestDiscussions discussions(GitLabClient bound) {
    return new MergeRequestDiscussions(bound, mergeRequests(bound));
  }

  private static String project(JsonObject args) {
    String project = args.getString("project");
    if (project == null || project.isBlank()) {
      throw ToolException.invalid("which project? pass project: its numeric id or its path (group/name, as in its URL)");
    }
    return project;
  }
}
