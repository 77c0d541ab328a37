package dev.reviewgate.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The standard catalog's resource templates, prompt and completions as clients see them, byte for byte: stand-in
 * git backends answer on the real bus through the real {@link ToolEndpoint} (so arguments are checked against the
 * tools' schemas), and every text and code a client can get is pinned here.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StandardContentTest {

  private static final String MODERN = "2026-07-28";
  private static final String DIFF = "git://{repo}/diff/{base}..{head}";
  private static final String FILE = "git://{repo}/file/{rev}/{path}";

  private Vertx vertx;
  private McpConnection connection;
  private final AtomicBoolean reposFail = new AtomicBoolean();

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx();
    ToolCatalog catalog = ToolCatalog.standard();
    Future.all(
      ToolEndpoint.serve(vertx, catalog, "git_diff", arguments -> switch (arguments.getString("base")) {
        case "missing" -> Future.failedFuture(ToolException.notFound("unknown revision 'missing'"));
        case "broken" -> Future.failedFuture(new IllegalStateException("disk on fire"));
        case "nodiff" -> Future.succeededFuture(new JsonObject().put("summary", new JsonObject()).put("warnings", new JsonArray()));
        default -> Future.succeededFuture(new JsonObject().put("summary", new JsonObject()).put("warnings", new JsonArray())
          .put("diff", "diff " + arguments.getString("repo") + " " + arguments.getString("base") + ".." + arguments.getString("head")));
      }),
      ToolEndpoint.serve(vertx, catalog, "git_show_file", arguments -> {
        JsonObject reply = new JsonObject().put("sha", "abc").put("path", arguments.getString("path"));
        return Future.succeededFuture(arguments.getString("path").endsWith(".png") ? reply.put("binary", true).putNull("content")
          : reply.put("content", "at " + arguments.getString("revision") + " in " + arguments.getString("repo") + ": " + arguments.getString("path")));
      }),
      ToolEndpoint.serve(vertx, catalog, "git_repos", arguments -> reposFail.get()
        ? Future.failedFuture(ToolException.notFound("no repositories"))
        : Future.succeededFuture(new JsonObject().put("repos", new JsonArray()
          .add(new JsonObject().put("name", "alpha").put("default_branch", "main").put("head", "abc123")
            .put("branches", new JsonArray().add("main").add("feature/x")).put("tags", new JsonArray().add(new JsonObject().put("name", "v1"))))
          .add(new JsonObject().put("name", "beta").put("default_branch", "trunk").put("head", "def456"))
          .add("gamma")
          .add(new JsonObject().put("name", "big").put("branches",
            new JsonArray(IntStream.range(0, 150).mapToObj(i -> String.format("b%03d", i)).toList()))))
          .put("default", "alpha")))
    ).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    connection = McpServer.builder(vertx, catalog).build().connect(Outbound.NONE);
    request(0, "initialize", new JsonObject().put("protocolVersion", "2025-11-25").put("capabilities", new JsonObject()));
  }

  @AfterEach
  void stop() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  private JsonObject request(Object id, String method, JsonObject params) throws Exception {
    return connection.handle(JsonRpc.request(id, method, params).encode()).toCompletionStage().toCompletableFuture()
      .get(10, TimeUnit.SECONDS);
  }

  private JsonObject result(String method, JsonObject params) throws Exception {
    JsonObject response = request(1, method, params);
    assertThat(response.containsKey("error")).as(response.encode()).isFalse();
    return response.getJsonObject("result");
  }

  private JsonObject error(String method, JsonObject params) throws Exception {
    JsonObject response = request(1, method, params);
    assertThat(response.containsKey("error")).as(response.encode()).isTrue();
    return response.getJsonObject("error");
  }

  private JsonObject read(String uri) throws Exception {
    return result("resources/read", new JsonObject().put("uri", uri)).getJsonArray("contents").getJsonObject(0);
  }

  private JsonObject complete(JsonObject ref, String argument, String value, JsonObject context) throws Exception {
    JsonObject params = new JsonObject().put("ref", ref).put("argument", new JsonObject().put("name", argument).put("value", value));
    if (context != null) {
      params.put("context", new JsonObject().put("arguments", context));
    }
    return result("completion/complete", params).getJsonObject("completion");
  }

  private static JsonObject prompt(String name) {
    return new JsonObject().put("type", "ref/prompt").put("name", name);
  }

  private static JsonObject template(String uri) {
    return new JsonObject().put("type", "ref/resource").put("uri", uri);
  }

  @Test
  void templatesAreListedAsBefore() throws Exception {
    assertThat(result("resources/list", null).encode()).isEqualTo("{\"resources\":[]}");
    assertThat(result("resources/templates/list", null).getJsonArray("resourceTemplates").encode()).isEqualTo(new JsonArray()
      .add(new JsonObject().put("uriTemplate", DIFF).put("name", "git-diff").put("title", "Diff between two revisions")
        .put("description", "The unified diff from base to head (as git diff base..head) in a configured repository; "
          + "repo is a name from git_repos, base and head any revision (branch, tag, SHA, HEAD~2). Write / in a revision as %2F.")
        .put("mimeType", "text/x-diff"))
      .add(new JsonObject().put("uriTemplate", FILE).put("name", "git-file").put("title", "File at a revision")
        .put("description", "A file's content at a revision in a configured repository; path is relative to the "
          + "repository root. Write / in the revision as %2F.")
        .put("mimeType", "text/plain")).encode());
  }

  @Test
  void urisArePercentDecodedIntoTheToolsArguments() throws Exception {
    assertThat(read("git://alpha/diff/main..feature%2Fx").encode()).isEqualTo(new JsonObject()
      .put("uri", "git://alpha/diff/main..feature%2Fx").put("mimeType", "text/x-diff").put("text", "diff alpha main..feature/x").encode());
    assertThat(read("git://alpha/diff/HEAD~2..HEAD").getString("text")).isEqualTo("diff alpha HEAD~2..HEAD");
    assertThat(read("git://alpha/diff/v1.0..v1.1").getString("text")).isEqualTo("diff alpha v1.0..v1.1");
    assertThat(read("git://alpha/file/release%2F2/src/a%20b+c.txt").encode()).isEqualTo(new JsonObject()
      .put("uri", "git://alpha/file/release%2F2/src/a%20b+c.txt").put("mimeType", "text/plain").put("text", "at release/2 in alpha: src/a b+c.txt").encode());
    assertThat(read("git://alpha/file/HEAD/%C3%A9t%C3%A9/%zz").getString("text")).as("UTF-8; a bad escape stays as written")
      .isEqualTo("at HEAD in alpha: été/%zz");
  }

  @Test
  void aReplyWithoutItsTextFieldIsReadAsJson() throws Exception {
    JsonObject binary = read("git://alpha/file/HEAD/logo.png");
    assertThat(binary.getString("mimeType")).isEqualTo("application/json");
    assertThat(new JsonObject(binary.getString("text"))).isEqualTo(new JsonObject().put("sha", "abc").put("path", "logo.png")
      .put("binary", true).putNull("content"));
    assertThat(read("git://alpha/diff/nodiff..HEAD").getString("mimeType")).isEqualTo("application/json");
  }

  @Test
  void unreadableUrisAndBackendFailuresKeepTheirCodesAndTexts() throws Exception {
    String readable = "; readable URIs follow " + DIFF + " or " + FILE + " (see resources/templates/list)";
    // Three dots are git's merge-base range, not base..head: refused rather than read as a different split.
    JsonObject threeDots = error("resources/read", new JsonObject().put("uri", "git://alpha/diff/a...b"));
    assertThat(threeDots.encode()).isEqualTo(new JsonObject().put("code", -32002)
      .put("message", "Resource not found: no resource git://alpha/diff/a...b" + readable)
      .put("data", new JsonObject().put("uri", "git://alpha/diff/a...b")).encode());
    assertThat(error("resources/read", new JsonObject().put("uri", "git://alpha/log/HEAD")).getString("message"))
      .isEqualTo("Resource not found: no resource git://alpha/log/HEAD" + readable);
    assertThat(error("resources/read", new JsonObject().put("uri", "git://alpha/file/HEAD")).getInteger("code")).isEqualTo(-32002);
    assertThat(error("resources/read", new JsonObject()).encode()).isEqualTo(new JsonObject().put("code", -32602)
      .put("message", "Invalid params: resources/read needs \"uri\", e.g. git://REPO/diff/BASE..HEAD.").encode());

    JsonObject notFound = error("resources/read", new JsonObject().put("uri", "git://alpha/diff/missing..HEAD"));
    assertThat(notFound.encode()).isEqualTo(new JsonObject().put("code", -32002)
      .put("message", "Resource not found: unknown revision 'missing'")
      .put("data", new JsonObject().put("uri", "git://alpha/diff/missing..HEAD")).encode());
    JsonObject invalid = error("resources/read", new JsonObject().put("uri", "git://-alpha/diff/a..b"));
    assertThat(invalid.getInteger("code")).isEqualTo(-32602);
    assertThat(invalid.getString("message")).startsWith("invalid arguments for git_diff:").contains("argument 'repo'");
    JsonObject internal = error("resources/read", new JsonObject().put("uri", "git://alpha/diff/broken..HEAD"));
    assertThat(internal.getInteger("code")).isEqualTo(-32603);

    JsonObject modern = connection.handle(JsonRpc.request(2, "resources/read", new JsonObject().put("uri", "git://alpha/diff/a...b")
      .put("_meta", new JsonObject().put("io.modelcontextprotocol/protocolVersion", MODERN)
        .put("io.modelcontextprotocol/clientCapabilities", new JsonObject())
        .put("io.modelcontextprotocol/clientInfo", new JsonObject().put("name", "t").put("version", "1")))).encode())
      .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    assertThat(modern.getJsonObject("error").getInteger("code")).as("2026-07-28: invalid params").isEqualTo(-32602);
    assertThat(modern.getJsonObject("error").getString("message")).startsWith("Resource not found: no resource git://alpha/diff/a...b");
  }

  @Test
  void thePromptIsListedAndBuiltAsBefore() throws Exception {
    assertThat(result("prompts/list", null).getJsonArray("prompts").encode()).isEqualTo(new JsonArray().add(new JsonObject()
      .put("name", "review_range").put("title", "Review a range of commits")
      .put("description", "Review the changes from base to head in a repository: the diff is attached; the "
        + "model is asked for correctness, risk and test findings with file:line references.")
      .put("arguments", new JsonArray()
        .add(new JsonObject().put("name", "repo").put("description", "Repository name (see git_repos).").put("required", true))
        .add(new JsonObject().put("name", "base").put("description", "Base revision, e.g. main or a SHA.").put("required", true))
        .add(new JsonObject().put("name", "head").put("description", "Head revision; HEAD when omitted.").put("required", false)))).encode());

    JsonObject built = result("prompts/get", new JsonObject().put("name", "review_range")
      .put("arguments", new JsonObject().put("repo", "alpha").put("base", "main").put("other", "ignored")));
    String instructions = "Review the changes from main to HEAD in repository alpha. The diff is attached. Report, most "
      + "important first: bugs and correctness risks, security issues, missing or weak tests, and unclear code; cite each "
      + "finding as path:line (new-file line numbers). If the diff says files were left out, fetch them with git_diff "
      + "(files, skip/top) before concluding.";
    assertThat(built.encode()).isEqualTo(new JsonObject().put("description", "Review of main..HEAD in alpha")
      .put("messages", new JsonArray()
        .add(new JsonObject().put("role", "user").put("content", new JsonObject().put("type", "text").put("text", instructions)))
        .add(new JsonObject().put("role", "user").put("content", new JsonObject().put("type", "resource").put("resource",
          new JsonObject().put("uri", "git://alpha/diff/main..HEAD").put("mimeType", "text/x-diff").put("text", "diff alpha main..HEAD")))))
      .encode());
    JsonObject withHead = result("prompts/get", new JsonObject().put("name", "review_range")
      .put("arguments", new JsonObject().put("repo", "alpha").put("base", "main").put("head", "feature/x")));
    assertThat(withHead.getJsonArray("messages").getJsonObject(1).getJsonObject("content").getJsonObject("resource").getString("uri"))
      .as("the URI as written, not encoded").isEqualTo("git://alpha/diff/main..feature/x");
    JsonObject noDiff = result("prompts/get", new JsonObject().put("name", "review_range")
      .put("arguments", new JsonObject().put("repo", "alpha").put("base", "nodiff")));
    JsonObject resource = noDiff.getJsonArray("messages").getJsonObject(1).getJsonObject("content").getJsonObject("resource");
    assertThat(resource.getString("mimeType")).isEqualTo("text/x-diff");
    assertThat(new JsonObject(resource.getString("text")).containsKey("summary")).isTrue();
  }

  @Test
  void promptErrorsKeepTheirTexts() throws Exception {
    assertThat(error("prompts/get", new JsonObject().put("name", "nope")).encode()).isEqualTo(new JsonObject().put("code", -32602)
      .put("message", "Invalid params: unknown prompt nope; the prompt offered is review_range.").encode());
    assertThat(error("prompts/get", new JsonObject()).getString("message"))
      .isEqualTo("Invalid params: unknown prompt null; the prompt offered is review_range.");
    String needsBase = "Invalid params: prompt review_range needs argument \"base\" (a string).";
    assertThat(error("prompts/get", new JsonObject().put("name", "review_range").put("arguments", new JsonObject().put("repo", "alpha")))
      .getString("message")).isEqualTo(needsBase);
    assertThat(error("prompts/get", new JsonObject().put("name", "review_range")
      .put("arguments", new JsonObject().put("repo", "alpha").put("base", " "))).getString("message")).isEqualTo(needsBase);
    assertThat(error("prompts/get", new JsonObject().put("name", "review_range")
      .put("arguments", new JsonObject().put("repo", "alpha").put("base", "main").put("head", 7))).getString("message"))
      .isEqualTo("Invalid params: prompt review_range needs argument \"head\" (a string).");
    assertThat(error("prompts/get", new JsonObject().put("name", "review_range")).getString("message"))
      .isEqualTo("Invalid params: prompt review_range needs argument \"repo\" (a string).");
    assertThat(error("prompts/get", new JsonObject().put("name", "review_range")
      .put("arguments", new JsonObject().put("repo", "alpha").put("base", "missing"))).encode()).isEqualTo(new JsonObject()
      .put("code", -32602).put("message", "Cannot build the review of missing..HEAD in alpha: unknown revision 'missing'").encode());
  }

  @Test
  void completionOffersRepositoriesAndTheirRevisions() throws Exception {
    assertThat(complete(prompt("review_range"), "repo", "", null).encode()).isEqualTo(new JsonObject()
      .put("values", new JsonArray(List.of("alpha", "beta", "gamma", "big"))).put("total", 4).put("hasMore", false).encode());
    assertThat(complete(template(DIFF), "repo", "b", null).getJsonArray("values")).containsExactly("beta", "big");
    assertThat(complete(prompt("review_range"), "base", "", new JsonObject().put("repo", "alpha")).getJsonArray("values"))
      .as("HEAD first, then head, default branch, branches, tags; no repeats")
      .containsExactly("HEAD", "abc123", "main", "feature/x", "v1");
    assertThat(complete(template(FILE), "rev", "", new JsonObject().put("repo", "beta")).getJsonArray("values"))
      .containsExactly("HEAD", "def456", "trunk");
    assertThat(complete(template(DIFF), "head", "", new JsonObject().put("repo", "gamma")).getJsonArray("values")).containsExactly("HEAD");
    assertThat(complete(template(DIFF), "head", "t", null).getJsonArray("values")).as("every repository's").containsExactly("trunk");
    JsonObject many = complete(template(DIFF), "base", "b", new JsonObject().put("repo", "big"));
    assertThat(many.getJsonArray("values")).hasSize(100).startsWith("b000");
    assertThat(many.getInteger("total")).isEqualTo(150);
    assertThat(many.getBoolean("hasMore")).isTrue();
    assertThat(complete(template(FILE), "path", "src", null).encode()).as("nothing declared for path")
      .isEqualTo("{\"values\":[],\"total\":0,\"hasMore\":false}");
    assertThat(complete(prompt("review_range"), "nope", "", null).getJsonArray("values")).isEmpty();
    reposFail.set(true);
    assertThat(complete(prompt("review_range"), "repo", "", null).encode()).as("a failing tool completes nothing")
      .isEqualTo("{\"values\":[],\"total\":0,\"hasMore\":false}");
  }

  @Test
  void completionErrorsKeepTheirTexts() throws Exception {
    assertThat(error("completion/complete", new JsonObject()).encode()).isEqualTo(new JsonObject().put("code", -32602)
      .put("message", "Invalid params: completion/complete needs \"ref\" ({type: ref/prompt, name} or {type: ref/resource, uri}).").encode());
    assertThat(error("completion/complete", new JsonObject().put("ref", prompt("review_range"))).getString("message"))
      .isEqualTo("Invalid params: completion/complete needs \"argument\": {name, value}.");
    JsonObject unknown = template("git://{repo}/log");
    assertThat(error("completion/complete", new JsonObject().put("ref", unknown)
      .put("argument", new JsonObject().put("name", "repo").put("value", ""))).getString("message"))
      .isEqualTo("Invalid params: nothing to complete for " + unknown.encode()
        + "; completion covers prompt review_range and the git:// resource templates.");
  }
}
