package dev.reviewgate.mcp.transport.http;

import dev.reviewgate.mcp.transport.JsonLines;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.OutputStream;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A JSON response body written as it is encoded: a body that fits one chunk goes out whole with its length, a larger
 * one (a big diff) in chunks of {@value #CHUNK} bytes with chunked transfer, never first built as one String and one
 * Buffer of its full size.
 */
final class JsonBody extends OutputStream {

  private static final Logger LOG = Logger.getLogger(JsonBody.class.getName());
  static final int CHUNK = 64 * 1024;

  private final HttpServerResponse response;
  private Buffer pending = Buffer.buffer(CHUNK);

  private JsonBody(HttpServerResponse response) {
    this.response = response;
  }

  /** Ends {@code response} with {@code body}; status and headers must already be set. */
  static void end(HttpServerResponse response, JsonObject body) {
    JsonBody out = new JsonBody(response);
    try {
      JsonLines.encode(body, out);
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.SEVERE, "a response could not be encoded", e);
      if (response.isChunked()) {
        response.reset(); // part of the body is out: the client must see a broken response, not a short one
      } else {
        response.setStatusCode(500).end(new JsonObject().put("jsonrpc", "2.0").put("id", body.getValue("id"))
          .put("error", new JsonObject().put("code", -32603).put("message", "internal error: the response could not be encoded"))
          .encode());
      }
      return;
    }
    response.end(out.pending);
  }

  @Override
  public void write(int b) {
    pending.appendByte((byte) b);
    spill();
  }

  @Override
  public void write(byte[] bytes, int offset, int length) {
    pending.appendBytes(bytes, offset, length);
    spill();
  }

  private void spill() {
    if (pending.length() >= CHUNK) {
      if (!response.isChunked()) {
        response.setChunked(true);
      }
      response.write(pending);
      pending = Buffer.buffer(CHUNK);
    }
  }
}
