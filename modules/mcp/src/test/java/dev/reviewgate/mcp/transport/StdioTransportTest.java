package dev.reviewgate.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.catalog.ReplyContent;
import dev.reviewgate.core.catalog.TaskSupport;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.mcp.McpServer;
import dev.reviewgate.mcp.ToolResults;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The stdio framing over in-memory streams: lines, CRLF, blank lines, oversized lines, end of input. */
class StdioTransportTest {

  private Vertx vertx;
  private McpServer server;

  @BeforeEach
  void start() {
    vertx = Vertx.vertx();
    server = McpServer.builder(vertx, ToolCatalog.standard()).build();
  }

  @AfterEach
  void stop() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  private List<JsonObject> run(String input, long maxLineBytes) throws Exception {
    return run(input, maxLineBytes, 1L << 30).stream().map(JsonObject::new).toList();
  }

  private List<String> run(String input, long maxLineBytes, long maxReplyBytes) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new StdioTransport(server, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out, maxLineBytes,
      maxReplyBytes, 5_000).start().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    return out.toString(StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void aReplyLongerThanTheCeilingIsNotSentButAnsweredWithHowToAskForLessAndTheNextIsServed() throws Exception {
    Tool model = ToolCatalog.standard().require("diff_parse");
    Tool big = new Tool("local_big", "reviewgate.test.big", "Big", "A reply as long as asked.",
      new JsonObject().put("type", "object"), null, model.annotations(), model.exposure(), false, model.callers(),
      TaskSupport.FORBIDDEN, null, ReplyContent.NONE);
    server = McpServer.builder(vertx, ToolCatalog.standard()).localTool(big, (arguments, request) -> Future.succeededFuture(
      ToolResults.success(new JsonObject().put("text", "é".repeat(arguments.getInteger("n")))))).build();
    String call = "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":{\"name\":\"local_big\","
      + "\"arguments\":{\"n\":%d}}}\n";
    String input = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
      + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n"
      + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n" + String.format(call, 2, 5_000) + String.format(call, 3, 100);
    List<String> lines = run(input, 1 << 20, 4_000);
    assertThat(lines).allSatisfy(line -> assertThat(line.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(4_000));
    JsonObject tooLong = lines.stream().map(JsonObject::new).filter(m -> Integer.valueOf(2).equals(m.getValue("id")))
      .findFirst().orElseThrow().getJsonObject("result");
    assertThat(tooLong.getBoolean("isError")).isTrue();
    assertThat(tooLong.getJsonArray("content").getJsonObject(0).getString("text"))
      .startsWith("[TOO_LARGE]").contains("mcp.maxReplyBytes (4000 bytes)").contains("Ask for less");
    JsonObject small = lines.stream().map(JsonObject::new).filter(m -> Integer.valueOf(3).equals(m.getValue("id")))
      .findFirst().orElseThrow().getJsonObject("result");
    assertThat(small.getBoolean("isError")).isFalse();
  }

  @Test
  void answersEveryLineThenFinishesAtEndOfInput() throws Exception {
    String ping = "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"ping\"}";
    List<JsonObject> out = run(String.format(ping, 1) + "\r\n\n   \n" + String.format(ping, 2) + "\n" + String.format(ping, 3), 1_000);
    assertThat(out).extracting(m -> m.getInteger("id")).containsExactlyInAnyOrder(1, 2, 3);
    assertThat(out).allSatisfy(m -> assertThat(m.getJsonObject("result")).isEqualTo(new JsonObject()));
  }

  @Test
  void anOversizedLineIsRefusedAndTheNextOneServed() throws Exception {
    String big = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"pad\":\"" + "x".repeat(5_000) + "\"}}";
    List<JsonObject> out = run(big + "\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n", 1_000);
    assertThat(out).hasSize(2);
    assertThat(out.get(0).getValue("id")).isNull();
    assertThat(out.get(0).getJsonObject("error").getInteger("code")).isEqualTo(-32600);
    assertThat(out.get(0).getJsonObject("error").getJsonObject("data").getLong("maxLineBytes")).isEqualTo(1_000);
    assertThat(out.get(1).getInteger("id")).isEqualTo(2);
  }

  @Test
  void lineReaderKeepsLinesOfExactlyTheLimit() throws IOException {
    StdioTransport.LineReader reader = new StdioTransport.LineReader(
      new ByteArrayInputStream("abcd\nabcde\nab".getBytes(StandardCharsets.UTF_8)), 4);
    assertThat(reader.next().text()).isEqualTo("abcd");
    assertThat(reader.next().oversized()).isTrue();
    assertThat(reader.next().text()).isEqualTo("ab");
    assertThat(reader.next()).isNull();
  }
  /** A request answered but whose answer is still going out (a slow reader, a large reply) keeps the client busy. */
  @Test
  void busyUntilTheAnswerIsWritten() throws Exception {
    java.util.concurrent.CountDownLatch writing = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    ByteArrayOutputStream written = new ByteArrayOutputStream();
    java.io.OutputStream slow = new java.io.OutputStream() {
      @Override
      public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] bytes, int offset, int length) {
        writing.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        written.write(bytes, offset, length);
      }
    };
    java.io.PipedOutputStream client = new java.io.PipedOutputStream();
    StdioTransport transport = new StdioTransport(server, new java.io.PipedInputStream(client), slow, 1_000, 1L << 30, 5_000);
    io.vertx.core.Future<Void> finished = transport.start();
    assertThat(transport.busy()).isFalse();
    client.write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n".getBytes(StandardCharsets.UTF_8));
    client.flush();
    assertThat(writing.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(transport.busy()).as("the answer is being written").isTrue();
    release.countDown();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (transport.busy() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(transport.busy()).isFalse();
    client.close();
    finished.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    assertThat(new JsonObject(written.toString(StandardCharsets.UTF_8).trim()).getInteger("id")).isEqualTo(1);
  }
}
