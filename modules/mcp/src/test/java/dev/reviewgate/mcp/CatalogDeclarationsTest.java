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
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A catalog with no git in it ({@code src/test/resources/reviewgate/testcatalog}): its resource template, prompt and
 * completion sources over two note tools are served as declared, with no Java of their own.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CatalogDeclarationsTest {

  private Vertx vertx;
  private McpConnection connection;
  private final List<JsonObject> reads = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx();
    ToolCatalog catalog = ToolCatalog.load(getClass().getClassLoader(), "reviewgate/testcatalog/");
    Future.all(
      ToolEndpoint.serve(vertx, catalog, "note_read", arguments -> {
        reads.add(arguments);
        String title = arguments.getString("title");
        JsonObject reply = new JsonObject().put("book", arguments.getString("book")).put("title", title);
        return switch (title) {
          case "lost" -> Future.failedFuture(ToolException.notFound("no note lost in " + arguments.getString("book")));
          case "blank" -> Future.succeededFuture(reply);
          default -> Future.succeededFuture(reply.put("markdown", "# " + title + " (" + arguments.getString("book") + ")"));
        };
      }),
      ToolEndpoint.serve(vertx, catalog, "note_books", arguments -> Future.succeededFuture(new JsonObject().put("shelves", new JsonArray()
        .add(new JsonObject().put("id", "cookbook").put("notes", new JsonArray().add("pasta/carbonara").add("bread")))
        .add(new JsonObject().put("id", "diary").put("notes", new JsonArray().add("monday"))))))
    ).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    connection = McpServer.builder(vertx, catalog).build().connect(Outbound.NONE);
    request("initialize", new JsonObject().put("protocolVersion", "2025-11-25"));
  }

  @AfterEach
  void stop() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  private JsonObject request(String method, JsonObject params) throws Exception {
    return connection.handle(JsonRpc.request(1, method, params).encode()).toCompletionStage().toCompletableFuture()
      .get(10, TimeUnit.SECONDS);
  }

  @Test
  void theDeclaredTemplateIsListedAndReadThroughItsTool() throws Exception {
    assertThat(request("resources/templates/list", null).getJsonObject("result").getJsonArray("resourceTemplates").encode())
      .isEqualTo(new JsonArray().add(new JsonObject().put("uriTemplate", "memo://{book}/notes/{title}").put("name", "note")
        .put("title", "A note").put("description", "A note of a book; its title may contain /.").put("mimeType", "text/markdown")).encode());
    JsonObject read = request("resources/read", new JsonObject().put("uri", "memo://cookbook/notes/pasta/carbonara%20v2"))
      .getJsonObject("result").getJsonArray("contents").getJsonObject(0);
    assertThat(read.encode()).isEqualTo(new JsonObject().put("uri", "memo://cookbook/notes/pasta/carbonara%20v2")
      .put("mimeType", "text/markdown").put("text", "# pasta/carbonara v2 (cookbook)").encode());
    assertThat(reads).containsExactly(new JsonObject().put("book", "cookbook").put("title", "pasta/carbonara v2"));
    assertThat(request("resources/read", new JsonObject().put("uri", "memo://cookbook/notes/blank")).getJsonObject("result")
      .getJsonArray("contents").getJsonObject(0).getString("mimeType")).isEqualTo("application/json");

    JsonObject lost = request("resources/read", new JsonObject().put("uri", "memo://cookbook/notes/lost")).getJsonObject("error");
    assertThat(lost.getInteger("code")).isEqualTo(JsonRpc.RESOURCE_NOT_FOUND_LEGACY);
    assertThat(lost.getString("message")).isEqualTo("Resource not found: no note lost in cookbook");
    JsonObject git = request("resources/read", new JsonObject().put("uri", "git://r/diff/a..b")).getJsonObject("error");
    assertThat(git.getString("message")).isEqualTo("Resource not found: no resource git://r/diff/a..b; readable URIs follow "
      + "memo://{book}/notes/{title} (see resources/templates/list)");
    assertThat(request("resources/read", new JsonObject().put("uri", "memo://Cook/notes/x")).getJsonObject("error")
      .getString("message")).as("the tool's own schema still checks the arguments").contains("argument 'book'");
    assertThat(request("resources/read", new JsonObject()).getJsonObject("error").getString("message"))
      .isEqualTo("Invalid params: resources/read needs \"uri\", e.g. memo://BOOK/notes/TITLE.");
  }

  @Test
  void theDeclaredPromptFillsItsMessagesAndMapsItsArguments() throws Exception {
    assertThat(request("prompts/list", null).getJsonObject("result").getJsonArray("prompts").getJsonObject(0).getJsonArray("arguments")
      .stream().map(argument -> ((JsonObject) argument).getString("name"))).containsExactly("book", "note", "heading", "reader");
    JsonObject built = request("prompts/get", new JsonObject().put("name", "summarize_note")
      .put("arguments", new JsonObject().put("book", "diary").put("note", "monday"))).getJsonObject("result");
    assertThat(reads).as("note goes to title, reader's default to audience, heading omitted")
      .containsExactly(new JsonObject().put("book", "diary").put("title", "monday").put("audience", "a reader in a hurry"));
    assertThat(built.encode()).as("no resultDescription declared, so no description").isEqualTo(new JsonObject().put("messages", new JsonArray()
      .add(new JsonObject().put("role", "user").put("content", new JsonObject().put("type", "resource").put("resource", new JsonObject()
        .put("uri", "memo://diary/notes/monday").put("mimeType", "text/markdown").put("text", "# monday (diary)"))))
      .add(new JsonObject().put("role", "user").put("content", new JsonObject().put("type", "text")
        .put("text", "Summarize the note above (monday in diary) for a reader in a hurry.")))
      .add(new JsonObject().put("role", "assistant").put("content", new JsonObject().put("type", "text").put("text", "Summary of monday:"))))
      .encode());
    request("prompts/get", new JsonObject().put("name", "summarize_note")
      .put("arguments", new JsonObject().put("book", "diary").put("note", "monday").put("heading", "Evening").put("reader", "{book}")));
    assertThat(reads.get(1)).isEqualTo(new JsonObject().put("book", "diary").put("title", "monday").put("heading", "Evening").put("audience", "{book}"));

    assertThat(request("prompts/get", new JsonObject().put("name", "summarize_note")
      .put("arguments", new JsonObject().put("book", "diary").put("note", "lost"))).getJsonObject("error").getString("message"))
      .isEqualTo("No summary of lost: no note lost in diary");
    assertThat(request("prompts/get", new JsonObject().put("name", "summarize_note")
      .put("arguments", new JsonObject().put("book", "diary"))).getJsonObject("error").getString("message"))
      .isEqualTo("Invalid params: prompt summarize_note needs argument \"note\" (a string).");
    assertThat(request("prompts/get", new JsonObject().put("name", "review_range")).getJsonObject("error").getString("message"))
      .isEqualTo("Invalid params: unknown prompt review_range; the prompt offered is summarize_note.");
  }

  @Test
  void completionComesFromTheDeclaredSources() throws Exception {
    JsonObject template = new JsonObject().put("type", "ref/resource").put("uri", "memo://{book}/notes/{title}");
    assertThat(complete(template, "book", "", null)).containsExactly("cookbook", "diary");
    assertThat(complete(template, "title", "", new JsonObject().put("book", "cookbook"))).containsExactly("pasta/carbonara", "bread");
    assertThat(complete(template, "title", "", null)).containsExactly("pasta/carbonara", "bread", "monday");
    JsonObject prompt = new JsonObject().put("type", "ref/prompt").put("name", "summarize_note");
    assertThat(complete(prompt, "note", "m", new JsonObject().put("book", "diary"))).containsExactly("monday");
    assertThat(complete(prompt, "heading", "", null)).isEmpty();
    JsonObject git = new JsonObject().put("type", "ref/prompt").put("name", "review_range");
    assertThat(request("completion/complete", new JsonObject().put("ref", git).put("argument", new JsonObject().put("name", "repo")))
      .getJsonObject("error").getString("message")).isEqualTo("Invalid params: nothing to complete for " + git.encode()
        + "; completion covers prompt summarize_note and the memo:// resource template.");
  }

  private JsonArray complete(JsonObject ref, String argument, String value, JsonObject context) throws Exception {
    JsonObject params = new JsonObject().put("ref", ref).put("argument", new JsonObject().put("name", argument).put("value", value));
    if (context != null) {
      params.put("context", new JsonObject().put("arguments", context));
    }
    return request("completion/complete", params).getJsonObject("result").getJsonObject("completion").getJsonArray("values");
  }
}
