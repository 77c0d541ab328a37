package dev.reviewgate.mcp.transport.http;

import java.util.Locale;

/** What an {@code Accept} header allows of the two MCP answer forms. No header means anything goes. */
record Accept(boolean json, boolean sse) {

  static Accept parse(String header) {
    if (header == null || header.isBlank()) {
      return new Accept(true, true);
    }
    boolean json = false;
    boolean sse = false;
    for (String part : header.split(",")) {
      String[] pieces = part.split(";");
      String type = pieces[0].trim().toLowerCase(Locale.ROOT);
      boolean refused = false;
      for (int i = 1; i < pieces.length; i++) {
        String parameter = pieces[i].trim().replace(" ", "");
        refused |= parameter.equals("q=0") || parameter.matches("q=0\\.0*");
      }
      if (refused) {
        continue;
      }
      json |= type.equals("application/json") || type.equals("application/*") || type.equals("*/*");
      sse |= type.equals("text/event-stream") || type.equals("text/*") || type.equals("*/*");
    }
    return new Accept(json, sse);
  }
}
