package dev.reviewgate.app;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.ado.AdoVerticle;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.DiffVerticle;
import dev.reviewgate.forge.thread.ThreadRouterVerticle;
import dev.reviewgate.forge.thread.ThreadTools;
import dev.reviewgate.git.GitVerticle;
import dev.reviewgate.github.GitHubVerticle;
import dev.reviewgate.review.ReviewOptions;
import dev.reviewgate.review.ReviewVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The backend verticles every front-end talks to, deployed into one Vert.x: the one table that says which backends
 * exist. Each row names the node role it belongs to ({@code git}, {@code diff}, {@code github}, {@code ado}, {@code review}), so a
 * node can deploy only some of them; each reads its own section of the configuration.
 */
final class Backends {

  /** The roles a node can take on; {@code front} (the HTTP and stdio front-ends) is not a backend. */
  static final List<String> ROLES = List.of("diff", "git", "review", "github", "ado");

  /**
   * One backend: the roles it serves (deployed once when a node has any of them), its name, and how to build it from
   * the configuration (null when switched off).
   */
  private record Backend(Set<String> roles, String name, Function<ReviewgateConfig, io.vertx.core.Deployable> factory) {

    Backend(String role, String name, Function<ReviewgateConfig, io.vertx.core.Deployable> factory) {
      this(Set.of(role), name, factory);
    }
  }

  private static final List<Backend> ALL = List.of(
    new Backend("diff", "DiffVerticle", config -> new DiffVerticle(ToolCatalog.standard(), new DiffEngine(config.section("diff")))),
    // The default repository is the git repository of the working directory the process was started in.
    new Backend("git", "GitVerticle", config -> new GitVerticle(config, ToolCatalog.standard(), Path.of("").toAbsolutePath())),
    new Backend("review", "ReviewVerticle", config -> {
      ReviewOptions options = ReviewOptions.from(config);
      return options.enabled() ? new ReviewVerticle(options, ToolCatalog.standard(), Path.of("")) : null;
    }),
    new Backend("github", "GitHubVerticle", config -> new GitHubVerticle(config, ToolCatalog.standard())),
    new Backend("ado", "AdoVerticle", config -> new AdoVerticle(config, ToolCatalog.standard())),
    // The forge-neutral review-thread tools, routed to the forge each call names: once per node with a forge role.
    new Backend(Set.of("github", "ado"), "ThreadRouterVerticle", config -> new ThreadRouterVerticle(config, ToolCatalog.standard())));

  private Backends() {
  }

  /**
   * Deploys the backends of the node's roles, telling {@code observer} of each deployment (name, future deployment
   * id); clustered, then records in the cluster which addresses this node serves.
   */
  static Future<Void> deploy(Node node, ReviewgateConfig config, BiConsumer<String, Future<String>> observer) {
    Future<Void> deployed = deploy(node.vertx(), config, node.backendRoles(), observer);
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
    boolean forge = roles.contains("github") || roles.contains("ado");
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
    Future<Void> chain = Future.succeededFuture();
    for (Backend backend : ALL) {
      if (backend.roles().stream().noneMatch(roles::contains)) {
        continue;
      }
      io.vertx.core.Deployable verticle = backend.factory().apply(config);
      if (verticle == null) {
        continue;
      }
      chain = chain.compose(v -> observe(observer, backend.name(), vertx.deployVerticle(verticle,
          new DeploymentOptions().setConfig(config.json())))
        .recover(failure -> Future.failedFuture(new IllegalStateException(backend.name() + " did not start: " + failure.getMessage(), failure)))
        .mapEmpty());
    }
    return chain;
  }

  private static Future<String> observe(BiConsumer<String, Future<String>> observer, String name, Future<String> deployment) {
    observer.accept(name, deployment);
    return deployment;
  }
}
