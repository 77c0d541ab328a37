package dev.reviewgate.mcp.transport;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import io.vertx.core.json.JsonObject;
import io.vertx.core.json.jackson.JacksonCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Writes a JSON-RPC message as one line of UTF-8 straight into a stream, through the generator's small buffer: a
 * result carrying a 30 MB diff is never held a second time as an encoded String or Buffer (nor a third while such a
 * buffer doubles).
 */
public final class JsonLines {

  private static final Logger LOG = Logger.getLogger(JsonLines.class.getName());
  private static final JsonFactory FACTORY = JsonFactory.builder()
    .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
    .disable(StreamWriteFeature.FLUSH_PASSED_TO_STREAM)
    .build();

  private JsonLines() {
  }

  /**
   * {@code message} and a newline. A message that cannot be encoded (a bug) is cut where it failed, ended with a
   * newline, and followed by an internal-error response for its id, so the client is answered and the writer lives.
   */
  public static void write(JsonObject message, OutputStream out) throws IOException {
    try {
      encode(message, out);
    } catch (RuntimeException e) {
      LOG.log(Level.SEVERE, "a response could not be encoded", e);
      out.write('\n');
      Object id = message.getValue("id");
      encode(new JsonObject().put("jsonrpc", "2.0").put("id", id instanceof String || id instanceof Number ? id : null)
        .put("error", new JsonObject().put("code", -32603).put("message", "internal error: the response could not be encoded")), out);
    }
    out.write('\n');
  }

  /** {@code message} as JSON (UTF-8) into {@code out}, through a small buffer; the stream is neither flushed nor closed. */
  public static void encode(JsonObject message, OutputStream out) throws IOException {
    try (JsonGenerator generator = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
      JacksonCodec.encodeJson(message, generator);
    }
  }
}
