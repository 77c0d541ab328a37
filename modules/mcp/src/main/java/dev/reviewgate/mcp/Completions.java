package dev.reviewgate.mcp;

import dev.reviewgate.core.catalog.Tool;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code completion/complete} for the prompt's and the resource templates' arguments: repository names from
 * {@code git_repos}, revisions (branches and tags it reports per repository). Completion is a convenience: when the
 * git tools cannot answer, the list is empty rather than an error.
 */
final class Completions {

  static final String GIT_REPOS = "git_repos";
  private static final int MAX_VALUES = 100;
  private static final Set<String> REVISION_ARGUMENTS = Set.of("base", "head", "rev");

  private final McpServer server;

  Completions(McpServer server) {
    this.server = server;
  }

  Future<JsonObject> complete(RequestContext request, JsonObject params) {
    if (!(params.getValue("ref") instanceof JsonObject ref) || !(ref.getValue("type") instanceof String type)) {
      throw JsonRpcException.invalidParams("Invalid params: completion/complete needs \"ref\" ({type: ref/prompt, name} or {type: ref/resource, uri}).");
    }
    if (!(params.getValue("argument") instanceof JsonObject argument) || !(argument.getValue("name") instanceof String name)) {
      throw JsonRpcException.invalidParams("Invalid params: completion/complete needs \"argument\": {name, value}.");
    }
    boolean known = switch (type) {
      case "ref/prompt" -> ReviewPrompts.REVIEW_RANGE.equals(ref.getValue("name"));
      case "ref/resource" -> GitResources.DIFF_TEMPLATE.equals(ref.getValue("uri")) || GitResources.FILE_TEMPLATE.equals(ref.getValue("uri"));
      default -> false;
    };
    if (!known) {
      throw JsonRpcException.invalidParams("Invalid params: nothing to complete for " + ref.encode()
        + "; completion covers prompt " + ReviewPrompts.REVIEW_RANGE + " and the git:// resource templates.");
    }
    String prefix = argument.getValue("value") instanceof String value ? value : "";
    JsonObject context = params.getValue("context") instanceof JsonObject c && c.getValue("arguments") instanceof JsonObject a ? a : new JsonObject();
    Future<List<String>> candidates;
    if (name.equals("repo")) {
      candidates = repos().map(repos -> repos.stream().map(repo -> repo.getString("name")).toList());
    } else if (REVISION_ARGUMENTS.contains(name)) {
      String repoName = context.getValue("repo") instanceof String r ? r : null;
      candidates = repos().map(repos -> revisions(repos, repoName));
    } else {
      candidates = Future.succeededFuture(List.of());
    }
    return candidates.otherwise(List.of()).map(all -> {
      List<String> matching = all.stream().filter(v -> v != null && v.startsWith(prefix)).distinct().toList();
      JsonArray values = new JsonArray(new ArrayList<>(matching.subList(0, Math.min(MAX_VALUES, matching.size()))));
      return new JsonObject().put("completion", new JsonObject().put("values", values)
        .put("total", matching.size()).put("hasMore", matching.size() > MAX_VALUES));
    });
  }

  /** The repositories {@code git_repos} reports, as objects with at least a {@code name}. */
  private Future<List<JsonObject>> repos() {
    Tool tool = server.catalog().byName(GIT_REPOS).orElse(null);
    if (tool == null) {
      return Future.succeededFuture(List.of());
    }
    return server.callTool(tool, new JsonObject())
      .map(reply -> {
        List<JsonObject> repos = new ArrayList<>();
        for (Object entry : reply.getJsonArray("repos", new JsonArray())) {
          if (entry instanceof JsonObject object && object.getValue("name") instanceof String) {
            repos.add(object);
          } else if (entry instanceof String text) {
            repos.add(new JsonObject().put("name", text));
          }
        }
        return repos;
      });
  }

  /** Branch and tag names (and HEAD) of one repository, or of all when none is named. */
  private static List<String> revisions(List<JsonObject> repos, String repoName) {
    Set<String> names = new LinkedHashSet<>();
    names.add("HEAD");
    for (JsonObject repo : repos) {
      if (repoName != null && !repoName.equals(repo.getString("name"))) {
        continue;
      }
      for (String key : List.of("head", "default_branch", "branches", "tags", "refs")) {
        Object value = repo.getValue(key);
        if (value instanceof String text) {
          names.add(text);
        } else if (value instanceof JsonArray array) {
          array.forEach(item -> names.add(item instanceof JsonObject o ? o.getString("name") : String.valueOf(item)));
        }
      }
    }
    return new ArrayList<>(names);
  }
}
