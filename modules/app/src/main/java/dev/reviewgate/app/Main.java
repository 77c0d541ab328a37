package dev.reviewgate.app;

import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;

/**
 * The {@code reviewgate} command. A plain {@code main()} on purpose: stdio mode must own stdout, and Vert.x's
 * application launcher prints usage text there.
 */
public final class Main {

  public static void main(String[] args) {
    String command = args.length == 0 ? "tools" : args[0];
    if (!command.equals("tools")) {
      System.err.println("usage: reviewgate tools");
      System.exit(2);
    }
    for (Tool tool : ToolCatalog.standard().tools()) {
      System.out.printf("%-32s %-36s %s%n", tool.name(), tool.address(), tool.title());
    }
  }

  private Main() {
  }
}
