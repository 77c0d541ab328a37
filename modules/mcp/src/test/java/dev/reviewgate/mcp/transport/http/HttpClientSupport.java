package dev.reviewgate.mcp.transport.http;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** Blocking helpers over the Vert.x HTTP client for tests that run on the JUnit thread. */
final class HttpClientSupport {

  static final String ACCEPT_BOTH = "application/json, text/event-stream";

  record Reply(int status, MultiMap headers, String body) {
    JsonObject json() {
      return new JsonObject(body);
    }
  }

  /** An SSE response being read: events arrive in {@link #events}; {@link #abort()} drops the connection. */
  static final class Stream {
    final HttpClientRequest request;
    final HttpClientResponse response;
    final LinkedBlockingQueue<Map<String, String>> events = new LinkedBlockingQueue<>();
    /** Bytes not yet parsed: decoded per event, since a chunk may end inside a multi-byte character. */
    private Buffer pending = Buffer.buffer();
    volatile boolean ended;

    Stream(HttpClientRequest request, HttpClientResponse response) {
      this.request = request;
      this.response = response;
      response.handler(this::onData);
      response.endHandler(v -> ended = true);
      response.exceptionHandler(e -> ended = true);
    }

    /** Where the first blank line ("\n\n") starts in {@code bytes}, or -1. */
    private static int eventEnd(Buffer bytes) {
      for (int i = 0; i + 1 < bytes.length(); i++) {
        if (bytes.getByte(i) == '\n' && bytes.getByte(i + 1) == '\n') {
          return i;
        }
      }
      return -1;
    }

    private synchronized void onData(Buffer buffer) {
      pending.appendBuffer(buffer);
      int end;
      while ((end = eventEnd(pending)) >= 0) {
        String block = pending.getString(0, end, "UTF-8");
        pending = pending.getBuffer(end + 2, pending.length());
        Map<String, String> event = new java.util.LinkedHashMap<>();
        for (String line : block.split("\n")) {
          int colon = line.indexOf(':');
          if (colon > 0) {
            event.merge(line.substring(0, colon), line.substring(colon + 1).stripLeading(), (a, b) -> a + "\n" + b);
          }
        }
        if (!event.isEmpty()) {
          events.add(event);
        }
      }
    }

    Map<String, String> next() throws InterruptedException {
      Map<String, String> event = events.poll(10, TimeUnit.SECONDS);
      if (event == null) {
        throw new AssertionError("no SSE event within 10 s");
      }
      return event;
    }

    /** The next event that carries a JSON-RPC message (skips priming events with empty data). */
    JsonObject nextMessage() throws InterruptedException {
      while (true) {
        Map<String, String> event = next();
        String data = event.get("data");
        if (data != null && !data.isBlank()) {
          return new JsonObject(data);
        }
      }
    }

    void abort() {
      request.connection().close();
    }
  }

  private final HttpClient client;
  private final int port;
  private final String path;

  HttpClientSupport(Vertx vertx, int port, String path) {
    this.client = vertx.createHttpClient();
    this.port = port;
    this.path = path;
  }

  private Future<HttpClientRequest> open(HttpMethod method, Map<String, String> headers) {
    RequestOptions options = new RequestOptions().setMethod(method).setHost("127.0.0.1").setPort(port).setURI(path);
    headers.forEach(options::putHeader);
    return client.request(options);
  }

  Reply send(HttpMethod method, Map<String, String> headers, String body) throws Exception {
    Future<Reply> reply = open(method, headers)
      .compose(request -> (body == null ? request.send() : request.send(body))
        .compose(response -> response.body().map(b -> new Reply(response.statusCode(), response.headers(), b.toString()))));
    return await(reply);
  }

  Reply post(Map<String, String> headers, JsonObject body) throws Exception {
    return send(HttpMethod.POST, withJson(headers), body.encode());
  }

  Stream stream(HttpMethod method, Map<String, String> headers, String body) throws Exception {
    Promise<Stream> opened = Promise.promise();
    open(method, method == HttpMethod.POST ? withJson(headers) : headers).onComplete(ar -> {
      if (ar.failed()) {
        opened.fail(ar.cause());
        return;
      }
      HttpClientRequest request = ar.result();
      (body == null ? request.send() : request.send(body)).onComplete(response -> {
        if (response.failed()) {
          opened.fail(response.cause());
        } else {
          opened.complete(new Stream(request, response.result()));
        }
      });
    });
    return await(opened.future());
  }

  private static Map<String, String> withJson(Map<String, String> headers) {
    Map<String, String> all = new java.util.LinkedHashMap<>(headers);
    all.putIfAbsent("Content-Type", "application/json");
    all.putIfAbsent("Accept", ACCEPT_BOTH);
    return all;
  }

  static <T> T await(Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(15, TimeUnit.SECONDS);
  }

  static List<String> lines(String text) {
    return new ArrayList<>(List.of(text.split("\n")));
  }
}
