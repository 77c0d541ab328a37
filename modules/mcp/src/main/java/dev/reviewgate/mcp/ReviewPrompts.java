package dev.reviewgate.mcp;

import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.Tool;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code review_range} prompt: "review this range" with the diff embedded as a resource, so a client that
 * offers prompts as slash commands starts a review in one step. Offered while {@code git_diff} is in the catalog.
 */
final class ReviewPrompts {

  static final String REVIEW_RANGE = "review_range";

  private final McpServer server;

  ReviewPrompts(McpServer server) {
    this.server = server;
  }

  JsonObject list(JsonObject params) {
    List<JsonObject> prompts = new ArrayList<>();
    if (gitDiff().isPresent()) {
      prompts.add(new JsonObject().put("name", REVIEW_RANGE).put("title", "Review a range of commits")
        .put("description", "Review the changes from base to head in a repository: the diff is attached; the "
          + "model is asked for correctness, risk and test findings with file:line references.")
        .put("arguments", new JsonArray()
          .add(argument("repo", "Repository name (see git_repos).", true))
          .add(argument("base", "Base revision, e.g. main or a SHA.", true))
          .add(argument("head", "Head revision; HEAD when omitted.", false))));
    }
    return Pages.page(params, prompts, server.options().pageSize(), "prompts", item -> item);
  }

  Future<JsonObject> get(RequestContext request, JsonObject params) {
    if (!(params.getValue("name") instanceof String name) || !name.equals(REVIEW_RANGE) || gitDiff().isEmpty()) {
      throw JsonRpcException.invalidParams("Invalid params: unknown prompt " + params.getValue("name")
        + (gitDiff().isPresent() ? "; the prompt offered is " + REVIEW_RANGE + "." : "; no prompts are offered without git tools."));
    }
    Object argumentsValue = params.getValue("arguments");
    JsonObject arguments = argumentsValue instanceof JsonObject object ? object : new JsonObject();
    String repo = stringArgument(arguments, "repo", true);
    String base = stringArgument(arguments, "base", true);
    String head = Optional.ofNullable(stringArgument(arguments, "head", false)).orElse("HEAD");
    Tool tool = gitDiff().get();
    JsonObject diffArguments = new JsonObject().put("repo", repo).put("base", base).put("head", head);
    String uri = "git://" + repo + "/diff/" + base + ".." + head;
    return server.callTool(tool, diffArguments)
      .recover(failure -> Future.failedFuture(JsonRpcException.invalidParams(
        "Cannot build the review of " + base + ".." + head + " in " + repo + ": "
          + BusRequests.toToolException(tool.address(), failure).getMessage())))
      .map(reply -> {
        String diff = reply.getValue("diff") instanceof String text ? text : reply.encode();
        String instructions = "Review the changes from " + base + " to " + head + " in repository " + repo + ". "
          + "The diff is attached. Report, most important first: bugs and correctness risks, security issues, missing or "
          + "weak tests, and unclear code; cite each finding as path:line (new-file line numbers). If the diff says files "
          + "were left out, fetch them with git_diff (files, skip/top) before concluding.";
        return new JsonObject()
          .put("description", "Review of " + base + ".." + head + " in " + repo)
          .put("messages", new JsonArray()
            .add(message(ToolResults.text(instructions)))
            .add(message(new JsonObject().put("type", "resource").put("resource",
              new JsonObject().put("uri", uri).put("mimeType", "text/x-diff").put("text", diff)))));
      });
  }

  private Optional<Tool> gitDiff() {
    return server.catalog().byName(GitResources.GIT_DIFF);
  }

  private static JsonObject message(JsonObject content) {
    return new JsonObject().put("role", "user").put("content", content);
  }

  private static JsonObject argument(String name, String description, boolean required) {
    return new JsonObject().put("name", name).put("description", description).put("required", required);
  }

  private static String stringArgument(JsonObject arguments, String name, boolean required) {
    Object value = arguments.getValue(name);
    if (value == null && !required) {
      return null;
    }
    if (!(value instanceof String text) || text.isBlank()) {
      throw JsonRpcException.invalidParams("Invalid params: prompt " + REVIEW_RANGE + " needs argument \"" + name + "\" (a string).");
    }
    return text;
  }
}
