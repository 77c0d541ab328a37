package dev.reviewgate.core.json;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A JSON string value that writes itself (quoted) into a stream: a large text held as UTF-8 bytes ({@link Utf8Text})
 * or still being made ({@link TextStream}). Only the MCP transports' writer knows these values; see
 * {@link dev.reviewgate.core.bus.CallContext} for who may be given one.
 */
public interface JsonString {

  void writeJson(OutputStream out) throws IOException;
}
