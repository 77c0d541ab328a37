package dev.reviewgate.app;

import dev.reviewgate.ado.AdoBackendOptions;
import dev.reviewgate.ado.AdoVerticle;
import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.config.ToolTimeouts;
import dev.reviewgate.diff.DiffOptions;
import dev.reviewgate.diff.DiffVerticle;
import dev.reviewgate.forge.thread.ThreadRouterVerticle;
import dev.reviewgate.forge.thread.ThreadTools;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.GitVerticle;
import dev.reviewgate.gitea.GiteaBackendOptions;
import dev.reviewgate.gitea.GiteaVerticle;
import dev.reviewgate.github.GitHubBackendOptions;
import dev.reviewgate.github.GitHubVerticle;
import dev.reviewgate.bitbucket.BitbucketBackendOptions;
import dev.reviewgate.bitbucket.BitbucketVerticle;
import dev.reviewgate.gitlab.GitLabBackendOptions;
import dev.reviewgate.gitlab.GitLabVerticle;
import dev.reviewgate.review.DraftApprovalVerticle;
import dev.reviewgate.review.ReviewOptions;
import dev.reviewgate.review.ReviewVerticle;
import io.vertx.core.Deployable;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The backend verticles every front-end talks to, deployed into one Vert.x: the one table that says which backends
 * exist. Each row names the node roles it belongs to ({@code git}, {@code diff}, {@code github}, {@code ado}, {@code gitlab},
 * {@code gitea}, {@code bitbucket}, {@code review}), so a node can deploy only some of them, and builds its verticle the same way: typed
 * options from the configuration, then the verticle from those options and the catalog. No verticle reads the
 * configuration itself.
 */
final class Backends {

  /** The roles a node can take on; {@code front} (the HTTP and stdio front-ends) is not a backend. */
  static final List<String> ROLES = List.of("diff", "git", "review", "github", "ado", "gitlab", "gitea", "bitbucket");

  /**
   * One row: the roles it serves (deployed once when a node has any of them), its name, how to read its options from
   * the configuration, whether those options switch it on, and how to build it from them.
   */
  private record Backend<O>(Set<String> roles, String name, Function<ReviewgateConfig, O> options, Predicate<O> enabled,
                            BiFunction<O, ToolCatalog, Deployable> verticle) {

    /** The verticle, or null when its options switch it off; a bad configuration throws, naming the key. */
    Deployable build(ReviewgateConfig config, ToolCatalog catalog) {
      O built = options.apply(config);
      return enabled.test(built) ? verticle.apply(built, catalog) : null;
    }

    /** The same row, deployed only when its options say so. */
    Backend<O> when(Predicate<O> switchedOn) {
      return new Backend<>(roles, name, options, switchedOn, verticle);
    }
  }

  private static <O> Backend<O> row(Set<String> roles, String name, Function<ReviewgateConfig, O> options,
                                    BiFunction<O, ToolCatalog, Deployable> verticle) {
    return new Backend<>(roles, name, options, o -> true, verticle);
  }

  /** The roles of the rows deployed before {@code rest} is asked (they come first in {@link #ALL}). */
  private static final Set<String> GIT_FIRST = Set.of("diff", "git");

  private static final List<Backend<?>> ALL = List.of(
    row(Set.of("diff"), "DiffVerticle", config -> DiffOptions.from(config.section("diff")), DiffVerticle::new),
    row(Set.of("git"), "GitVerticle", config -> GitBackendOptions.from(config, workingDirectory()), GitVerticle::new),
    row(Set.of("review"), "ReviewVerticle", config -> ReviewOptions.from(config, workingDirectory()), ReviewVerticle::new)
      .when(ReviewOptions::enabled),
    row(Set.of("review"), "DraftApprovalVerticle", config -> ReviewOptions.from(config, workingDirectory()),
      DraftApprovalVerticle::new).when(ReviewOptions::enabled),
    row(Set.of("github"), "GitHubVerticle", config -> GitHubBackendOptions.from(config, System::getenv, workingDirectory()),
      GitHubVerticle::new),
    row(Set.of("ado"), "AdoVerticle", config -> AdoBackendOptions.from(config, System::getenv), AdoVerticle::new),
    row(Set.of("gitlab"), "GitLabVerticle", config -> GitLabBackendOptions.from(config, System::getenv), GitLabVerticle::new),
    row(Set.of("gitea"), "GiteaVerticle", config -> GiteaBackendOptions.from(config, System::getenv), GiteaVerticle::new),
    row(Set.of("bitbucket"), "BitbucketVerticle", config -> BitbucketBackendOptions.from(config, System::getenv),
      BitbucketVerticle::new),
    // The forge-neutral review-thread tools, routed to the forge each call names: once per node with a forge role.
    row(Set.of("github", "ado", "gitlab", "gitea", "bitbucket"), "ThreadRouterVerticle", ToolTimeouts::from, ThreadRouterVerticle::new));

