package dev.reviewgate.app;

import dev.reviewgate.core.StartupFailure;
import dev.reviewgate.core.catalog.Exposure;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.catalog.ToolSelection;
import dev.reviewgate.core.catalog.Toolset;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.security.UserSecret;
import io.vertx.core.json.JsonArray;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The {@code reviewgate} command. A plain {@code main()} on purpose: stdio mode must own stdout, and Vert.x's
 * application launcher prints usage text there. Exit codes: 0 success, 1 a tool reported an error or the server
 * failed, 2 bad command line, arguments or configuration.
 */
public final class Main {

  static {
    // One line per log record, on stderr (java.util.logging's console handler), unless the user configured otherwise.
    byDefault("java.util.logging.SimpleFormatter.format", "%1$tT.%1$tL %4$s %3$s: %5$s%6$s%n");
    // Vert.x's own records go to java.util.logging directly, where they went through SLF4J's JDK binding: named here,
    // Vert.x does not probe for SLF4J and Log4j2 by reflection on its first JSON use (8 ms of the start's main thread).
    byDefault("vertx.logger-delegate-factory-class-name", "io.vertx.core.logging.JULLogDelegateFactory");
  }

  /** Sets a system property the user has not set. */
  private static void byDefault(String name, String value) {
    if (System.getProperty(name) == null) {
      System.setProperty(name, value);
    }
  }

  public static void main(String[] args) throws Exception {
    if (Boolean.getBoolean("reviewgate.archiveTraining")) {
      ArchiveTraining.main(args); // the build's class-data sharing run, not a command (modules/app/pom.xml)
      return;
    }
    Utf8Console.install();
    // Before anything can print: in stdio mode stdout belongs to the protocol alone.
    boolean stdio = args.length > 0 && args[0].equals("stdio");
    OutputStream protocolOut = stdio ? StdioCommand.claimStdout() : null;
    System.exit(run(args, protocolOut, System.out, System.err));
  }

  static int run(String[] args, OutputStream protocolOut, PrintStream out, PrintStream err) {
    Cli cli;
    try {
      cli = Cli.parse(args);
    } catch (UsageException e) {
      // Only a wrong command line earns the usage text; every later failure is one line.
      err.println("reviewgate: " + e.getMessage());
      err.println(Cli.USAGE);
      return 2;
    }
    try {
      if (cli.command().equals("help")) {
        out.println(Cli.USAGE);
        return 0;
      }
      ReviewgateConfig config = Settings.load(cli.configFile(), System.getenv(), cli.flagLayer());
      dev.reviewgate.mcp.McpOptions.from(config); // checks the mcp section before anything starts
      return switch (cli.command()) {
        case "stdio" -> StdioCommand.run(config, protocolOut);
        case "call" -> CallCommand.run(config, cli.positionals().get(0), cli.positionals().get(1), cli.switches(), out, err);
        case "tools" -> tools(cli, config, out);
        case "serve" -> ServeCommand.run(config, err);
        case "token" -> {
          out.println(UserSecret.effectiveToken(System.getenv(), config.section("http").getString("tokenEnv")));
          yield 0;
        }
        case "cluster-key" -> clusterKey(cli.positionals().get(0), err);
        case "open" -> OpenCommand.run(System.getenv(), cli.positionals().stream().findFirst(),
          cli.switches().contains("--print"), out, err);
        default -> throw new UsageException("unknown command " + cli.command());
      };
    } catch (Exception e) {
      String line = startupProblem(e);
      if (line != null) {
        // Something the person starting it can fix (a port, the configuration, a repository): one line, exit 2.
        Logger.getLogger(Main.class.getName()).log(Level.FINE, "start-up failed", e);
        err.println("reviewgate: " + line);
        return 2;
      }
      Logger.getLogger(Main.class.getName()).log(Level.SEVERE, "reviewgate failed", e);
      err.println("reviewgate: " + e.getMessage());
      return 1;
    }
  }

  /**
   * The one-line text of a failure the person starting reviewgate can fix, or null for anything else: a
   * {@link StartupFailure} anywhere in the cause chain, bad configuration ({@link UsageException}), or a backend
   * refusing its configuration (an {@link IllegalArgumentException}, e.g. a repository that cannot be opened).
   */
  static String startupProblem(Throwable failure) {
    StartupFailure startup = StartupFailure.in(failure);
    if (startup != null) {
      return startup.getMessage();
    }
    if (failure instanceof UsageException usage) {
      return usage.getMessage();
    }
    IllegalArgumentException configuration = configurationProblem(failure);
    return configuration == null ? null : configuration.getMessage().strip().replaceAll("\\s*\\R\\s*", " ");
  }

  /** The configuration error at the root of a start-up failure, if that is what it is. */
  static IllegalArgumentException configurationProblem(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof IllegalArgumentException configuration) {
        return configuration;
      }
    }
    return null;
  }

  private static int clusterKey(String file, PrintStream err) {
    try {
      java.nio.file.Path written = dev.reviewgate.cluster.ClusterKeyFile.create(java.nio.file.Path.of(file));
      err.println("reviewgate: wrote the cluster key " + written + " (readable by you only); copy it to every member "
        + "and start each with --cluster-key FILE");
      return 0;
    } catch (IllegalArgumentException e) {
      err.println("reviewgate: " + e.getMessage());
      return 2;
    }
  }

  /** The tools an MCP client of this setup is offered ({@code --markdown}: the whole catalog, the table of docs/tools.md). */
  private static int tools(Cli cli, ReviewgateConfig config, PrintStream out) {
    ToolCatalog catalog = ToolCatalog.standard();
    ToolSelection selection = SetupToolsets.ofThisProcess(catalog, config);
    if (cli.switches().contains("--json")) {
      out.println(new JsonArray(selection.tools(catalog, Exposure.MCP).stream().map(t -> t.toMcpJson()
        .put("title", t.title()).put("toolset", catalog.toolsetOf(t.name()).map(Toolset::name).orElse(null))
        .put("address", t.address()).put("exposure", new JsonArray(t.exposure().stream().map(Enum::name).sorted().toList()))
        .put("callers", new JsonArray(t.callers().stream().sorted().map(kind -> kind.wire()).toList()))).toList())
        .encodePrettily());
    } else if (cli.switches().contains("--markdown")) {
      out.print(ToolTable.markdown(catalog));
    } else {
      out.print(ToolTable.terminal(catalog, selection.tools(catalog, Exposure.MCP)));
    }
    return 0;
  }

  private Main() {
  }
}
