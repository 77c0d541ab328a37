package dev.reviewgate.mcp;

import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.security.Caller;
import io.vertx.core.eventbus.DeliveryOptions;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.catalog.ToolSelection;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The MCP protocol, independent of transport: both eras (2025-06-18 / 2025-11-25 sessions and 2026-07-28
 * stateless requests) on one code path, over one {@link ToolCatalog}. Tools are answered by event-bus requests to
 * their catalog address, or by {@link LocalTool}s registered on the builder (conformance fixtures).
 *
 * <p>A transport builds one server, then opens a {@link McpConnection} per stdio process, per HTTP session or
 * per stateless HTTP request with {@link #connect(Outbound)}, and feeds it messages; see {@link McpConnection}.
 * <pre>{@code
 * McpServer server = McpServer.builder(vertx, ToolCatalog.standard()).options(McpOptions.from(config)).build();
 * McpConnection connection = server.connect(message -> write(message));
 * connection.handle(line, message -> write(message)).onSuccess(response -> { if (response != null) write(response); });
 * }</pre>
 */
public final class McpServer {

  public static final String NAME = "reviewgate";

  private static final Set<String> CACHEABLE = Set.of(
    "tools/list", "prompts/list", "resources/list", "resources/templates/list", "resources/read", "server/discover");

  /** Methods that reach the backends, and so wait for {@link Builder#readiness}. */
  private static final Set<String> BACKEND_METHODS = Set.of("tools/call", "resources/read", "prompts/get", "completion/complete");

  private final Vertx vertx;
  private final ToolCatalog catalog;
  private final McpOptions options;
  private final String instructions;
  private final Map<String, List<LocalMethod>> localMethods;
  private final JsonObject serverInfo;
  private final ToolCalls tools;
  private final CatalogResources resources;
  private final CatalogPrompts prompts;
  private final CatalogCompletions completions;
  private final java.util.function.Supplier<Future<?>> ready;
  private final java.util.function.Function<String, Future<?>> toolReady;
  private final RequestStates requestStates;
  private final Tasks tasks;

  private McpServer(Builder builder) {
    this.vertx = builder.vertx;
    this.catalog = builder.extraTools.isEmpty() ? builder.catalog : builder.catalog.with(builder.extraTools);
    this.options = builder.options;
    this.localMethods = Map.copyOf(builder.localMethods);
    this.serverInfo = new JsonObject().put("name", NAME).put("title", "reviewgate").put("version", version());
    ToolSelection selection = builder.selection != null ? builder.selection : ToolSelection.everything(catalog);
    this.instructions = builder.warning == null ? Instructions.of(catalog, selection)
      : "Warning: " + builder.warning + "\n" + Instructions.of(catalog, selection);
    this.tools = new ToolCalls(vertx, catalog, selection, options, builder.strangers, Map.copyOf(builder.localTools)::get);
    ToolCaller caller = this::callTool;
    this.resources = new CatalogResources(catalog, caller, options.pageSize());
    this.prompts = new CatalogPrompts(catalog, caller, options.pageSize());
    this.completions = new CatalogCompletions(catalog, caller, options.maxCompletionValues());
    this.ready = builder.ready;
    this.toolReady = builder.toolReady;
    this.requestStates = RequestStates.withRandomKey(options.requestStateTtlMs());
    this.tasks = new Tasks(options, builder.durableTasksOnBus ? new BusTasks(vertx, options, taskContents(catalog)) : DurableTasks.NONE);
  }

  /** How the results of the tools that may answer with a durable task read: a task's document does not name its tool. */
  private static java.util.List<dev.reviewgate.core.catalog.ReplyContent> taskContents(ToolCatalog catalog) {
    return catalog.tools().stream()
      .filter(tool -> tool.taskSupport() != dev.reviewgate.core.catalog.TaskSupport.FORBIDDEN || tool.confirmDraft() != null)
      .map(dev.reviewgate.core.catalog.Tool::replyContent).filter(content -> content.text() != null).distinct().toList();
  }

  public static Builder builder(Vertx vertx, ToolCatalog catalog) {
    return new Builder(vertx, catalog);
  }

  /** Opens a connection; {@code outbound} receives server-to-client messages not tied to a request's own sink. */
  public McpConnection connect(Outbound outbound) {
    return new McpConnection(this, vertx.getOrCreateContext(), outbound == null ? Outbound.NONE : outbound);
  }

  public Vertx vertx() {
    return vertx;
  }

  /** The catalog the server lists: the one it was built with plus any local tools. */
  public ToolCatalog catalog() {
    return catalog;
  }

  public McpOptions options() {
    return options;
  }

  /** Calls a catalog tool on the bus for the catalog's resources, prompts and completions, with the tool's timeout. */
  private Future<JsonObject> callTool(Tool tool, JsonObject arguments) {
    return BusRequests.request(vertx.eventBus(), tool.address(), arguments,
      Caller.AGENT.stamp(new DeliveryOptions().setSendTimeout(options.toolTimeouts().of(tool.name()))));
  }

  RequestStates requestStates() {
    return requestStates;
  }

  Tasks tasks() {
    return tasks;
  }

  /** {@code {name, title, version}} as {@code initialize} and {@code server/discover} report it. */
  public JsonObject serverInfo() {
    return serverInfo.copy();
  }

  /** What this server offers in the 2026-07-28 era: the session era's, plus the tasks extension. */
  JsonObject statelessCapabilities() {
    return capabilities().put("extensions", new JsonObject().put(RequestContext.TASKS_EXTENSION, new JsonObject()));
  }

  /** What this server offers in the session era. */
  JsonObject capabilities() {
    return new JsonObject()
      .put("tools", new JsonObject().put("listChanged", false))
      .put("resources", new JsonObject().put("subscribe", false).put("listChanged", false))
      .put("prompts", new JsonObject().put("listChanged", false))
      .put("completions", new JsonObject())
      .put("logging", new JsonObject());
  }

  Future<JsonObject> route(McpConnection connection, RequestContext request, JsonObject params) {
    Future<?> ready = BACKEND_METHODS.contains(request.method()) ? readiness(request.method(), params) : Future.succeededFuture();
    if (!ready.isComplete()) {
      // Still starting: the handshake is answered at once, work waits for the backends.
      return ready.transform(started -> started.succeeded() ? dispatch(connection, request, params)
        : Future.failedFuture(new JsonRpcException(JsonRpc.INTERNAL_ERROR,
          "reviewgate could not start its backends: " + started.cause().getMessage())));
    }
    if (ready.failed()) {
      return Future.failedFuture(new JsonRpcException(JsonRpc.INTERNAL_ERROR,
        "reviewgate could not start its backends: " + ready.cause().getMessage()));
    }
    return dispatch(connection, request, params);
  }

  /** What a request waits for: for a tools/call, what serves its tool when {@link Builder#toolReadiness} knows. */
  private Future<?> readiness(String method, JsonObject params) {
    if (toolReady != null && "tools/call".equals(method) && params != null && params.getValue("name") instanceof String name) {
      Future<?> served = catalog.byName(name).map(tool -> toolReady.apply(tool.address())).orElse(null);
      if (served != null) {
        return served;
      }
    }
    return ready.get();
  }

  private Future<JsonObject> dispatch(McpConnection connection, RequestContext request, JsonObject params) {
    for (LocalMethod local : localMethods.getOrDefault(request.method(), List.of())) {
      Future<JsonObject> answer = local.handle(request, params);
      if (answer != null) {
        return answer;
      }
    }
    boolean session = request.era() == ProtocolEra.SESSION;
    return switch (request.method()) {
      case "initialize" -> Future.succeededFuture(initialize(connection, params));
      case "server/discover" -> Future.succeededFuture(discover());
      case "ping" -> session ? Future.succeededFuture(new JsonObject())
        : Future.failedFuture(JsonRpcException.methodNotFound("ping", "ping was removed in 2026-07-28"));
      case "logging/setLevel" -> session ? Future.succeededFuture(setLevel(connection, params))
        : Future.failedFuture(JsonRpcException.methodNotFound("logging/setLevel",
          "in 2026-07-28 the log level goes in each request's _meta[\"" + McpConnection.META_LOG_LEVEL + "\"]"));
      case "tools/list" -> Future.succeededFuture(tools.list(params));
      case "tools/call" -> tools.call(request, params);
      case "resources/list" -> Future.succeededFuture(resources.list(params));
      case "resources/templates/list" -> Future.succeededFuture(resources.templates(params));
      case "resources/read" -> resources.read(request, params);
      case "prompts/list" -> Future.succeededFuture(prompts.list(params));
      case "prompts/get" -> prompts.get(request, params);
      case "completion/complete" -> completions.complete(request, params);
      case "tasks/get" -> tasks.get(request, params);
      case "tasks/update" -> tasks.update(request, params);
      case "tasks/cancel" -> tasks.cancel(request, params);
      default -> Future.failedFuture(JsonRpcException.methodNotFound(request.method(), null));
    };
  }

  /** Adds what the stateless era requires on every result: {@code resultType}, server identity, cache hints. */
  JsonObject decorate(RequestContext request, JsonObject result) {
    if (request.era() != ProtocolEra.STATELESS) {
      return result;
    }
    result.put("resultType", result.getString("resultType", "complete"));
    JsonObject meta = result.getJsonObject("_meta", new JsonObject());
    meta.put(McpConnection.META_SERVER_INFO, new JsonObject().put("name", NAME).put("version", serverInfo.getString("version")));
    result.put("_meta", meta);
    if (CACHEABLE.contains(request.method())) {
      result.put("ttlMs", options.listTtlMs());
      // Lists are the same for every caller; file and diff contents come from private repositories.
      result.put("cacheScope", request.method().equals("resources/read") ? "private" : "public");
    }
    return result;
  }

  private JsonObject initialize(McpConnection connection, JsonObject params) {
    if (!(params.getValue("protocolVersion") instanceof String requested)) {
      throw JsonRpcException.invalidParams("Invalid params: initialize needs \"protocolVersion\" (a string such as \""
        + ProtocolVersions.SESSION.get(0) + "\").");
    }
    Object capabilities = params.getValue("capabilities");
    if (capabilities != null && !(capabilities instanceof JsonObject)) {
      throw JsonRpcException.invalidParams("Invalid params: initialize \"capabilities\" must be an object.");
    }
    Object clientInfo = params.getValue("clientInfo");
    String version = ProtocolVersions.negotiateSession(requested);
    connection.openSession(version, clientInfo instanceof JsonObject info ? info : null,
      capabilities == null ? new JsonObject() : (JsonObject) capabilities);
    return new JsonObject()
      .put("protocolVersion", version)
      .put("capabilities", capabilities())
      .put("serverInfo", serverInfo())
      .put("instructions", instructions);
  }

  private JsonObject discover() {
    return new JsonObject()
      .put("supportedVersions", ProtocolVersions.allAsJson())
      .put("capabilities", statelessCapabilities())
      .put("serverInfo", serverInfo())
      .put("instructions", instructions);
  }

  private JsonObject setLevel(McpConnection connection, JsonObject params) {
    LogLevel level = LogLevel.parse(params.getValue("level")).orElseThrow(() -> JsonRpcException.invalidParams(
      "Invalid params: \"level\" must be one of debug, info, notice, warning, error, critical, alert, emergency."));
    connection.setSessionLogLevel(level);
    return new JsonObject();
  }

  private static String version() {
    try (InputStream in = McpServer.class.getResourceAsStream("/META-INF/maven/dev.reviewgate/reviewgate-mcp/pom.properties")) {
      if (in != null) {
        Properties properties = new Properties();
        properties.load(in);
        return properties.getProperty("version", "dev");
      }
    } catch (IOException e) {
      // fall through: a version is only informative
    }
    return "dev";
  }

  /** Builds a server; the defaults are the standard options and no local tools. */
  public static final class Builder {
    private final Vertx vertx;
    private final ToolCatalog catalog;
    private McpOptions options = McpOptions.defaults();
    private StrangerPolicy strangers = StrangerPolicy.defaults();
    private final List<Tool> extraTools = new ArrayList<>();
    private final Map<String, LocalTool> localTools = new LinkedHashMap<>();
    private final Map<String, List<LocalMethod>> localMethods = new LinkedHashMap<>();
    private java.util.function.Supplier<Future<?>> ready = Future::succeededFuture;
    private java.util.function.Function<String, Future<?>> toolReady;
    private boolean durableTasksOnBus;
    private ToolSelection selection;
    private String warning;

    private Builder(Vertx vertx, ToolCatalog catalog) {
      this.vertx = vertx;
      this.catalog = catalog;
    }

    public Builder options(McpOptions options) {
      this.options = options;
      return this;
    }

    /** Lockdown, and the writes that need the person's approval. Default: {@link StrangerPolicy#defaults()}. */
    public Builder strangerPolicy(StrangerPolicy policy) {
      this.strangers = policy;
      return this;
    }

    /**
     * Which tools {@code tools/list} shows and {@code tools/call} serves (the others are refused saying how to turn
     * them on). Default: every toolset, writing tools included.
     */
    public Builder toolSelection(ToolSelection selection) {
      this.selection = selection;
      return this;
    }

    /** Adds an in-process answer for some requests of {@code method}; see {@link LocalMethod}. */
    public Builder localMethod(String method, LocalMethod handler) {
      localMethods.computeIfAbsent(method, m -> new ArrayList<>()).add(handler);
      return this;
    }

    /**
     * Adds a tool answered in-process. {@code tool} joins the listed catalog (it must expose MCP to be listed);
     * if the catalog already has a tool of that name, {@code handler} replaces its bus call.
     */
    public Builder localTool(Tool tool, LocalTool handler) {
      if (catalog.byName(tool.name()).isEmpty()) {
        extraTools.add(tool);
      }
      localTools.put(tool.name(), handler);
      return this;
    }

    /**
     * Lets the server answer the handshake and lists while the backends are still being deployed: requests that
     * reach backends ({@code tools/call}, {@code resources/read}, {@code prompts/get}, {@code completion/complete})
     * wait for {@code ready}, and fail with an internal error if it fails. Default: ready.
     */
    public Builder readiness(Future<?> ready) {
      this.ready = () -> ready;
      return this;
    }

    /**
     * As {@link #readiness(Future)}, but asked for the future only when the first request that needs the backends
     * arrives (and then on every such request: the supplier must return the same future each time). Lets a
     * transport start the backends late, e.g. after the handshake has been answered.
     */
    public Builder readiness(java.util.function.Supplier<Future<?>> ready) {
      this.ready = ready;
      return this;
    }

    /**
     * Lets a {@code tools/call} wait only for the backend that serves its tool: {@code byAddress} gives, for a tool's
     * bus address, the future of what serves it (and must start the backends, as {@link #readiness(java.util.function.Supplier)}
     * does), or null to wait for all of them. A git call in a process that is still deploying its forges need not wait.
     */
    public Builder toolReadiness(java.util.function.Function<String, Future<?>> byAddress) {
      this.toolReady = byAddress;
      return this;
    }

    /**
     * Answers {@code tasks/*} for task ids this process does not hold from the backends that keep them, over the
     * event bus ({@link BusTasks}): a backend's wait for a person is a durable task there. Default: every task is in-process.
     */
    public Builder durableTasksOnBus() {
      this.durableTasksOnBus = true;
      return this;
    }

    /**
     * What is wrong with this server's setup, said first in the instructions of {@code initialize} and
     * {@code server/discover} (e.g. that it serves no repository), so the agent knows before its first call fails.
     */
    public Builder warning(String warning) {
      this.warning = warning;
      return this;
    }

    public McpServer build() {
      return new McpServer(this);
    }
  }
}