  private Backends() {
  }

  /**
   * Deploys the backends of the node's roles, telling {@code observer} of each deployment (name, future deployment
   * id); clustered, then records in the cluster which addresses this node serves.
   */
  static Future<Void> deploy(Node node, ReviewgateConfig config, BiConsumer<String, Future<String>> observer) {
    return deploy(node, config, observer, Future::succeededFuture);
  }

  /**
   * As {@link #deploy(Node, ReviewgateConfig, BiConsumer)}; each backend after git's and the diff engine's (reviews,
   * forges) waits for {@code rest}, asked again before each of them, so that a caller can let them start one at a time.
   */
  static Future<Void> deploy(Node node, ReviewgateConfig config, BiConsumer<String, Future<String>> observer,
                             Supplier<Future<?>> rest) {
    Future<Void> deployed = deploy(node.vertx(), config, node.backendRoles(), observer, rest);
    return node.clustered()
      ? deployed.compose(v -> node.cluster().register(addresses(ToolCatalog.standard(), node.backendRoles())))
      : deployed;
  }

  /**
   * The tool addresses the backends of {@code roles} serve: a role's tools live at {@code reviewgate.<role>.*}, and
   * every forge role also serves the forge-neutral review-thread tools.
   */
  static Set<String> addresses(ToolCatalog catalog, Set<String> roles) {
    Set<String> addresses = new TreeSet<>();
    boolean forge = roles.contains("github") || roles.contains("ado") || roles.contains("gitlab")
      || roles.contains("gitea") || roles.contains("bitbucket");
    for (Tool tool : catalog.tools()) {
      for (String role : roles) {
        if (tool.address().startsWith(Addresses.PREFIX + role + ".") || (forge && ThreadTools.TOOLS.contains(tool.name()))) {
          addresses.add(tool.address());
        }
      }
    }
    return addresses;
  }

  /** Deploys the backends of the given roles (a node's share of the table). */
  static Future<Void> deploy(Vertx vertx, ReviewgateConfig config, Set<String> roles,
                             BiConsumer<String, Future<String>> observer) {
    return deploy(vertx, config, roles, observer, Future::succeededFuture);
  }

  /** As {@link #deploy(Node, ReviewgateConfig, BiConsumer, Supplier)}, into {@code vertx}, for {@code roles}. */
  static Future<Void> deploy(Vertx vertx, ReviewgateConfig config, Set<String> roles,
                             BiConsumer<String, Future<String>> observer, Supplier<Future<?>> rest) {
    Future<Void> chain = Future.succeededFuture();
    for (Backend<?> backend : rows(roles)) {
      if (!GIT_FIRST.containsAll(backend.roles())) {
        chain = chain.compose(v -> rest.get().mapEmpty());
      }
      chain = chain.compose(v -> deploy(vertx, config, backend, observer)
        .recover(failure -> Future.failedFuture(new IllegalStateException(backend.name() + " did not start: " + failure.getMessage(), failure)))
        .mapEmpty());
    }
    return chain;
  }

  /** One row, built when its turn comes: options the row refuses fail the start as a verticle that does not start does. */
  private static Future<?> deploy(Vertx vertx, ReviewgateConfig config, Backend<?> backend, BiConsumer<String, Future<String>> observer) {
    Deployable verticle;
    try {
      verticle = backend.build(config, ToolCatalog.standard());
    } catch (RuntimeException refused) {
      return Future.failedFuture(refused);
    }
    return verticle == null ? Future.succeededFuture() : observe(observer, backend.name(), vertx.deployVerticle(verticle));
  }

  /** The rows a node with {@code roles} would deploy under {@code config}: each built (options read, verticle made), none deployed. */
  static List<String> wouldDeploy(ReviewgateConfig config, Set<String> roles) {
    return rows(roles).stream().filter(backend -> backend.build(config, ToolCatalog.standard()) != null).map(Backend::name).toList();
  }

  private static List<Backend<?>> rows(Set<String> roles) {
    return ALL.stream().filter(backend -> backend.roles().stream().anyMatch(roles::contains)).toList();
  }

  /** Where the process was started: its repository is the default one and holds the reviews. */
  static Path workingDirectory() {
    return Path.of("").toAbsolutePath();
  }

  private static Future<String> observe(BiConsumer<String, Future<String>> observer, String name, Future<String> deployment) {
    observer.accept(name, deployment);
    return deployment;
  }
}
