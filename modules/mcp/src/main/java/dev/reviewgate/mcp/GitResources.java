package dev.reviewgate.mcp;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.Tool;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Resource templates over the git tools: {@code git://{repo}/diff/{base}..{head}} reads a diff and
 * {@code git://{repo}/file/{rev}/{path}} a file at a revision. Each template is offered only while its tool is in
 * the catalog. URI parts are percent-decoded; a revision containing {@code /} must be written {@code %2F}.
 */
final class GitResources {

  static final String DIFF_TEMPLATE = "git://{repo}/diff/{base}..{head}";
  static final String FILE_TEMPLATE = "git://{repo}/file/{rev}/{path}";
  static final String GIT_DIFF = "git_diff";
  static final String GIT_SHOW_FILE = "git_show_file";

  private static final Pattern DIFF_URI = Pattern.compile("git://([^/]+)/diff/([^/]+?)\\.\\.([^/]+)");
  private static final Pattern FILE_URI = Pattern.compile("git://([^/]+)/file/([^/]+)/(.+)");

  private final McpServer server;

  GitResources(McpServer server) {
    this.server = server;
  }

  /** Direct resources: none; everything is reached through the templates. */
  JsonObject list(JsonObject params) {
    return Pages.page(params, List.<JsonObject>of(), server.options().pageSize(), "resources", item -> item);
  }

  JsonObject templates(JsonObject params) {
    List<JsonObject> templates = new ArrayList<>();
    if (tool(GIT_DIFF).isPresent()) {
      templates.add(new JsonObject().put("uriTemplate", DIFF_TEMPLATE).put("name", "git-diff")
        .put("title", "Diff between two revisions")
        .put("description", "The unified diff from base to head (as git diff base..head) in a configured repository; "
          + "repo is a name from git_repos, base and head any revision (branch, tag, SHA, HEAD~2). Write / in a revision as %2F.")
        .put("mimeType", "text/x-diff"));
    }
    if (tool(GIT_SHOW_FILE).isPresent()) {
      templates.add(new JsonObject().put("uriTemplate", FILE_TEMPLATE).put("name", "git-file")
        .put("title", "File at a revision")
        .put("description", "A file's content at a revision in a configured repository; path is relative to the "
          + "repository root. Write / in the revision as %2F.")
        .put("mimeType", "text/plain"));
    }
    return Pages.page(params, templates, server.options().pageSize(), "resourceTemplates", item -> item);
  }

  Future<JsonObject> read(RequestContext request, JsonObject params) {
    if (!(params.getValue("uri") instanceof String uri)) {
      throw JsonRpcException.invalidParams("Invalid params: resources/read needs \"uri\", e.g. git://REPO/diff/BASE..HEAD.");
    }
    Optional<Target> target = parse(uri);
    if (target.isEmpty() || tool(target.get().tool()).isEmpty()) {
      throw notFound(request, uri, "no resource " + uri + "; readable URIs follow " + DIFF_TEMPLATE + " or " + FILE_TEMPLATE
        + " (see resources/templates/list)");
    }
    Tool tool = tool(target.get().tool()).get();
    return server.callTool(tool, target.get().arguments())
      .recover(failure -> Future.failedFuture(toRpc(request, uri, BusRequests.toToolException(tool.address(), failure))))
      .map(reply -> new JsonObject().put("contents", new JsonArray().add(content(uri, target.get(), reply))));
  }

  /** Arguments of the git tool a URI stands for, or empty if it matches no template. */
  static Optional<Target> parse(String uri) {
    Matcher diff = DIFF_URI.matcher(uri);
    if (diff.matches() && !diff.group(3).startsWith(".")) {
      return Optional.of(new Target(GIT_DIFF, "text/x-diff", new JsonObject()
        .put("repo", decode(diff.group(1))).put("base", decode(diff.group(2))).put("head", decode(diff.group(3)))));
    }
    Matcher file = FILE_URI.matcher(uri);
    if (file.matches()) {
      return Optional.of(new Target(GIT_SHOW_FILE, "text/plain", new JsonObject()
        .put("repo", decode(file.group(1))).put("revision", decode(file.group(2))).put("path", decode(file.group(3)))));
    }
    return Optional.empty();
  }

  record Target(String tool, String mimeType, JsonObject arguments) {
  }

  private Optional<Tool> tool(String name) {
    return server.catalog().byName(name);
  }

  private static JsonObject content(String uri, Target target, JsonObject reply) {
    for (String key : List.of("diff", "content", "text")) {
      if (reply.getValue(key) instanceof String text) {
        return new JsonObject().put("uri", uri).put("mimeType", target.mimeType()).put("text", text);
      }
    }
    return new JsonObject().put("uri", uri).put("mimeType", "application/json").put("text", reply.encode());
  }

  private static JsonRpcException toRpc(RequestContext request, String uri, ToolException failure) {
    return switch (failure.code()) {
      case Failure.NOT_FOUND -> notFound(request, uri, failure.getMessage());
      case Failure.INVALID_ARGUMENTS, Failure.NOT_ALLOWED, Failure.TOO_LARGE ->
        new JsonRpcException(JsonRpc.INVALID_PARAMS, failure.getMessage(), new JsonObject().put("uri", uri));
      default -> new JsonRpcException(JsonRpc.INTERNAL_ERROR, failure.getMessage(), new JsonObject().put("uri", uri));
    };
  }

  /** Resource not found: -32002 in the session era, -32602 from 2026-07-28 on. */
  private static JsonRpcException notFound(RequestContext request, String uri, String message) {
    int code = request.era() == ProtocolEra.SESSION ? JsonRpc.RESOURCE_NOT_FOUND_LEGACY : JsonRpc.INVALID_PARAMS;
    return new JsonRpcException(code, "Resource not found: " + message, new JsonObject().put("uri", uri));
  }

  /** Percent-decoding as in URIs ({@code +} stays a plus). */
  static String decode(String part) {
    if (part.indexOf('%') < 0) {
      return part;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < part.length(); i++) {
      char c = part.charAt(i);
      int high = c == '%' && i + 2 < part.length() ? Character.digit(part.charAt(i + 1), 16) : -1;
      int low = high >= 0 ? Character.digit(part.charAt(i + 2), 16) : -1;
      if (low >= 0) {
        bytes.write(high * 16 + low);
        i += 2;
      } else {
        byte[] encoded = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        bytes.write(encoded, 0, encoded.length);
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
