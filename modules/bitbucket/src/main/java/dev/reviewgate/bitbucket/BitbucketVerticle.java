package dev.reviewgate.bitbucket;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.forge.ForgeVerticle;
import dev.reviewgate.forge.json.ListPages;
import io.vertx.core.Future;
import java.util.List;
import java.util.logging.Logger;

/**
 * Serves {@code reviewgate.bitbucket.pr.*} (the three Bitbucket pull request tools) and the review-thread tools for
 * {@code forge: bitbucket}, over one {@link BitbucketClient} for the configured flavour.
 */
public final class BitbucketVerticle extends ForgeVerticle<BitbucketBackendOptions, BitbucketClient> {

  private static final Logger LOG = Logger.getLogger(BitbucketVerticle.class.getName());

  public BitbucketVerticle(BitbucketBackendOptions backend, ToolCatalog catalog) {
    super("bitbucket", backend, catalog, vertx -> new BitbucketClient(vertx, backend.bitbucket()));
  }

  @Override
  protected Future<?> serveTools(DiffEngine engine) {
    BitbucketOptions options = backend().bitbucket();
    BitbucketJson json = new BitbucketJson(engine);
    LOG.info(() -> options.flavor().title() + " tools on " + options.url() + (options.token() == null
      ? " without a token (reads of public repositories only)" : " with a token"));
    Flavor flavor = options.flavor();
    return Future.all(List.of(
      serveList(ListPages.byPage("bitbucket_list_pull_requests", "pull_requests"), (bitbucket, args) -> pulls(bitbucket).list(Repo.of(args, flavor), args)
        .map(listing -> BitbucketJson.listing(flavor, listing, args.getInteger("page", 1)))),
      serve("bitbucket_get_pull_request", (bitbucket, args) -> pulls(bitbucket).get(Repo.of(args, flavor), args.getLong("pr_number"))
        .map(details -> BitbucketJson.details(flavor, details))),
      serve("bitbucket_get_pull_request_diff", (bitbucket, args) -> pulls(bitbucket).diff(Repo.of(args, flavor),
          args.getLong("pr_number"), args).compose(diff -> vertx.executeBlocking(() -> json.diff(diff, args), false))),
      threads("pr_list_threads", (bitbucket, args) -> threads(bitbucket).list(args)),
      threads("pr_review", (bitbucket, args) -> threads(bitbucket).review(args)),
      threads("pr_reply", (bitbucket, args) -> threads(bitbucket).reply(args)),
      threads("pr_resolve_thread", (bitbucket, args) -> threads(bitbucket).resolve(args))));
  }

  private PullRequests pulls(BitbucketClient bound) {
    return new PullRequests(vertx, bound);
  }

  private BitbucketThreads threads(BitbucketClient bound) {
    return new BitbucketThreads(bound, pulls(bound));
  }
}
