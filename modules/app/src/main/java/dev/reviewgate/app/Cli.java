package dev.reviewgate.app;

import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The parsed command line: a command, its positional arguments, and the flags. Flags become the last
 * configuration layer ({@link #flagLayer()}).
 *
 * @param command     stdio, call, tools, serve, token, open, cluster-key or help
 * @param positionals arguments after the command that are not flags (call: TOOL and JSON-ARGS; open: REVIEW_ID;
 *                    cluster-key: FILE)
 * @param configFile  {@code --config FILE}, or null
 * @param flagLayer   configuration set by flags ({@code --repo NAME=PATH} → {@code repos.NAME})
 * @param switches    boolean flags such as {@code --json}
 */
record Cli(String command, List<String> positionals, Path configFile, JsonObject flagLayer, Set<String> switches) {

  static final String USAGE = """
    usage: reviewgate COMMAND [--repo NAME=PATH]... [--config FILE]
      stdio                 MCP over stdin/stdout (for MCP clients; logs go to stderr)
      call TOOL 'JSON' [--text] [--verbose]
                            run one tool, print its structured result as JSON (exit 0; 1 when the tool
                            reports an error; 2 for invalid arguments); --text prints a diff, stat or file
                            text as it is; --verbose shows the log on stderr
      tools [--json|--markdown]
                            list the tools an MCP client is offered (--markdown: the whole catalog, for
                            docs/tools.md)
      serve [--host H] [--port P] [--conformance-tools]
                            start the HTTP front-ends (MCP over Streamable HTTP, event-bus bridge, /health,
                            /metrics); --port 0 picks a free port and prints the address on stderr;
                            --conformance-tools lists the MCP conformance suite's fixture tools and lets /mcp
                            be used without the token (tests only)
      token                 print the token clients send ('Authorization: Bearer <token>'): $REVIEWGATE_TOKEN,
                            else this user's secret (created on first use in the state directory)
      open [REVIEW_ID] [--print]
                            sign in to a running dashboard (serve's, or an agent's stdio process's): opens a
                            one-time login link in the browser, or prints it
      cluster-key FILE      write a new cluster key (owner-only PKCS#12) to give every member of a cluster
      help                  this text
    cluster options (serve and stdio):
      --cluster             join a cluster of reviewgate nodes (Infinispan/JGroups, TCP, no multicast)
      --cluster-key FILE    the key every member holds: members authenticate and encrypt with it; required
                            for any --cluster-host that is not loopback
      --cluster-host H      the address this node binds and announces (default 127.0.0.1)
      --cluster-port P      the cluster member port (default 0: pick a free one; printed on stderr)
      --join H:P[,H:P...]   members to look for at start; give every node the same list (its own address may
                            be in it), start them in any order
      --roles LIST          what this node serves: front (HTTP MCP, bridges, dashboard, stdio), git, diff,
                            review, github, ado, gitlab, gitea, bitbucket (default:
                            all)
      --bus-bridge-port P   open the TCP event-bus bridge for services on P (0 picks; loopback by default)
    tool options (stdio, serve, tools):
      --toolsets LIST       offer these toolsets: git, review, diff, github, gitlab, gitea, bitbucket, ado,
                            threads, or all;
                            default adds to the setup's own (default: git and review, a forge's set when it is
                            configured or origin names it, threads with any forge). Others are refused, saying
                            how to turn them on
      --read-only           offer no tool that writes (readOnlyHint false)
      --lockdown            withhold every text by an author the forge does not say may push (pull request
                            bodies, comments); a notice says whose and how long
    options:
      --repo NAME=PATH      serve the git repository at PATH as NAME (repeatable); the repository of the
                            working directory is served by default
      --config FILE         JSON configuration merged over the defaults (config/reviewgate.json)
    environment: REVIEWGATE_<SECTION>_<KEY>=value overrides a configuration value
      (e.g. REVIEWGATE_MCP_MAX_LINE_BYTES=1048576, REVIEWGATE_REPOS=name=/path,other=/path2);
      REVIEWGATE_TOOLSETS and REVIEWGATE_READ_ONLY set mcp.toolsets and mcp.readOnly; REVIEWGATE_LOCKDOWN=true
      sets mcp.lockdown; REVIEWGATE_CONFIRM_WRITES (merge,approve by default; all; none) the writes that
      need the person's approval""";

  private static final Set<String> COMMANDS = Set.of("stdio", "call", "tools", "serve", "token", "open", "cluster-key",
    "help");
  private static final Set<String> TOOLS_SWITCHES = Set.of("--json", "--markdown");
  private static final Set<String> CALL_SWITCHES = Set.of("--text", "--verbose");

  static Cli parse(String[] args) {
    return parse(args, System.getProperty("sun.jnu.encoding", "UTF-8"));
  }

  /**
   * @param commandLineCharset how the JVM decoded the command line (its {@code sun.jnu.encoding}, from the locale):
   *                           without a UTF-8 locale every other character became U+FFFD before we run, so a JSON
   *                           argument would be searched for or sent on mangled, without a word
   */
  static Cli parse(String[] args, String commandLineCharset) {
    if (args.length == 0) {
      throw new UsageException("no command given");
    }
    if (!commandLineCharset.equalsIgnoreCase("UTF-8") && String.join(" ", args).indexOf('\uFFFD') >= 0) {
      throw new UsageException("an argument holds characters the locale cannot read (the command line was decoded as "
        + commandLineCharset + ": LANG is unset or not UTF-8); run it with a UTF-8 locale, e.g. LANG=C.UTF-8 reviewgate …");
    }
    String command = args[0];
    if (command.equals("--help") || command.equals("-h")) {
      command = "help";
    }
    if (!COMMANDS.contains(command)) {
      throw new UsageException("unknown command '" + command + "'");
    }
    List<String> positionals = new ArrayList<>();
    Path configFile = null;
    JsonObject flags = new JsonObject();
    JsonObject repos = new JsonObject();
    Set<String> switches = new java.util.LinkedHashSet<>();
    for (int i = 1; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--repo" -> {
          String value = value(args, ++i, arg);
          int eq = value.indexOf('=');
          if (eq <= 0 || eq == value.length() - 1) {
            throw new UsageException("--repo takes NAME=PATH (got '" + value + "')");
          }
          repos.put(value.substring(0, eq), Path.of(value.substring(eq + 1)).toAbsolutePath().normalize().toString());
        }
        case "--config" -> configFile = Path.of(value(args, ++i, arg));
        case "--host" -> http(command, flags, arg).put("host", value(args, ++i, arg));
        case "--port" -> http(command, flags, arg).put("port", port(arg, value(args, ++i, arg)));
        case "--cluster" -> section(command, flags, arg, "cluster").put("enabled", true);
        case "--cluster-key" -> section(command, flags, arg, "cluster")
          .put("keyFile", Path.of(value(args, ++i, arg)).toAbsolutePath().normalize().toString());
        case "--cluster-host" -> section(command, flags, arg, "cluster").put("host", value(args, ++i, arg));
        case "--cluster-port" -> section(command, flags, arg, "cluster").put("port", port(arg, value(args, ++i, arg)));
        case "--join" -> section(command, flags, arg, "cluster").put("join", value(args, ++i, arg));
        case "--roles" -> section(command, flags, arg, "cluster").put("roles", value(args, ++i, arg));
        case "--bus-bridge-port" -> section(command, flags, arg, "busBridge").put("port", port(arg, value(args, ++i, arg)));
        case "--toolsets" -> mcp(command, flags, arg).put("toolsets", value(args, ++i, arg));
        case "--read-only" -> mcp(command, flags, arg).put("readOnly", true);
        case "--lockdown" -> mcp(command, flags, arg).put("lockdown", true);
        case "--conformance-tools" -> {
          JsonObject mcp = flags.getJsonObject("mcp", new JsonObject()).put("conformanceTools", true);
          flags.put("mcp", mcp);
        }
        default -> {
          if (TOOLS_SWITCHES.contains(arg) && command.equals("tools") || CALL_SWITCHES.contains(arg) && command.equals("call")
            || arg.equals("--print") && command.equals("open")) {
            switches.add(arg);
          } else if (arg.startsWith("--")) {
            throw new UsageException("unknown option '" + arg + "' for " + command);
          } else {
            positionals.add(arg);
          }
        }
      }
    }
    if (!repos.isEmpty()) {
      flags.put("repos", repos);
    }
    int expected = command.equals("call") ? 2 : command.equals("cluster-key") ? 1 : 0;
    if (command.equals("open") && positionals.size() > 1) {
      throw new UsageException("open takes at most one review id (got '" + String.join(" ", positionals) + "')");
    }
    if (!command.equals("open") && positionals.size() != expected) {
      throw new UsageException(command.equals("call")
        ? "call takes a tool name and its arguments as one JSON object, e.g. call diff_parse '{\"diff\": \"...\"}'"
        : command.equals("cluster-key") ? "cluster-key takes the file to write, e.g. cluster-key /etc/reviewgate/cluster.p12"
        : command + " takes no arguments (got '" + String.join(" ", positionals) + "')");
    }
    if (switches.containsAll(TOOLS_SWITCHES)) {
      throw new UsageException("choose one of --json and --markdown");
    }
    return new Cli(command, List.copyOf(positionals), configFile, flags, Set.copyOf(switches));
  }

  /** The {@code http} section of the flag layer; the HTTP flags belong to {@code serve} alone. */
  private static JsonObject http(String command, JsonObject flags, String flag) {
    if (!command.equals("serve")) {
      throw new UsageException(flag + " belongs to serve");
    }
    JsonObject http = flags.getJsonObject("http", new JsonObject());
    flags.put("http", http);
    return http;
  }

  /** The {@code mcp} section of the flag layer for the tool selection flags, which belong to stdio, serve and tools. */
  private static JsonObject mcp(String command, JsonObject flags, String flag) {
    if (!command.equals("serve") && !command.equals("stdio") && !command.equals("tools")) {
      throw new UsageException(flag + " belongs to stdio, serve and tools");
    }
    JsonObject mcp = flags.getJsonObject("mcp", new JsonObject());
    flags.put("mcp", mcp);
    return mcp;
  }

  /** A section of the flag layer for the cluster flags, which belong to serve and stdio. */
  private static JsonObject section(String command, JsonObject flags, String flag, String name) {
    if (!command.equals("serve") && !command.equals("stdio")) {
      throw new UsageException(flag + " belongs to serve and stdio");
    }
    JsonObject section = flags.getJsonObject(name, new JsonObject());
    flags.put(name, section);
    return section;
  }

  private static int port(String flag, String text) {
    try {
      int port = Integer.parseInt(text);
      if (port >= 0 && port <= 65535) {
        return port;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException(flag + " takes a number from 0 to 65535 (0 picks a free port); got '" + text + "'");
  }

  private static String value(String[] args, int index, String flag) {
    if (index >= args.length || args[index].startsWith("--")) {
      throw new UsageException(flag + " needs a value");
    }
    return args[index];
  }
}
