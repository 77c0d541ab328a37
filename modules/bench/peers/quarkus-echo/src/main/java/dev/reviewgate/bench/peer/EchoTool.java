package dev.reviewgate.bench.peer;

import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;

/** The smallest tool a server can answer: the peer's side of throughput.sh's small call. */
public class EchoTool {

  @Tool(description = "Returns the text it is given.")
  String echo(@ToolArg(description = "The text to return.") String text) {
    return text;
  }
}
