package dev.reviewgate.core.catalog;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.security.Caller;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.Validator;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The single source of truth for what reviewgate offers. Entries are resource files
 * {@code reviewgate/catalog/tools/<name>.json}, listed in order by {@code reviewgate/catalog/index.json} under
 * {@code toolsets} (each tool in exactly one {@link Toolset}), which also lists the {@link Declarations} that read
 * through those tools: {@code resourceTemplates}
 * ({@code resource-templates/<name>.json}), {@code prompts} ({@code prompts/<name>.json}) and the
 * {@code completions} their arguments offer ({@code completions/<name>.json}).
 *
 * <p>An input schema may name shared property sets with {@code "x-include": ["diff-shaping"]}; the loader merges
 * {@code reviewgate/catalog/fragments/<fragment>.json} into {@code properties}, so every diff-producing tool takes
 * the same shaping options without copying them. Published schemas are self-contained (no external {@code $ref}),
 * because MCP clients do not resolve references.
 */
public final class ToolCatalog {

  private static final String ROOT = "reviewgate/catalog/";
  private static final JsonSchemaOptions SCHEMA_OPTIONS = new JsonSchemaOptions()
    .setDraft(Draft.DRAFT202012)
    .setBaseUri("https://reviewgate.dev/schemas/")
    .setOutputFormat(OutputFormat.Basic);

  private static final java.util.regex.Pattern GENERIC =
    java.util.regex.Pattern.compile("^Property \"[^\"]*\" does not match");

  private static volatile ToolCatalog standard;

  private final Map<String, Tool> byName;
  private final Map<String, Tool> byAddress;
  private final Map<String, ArgumentCheck> checks;
  private final Declarations declarations;
  private final List<Toolset> toolsets;
  private final Map<String, Toolset> toolsetOf;

  /** A tool's argument checks: what is quick to prove valid, and the validator for the rest (it words the errors). */
  private record ArgumentCheck(ArgumentPrecheck precheck, Validator validator) {
  }

  private ToolCatalog(List<Tool> tools, List<Toolset> toolsets, Declarations declarations) {
    Map<String, Tool> names = new LinkedHashMap<>();
    Map<String, Tool> addresses = new LinkedHashMap<>();
    Map<String, ArgumentCheck> argumentChecks = new LinkedHashMap<>();
    for (Tool tool : tools) {
      if (names.put(tool.name(), tool) != null) {
        throw new IllegalStateException("tool listed twice: " + tool.name());
      }
      if (addresses.put(tool.address(), tool) != null) {
        throw new IllegalStateException("address served by two tools: " + tool.address());
      }
      // The validator on a copy: it writes each subschema's resolved URI into the schema it is given
      // ("__absolute_uri__"), and the tool's own schema is what tools/list publishes (313 such keys, a quarter of its
      // 101 KB, had leaked there). The precheck only reads it.
      argumentChecks.put(tool.name(), new ArgumentCheck(ArgumentPrecheck.of(tool.inputSchema()),
        Validator.create(JsonSchema.of(tool.inputSchema().copy()), SCHEMA_OPTIONS)));
    }
    for (Tool tool : tools) {
      if (tool.confirmDraft() != null && !names.containsKey(tool.confirmDraft().heldLike())) {
        throw new IllegalStateException("tool " + tool.name() + ": confirmDraft heldLike names "
          + tool.confirmDraft().heldLike() + ", which is not a tool of the catalog");
      }
    }
    this.byName = Map.copyOf(names);
    this.byAddress = Map.copyOf(addresses);
    this.checks = Map.copyOf(argumentChecks);
    this.ordered = List.copyOf(names.values());
    this.declarations = declarations;
    this.toolsets = List.copyOf(toolsets);
    Map<String, Toolset> sets = new LinkedHashMap<>();
    for (Toolset set : toolsets) {
      set.tools().forEach(tool -> sets.put(tool, set));
    }
    this.toolsetOf = Map.copyOf(sets);
  }

  private final List<Tool> ordered;

  /** The catalog shipped in the jar, loaded once. */
  public static ToolCatalog standard() {
    ToolCatalog catalog = standard;
    if (catalog == null) {
      synchronized (ToolCatalog.class) {
        catalog = standard;
        if (catalog == null) {
          catalog = standard = load(ToolCatalog.class.getClassLoader());
        }
      }
    }
    return catalog;
  }

  /** A catalog of the standard tools plus extra ones (e.g. the conformance fixtures, off by default). */
  public ToolCatalog with(Collection<Tool> extra) {
    List<Tool> all = new ArrayList<>(ordered);
    all.addAll(extra);
    // Tools are only added, so every declaration still reads through a tool of the catalog.
    return new ToolCatalog(all, toolsets, declarations);
  }

  static ToolCatalog load(ClassLoader loader) {
    return load(loader, ROOT);
  }

  /**
   * A catalog laid out as the standard one under another resource folder {@code root} (ending in {@code /}), e.g.
   * a test's. Shared schema fragments are always the standard ones.
   *
   * @throws IllegalStateException naming the file and what to fix, when a declaration names a tool, an argument or
   *     a completion source the catalog does not have
   */
  public static ToolCatalog load(ClassLoader loader, String root) {
    JsonObject index = readJson(loader, root + "index.json");
    List<Toolset> toolsets = toolsets(root, index);
    List<Tool> tools = new ArrayList<>();
    for (Toolset set : toolsets) {
      for (String name : set.tools()) {
        tools.add(parseTool(loader, readJson(loader, root + "tools/" + name + ".json")));
      }
    }
    Map<String, Tool> byName = new LinkedHashMap<>();
    tools.forEach(tool -> byName.putIfAbsent(tool.name(), tool));
    return new ToolCatalog(tools, toolsets, DeclarationReader.read(loader, root, index, byName));
  }

  /** {@code index.json}'s {@code toolsets}: names in a form {@code --toolsets} can take, each tool in one set. */
  private static List<Toolset> toolsets(String root, JsonObject index) {
    if (!(index.getValue("toolsets") instanceof JsonObject declared) || declared.isEmpty()) {
      throw new IllegalStateException("catalog " + root + "index.json: \"toolsets\" must be an object of "
        + "{\"NAME\": {\"description\": ..., \"tools\": [...]}}");
    }
    List<Toolset> toolsets = new ArrayList<>();
    Map<String, String> seen = new LinkedHashMap<>();
    for (String name : declared.fieldNames()) {
      String where = "catalog " + root + "index.json toolset " + name + ": ";
      if (!name.matches("[a-z][a-z0-9_]*") || ToolSelection.ALL.equals(name) || ToolSelection.DEFAULT.equals(name)) {
        throw new IllegalStateException(where + "a toolset name is lower-case letters, digits and _, and not "
          + ToolSelection.ALL + " or " + ToolSelection.DEFAULT);
      }
      JsonObject set = declared.getJsonObject(name);
      String description = set.getString("description");
      JsonArray members = set.getJsonArray("tools");
      if (description == null || description.isBlank() || members == null || members.isEmpty()) {
        throw new IllegalStateException(where + "needs a \"description\" and a non-empty \"tools\" list");
      }
      List<String> tools = new ArrayList<>();
      for (Object tool : members) {
        String other = seen.put(String.valueOf(tool), name);
        if (other != null) {
          throw new IllegalStateException(where + "tool " + tool + " is already in toolset " + other
            + "; a tool belongs to one toolset");
        }
        tools.add(String.valueOf(tool));
      }
      toolsets.add(new Toolset(name, description, tools));
    }
    return List.copyOf(toolsets);
  }

  /** Parses a tool entry; {@code x-include} fragments are read with {@code loader}. */
  public static Tool parseTool(ClassLoader loader, JsonObject entry) {
    String name = entry.getString("name");
    String description = entry.getString("description");
    if (description == null || description.length() > Tool.MAX_DESCRIPTION) {
      throw new IllegalStateException("tool " + name + ": description missing or over " + Tool.MAX_DESCRIPTION + " chars");
    }
    JsonObject input = expandIncludes(loader, entry.getJsonObject("inputSchema"));
    JsonObject output = entry.getJsonObject("outputSchema");
    EnumSet<Exposure> exposure = EnumSet.noneOf(Exposure.class);
    for (Object front : entry.getJsonArray("exposure", new JsonArray().add("MCP").add("BRIDGE").add("BUS"))) {
      exposure.add(Exposure.valueOf(front.toString()));
    }
    return new Tool(name, entry.getString("address"), entry.getString("title"), description, input,
      output == null ? null : expandIncludes(loader, output),
      Annotations.fromJson(entry.getJsonObject("annotations", new JsonObject())), exposure,
      entry.getBoolean("waitsForPerson", false), callers(name, entry, exposure),
      TaskSupport.fromWire(entry.getString("taskSupport")), confirmDraft(loader, name, entry.getValue("confirmDraft")),
      ReplyContent.from(name, entry.getValue("replyContent")));
  }

  /** The {@code confirmDraft} key: {@code {"draft": "arguments" or an address, "layout": name, "heldLike": tool}}. */
  private static ConfirmDraft confirmDraft(ClassLoader loader, String name, Object value) {
    if (value == null) {
      return null;
    }
    String where = "tool " + name + ": confirmDraft";
    if (!(value instanceof JsonObject declared) || declared.getString("draft") == null
      || declared.getString("layout") == null || declared.getString("heldLike") == null) {
      throw new IllegalStateException(where + " needs \"draft\" (arguments or an address), \"layout\" (a drafts/ file) "
        + "and \"heldLike\" (the tool whose timeout a held draft gets)");
    }
    String layout = ROOT + "drafts/" + declared.getString("layout") + ".json";
    return new ConfirmDraft(declared.getString("draft"),
      DraftLayout.from("catalog " + layout, readJson(loader, layout)), declared.getString("heldLike"),
      acts(where, declared.getValue("actsForPerson")));
  }

  /** {@code actsForPerson}: {@code {"merge": {"action": ["merge"]}}}, one argument and its values per act. */
  private static List<ConfirmDraft.Act> acts(String where, Object value) {
    if (value == null) {
      return List.of();
    }
    if (!(value instanceof JsonObject declared)) {
      throw new IllegalStateException(where + ".actsForPerson must be {\"ACT\": {\"ARGUMENT\": [VALUES]}}");
    }
    List<ConfirmDraft.Act> acts = new ArrayList<>();
    for (String act : declared.fieldNames()) {
      if (!(declared.getValue(act) instanceof JsonObject on) || on.size() != 1
        || !(on.getValue(on.fieldNames().iterator().next()) instanceof JsonArray values) || values.isEmpty()) {
        throw new IllegalStateException(where + ".actsForPerson." + act + " must name one argument and a non-empty list of its values");
      }
      String argument = on.fieldNames().iterator().next();
      acts.add(new ConfirmDraft.Act(act, argument, values.stream().map(String::valueOf).collect(java.util.stream.Collectors.toUnmodifiableSet())));
    }
    return acts;
  }

  /**
   * The {@code callers} key: a non-empty list of agent, service, person (all three when absent). MCP's callers are
   * agents, so a tool listed for MCP must name agent.
   */
  private static Set<Caller.Kind> callers(String name, JsonObject entry, Set<Exposure> exposure) {
    Object value = entry.getValue("callers");
    if (value == null) {
      return EnumSet.allOf(Caller.Kind.class);
    }
    if (!(value instanceof JsonArray list) || list.isEmpty()) {
      throw new IllegalStateException("tool " + name + ": callers must be a non-empty list of agent, service, person");
    }
    EnumSet<Caller.Kind> callers = EnumSet.noneOf(Caller.Kind.class);
    for (Object kind : list) {
      try {
        callers.add(Caller.Kind.fromWire(String.valueOf(kind)));
      } catch (IllegalArgumentException e) {
        throw new IllegalStateException("tool " + name + ": " + e.getMessage());
      }
    }
    if (exposure.contains(Exposure.MCP) && !callers.contains(Caller.Kind.AGENT)) {
      throw new IllegalStateException("tool " + name + ": exposed to MCP, whose callers are agents, but callers "
        + "does not name agent; remove MCP from exposure or add agent to callers");
    }
    return Set.copyOf(callers);
  }

  private static JsonObject expandIncludes(ClassLoader loader, JsonObject schema) {
    JsonObject copy = schema.copy();
    JsonArray includes = (JsonArray) copy.remove("x-include");
    if (includes != null) {
      // The tool's own properties first (a model reads them first), and they win over a fragment's, so a tool can
      // narrow a shared option.
      JsonObject properties = copy.getJsonObject("properties", new JsonObject()).copy();
      for (Object fragment : includes) {
        JsonObject shared = readJson(loader, ROOT + "fragments/" + fragment + ".json").getJsonObject("properties");
        shared.forEach(option -> {
          if (!properties.containsKey(option.getKey())) {
            properties.put(option.getKey(), option.getValue());
          }
        });
      }
      copy.put("properties", properties);
    }
    return copy;
  }

  /** The properties a catalog fragment ({@code reviewgate/catalog/fragments/<name>.json}) adds to input schemas. */
  public static JsonObject fragmentProperties(String name) {
    return readJson(ToolCatalog.class.getClassLoader(), ROOT + "fragments/" + name + ".json").getJsonObject("properties");
  }

  /**
   * The argument names a catalog fragment adds, e.g. the diff-shaping options: a backend that must know which
   * arguments shape a diff reads them here, so the list is written once, in the fragment.
   */
  public static java.util.Set<String> fragmentArguments(String name) {
    return java.util.Set.copyOf(fragmentProperties(name).fieldNames());
  }

  /** A JSON object resource; a missing one is a packaging error, named in the exception. */
  public static JsonObject readJson(ClassLoader loader, String resource) {
    try (InputStream in = loader.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("catalog resource missing: " + resource);
      }
      return new JsonObject(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public List<Tool> tools() {
    return ordered;
  }

  public List<Tool> tools(Exposure frontEnd) {
    return ordered.stream().filter(tool -> tool.exposedTo(frontEnd)).toList();
  }

  /** The toolsets, in the order index.json declares them. */
  public List<Toolset> toolsets() {
    return toolsets;
  }

  /** The toolset a tool belongs to; empty for a tool added with {@link #with} (conformance fixtures), always on. */
  public Optional<Toolset> toolsetOf(String toolName) {
    return Optional.ofNullable(toolsetOf.get(toolName));
  }

  /** The resource templates, in the order index.json lists them; each reads through a tool of this catalog. */
  public List<ResourceTemplate> resourceTemplates() {
    return declarations.resourceTemplates();
  }

  /** The prompts, in the order index.json lists them; each reads through a tool of this catalog. */
  public List<Prompt> prompts() {
    return declarations.prompts();
  }

  /** What the catalog tells an agent besides each tool's description. */
  public AgentGuide guide() {
    return declarations.guide();
  }

  public Optional<CompletionSource> completionSource(String name) {
    return Optional.ofNullable(declarations.completionSources().get(name));
  }

  public Optional<Tool> byName(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  public Optional<Tool> byAddress(String address) {
    return Optional.ofNullable(byAddress.get(address));
  }

  public Tool require(String name) {
    Tool tool = byName.get(name);
    if (tool == null) {
      throw new IllegalArgumentException("no tool named " + name + " in the catalog");
    }
    return tool;
  }

  /**
   * Checks arguments against the tool's input schema.
   *
   * @throws ToolException (400) naming each wrong argument and what was expected, grouped by argument
   */
  public void validate(String toolName, JsonObject arguments) {
    ArgumentCheck check = checks.get(toolName);
    if (check == null) {
      throw new IllegalArgumentException("no tool named " + toolName + " in the catalog");
    }
    JsonObject given = arguments == null ? new JsonObject() : arguments;
    if (check.precheck().provesValid(given)) {
      return;
    }
    OutputUnit result = check.validator().validate(given);
    if (Boolean.TRUE.equals(result.getValid())) {
      return;
    }
    throw ToolException.invalid(describe(toolName, byName.get(toolName).inputSchema(), result));
  }

  /** Words a model can act on: one line per argument, its problems, and the accepted argument names. */
  private static String describe(String toolName, JsonObject schema, OutputUnit result) {
    Map<String, List<String>> byLocation = new TreeMap<>();
    List<OutputUnit> errors = result.getErrors() == null || result.getErrors().isEmpty() ? List.of(result) : result.getErrors();
    for (OutputUnit error : errors) {
      String location = error.getInstanceLocation() == null ? "" : error.getInstanceLocation();
      String text = error.getError() == null ? "does not match the schema" : error.getError();
      List<String> texts = byLocation.computeIfAbsent(location, k -> new ArrayList<>());
      if (!texts.contains(text)) {
        texts.add(text);
      }
    }
    // The validator wraps each specific reason in generic "Property X does not match ..." entries; a model acts on
    // the specific one, and the wrappers can mislead (an out-of-range value "does not match additional properties").
    byLocation.replaceAll((location, texts) -> {
      List<String> specific = texts.stream().filter(text -> !GENERIC.matcher(text).find()).toList();
      if (!specific.isEmpty()) {
        return specific;
      }
      // Only wrappers left: for an argument the schema does not know, that is what the wrapper means.
      return texts.stream().map(text -> text.contains("additional properties")
        ? "not an argument of this tool (see the accepted arguments below)" : text).distinct().toList();
    });
    StringBuilder out = new StringBuilder("invalid arguments for ").append(toolName).append(':');
    byLocation.forEach((location, texts) -> out.append("\n- ")
      .append(location.isEmpty() || location.equals("#") || location.equals("/") ? "arguments" : "argument '" + argumentName(location) + "'")
      .append(": ").append(String.join("; ", texts)));
    JsonObject properties = schema.getJsonObject("properties");
    if (properties != null && !properties.isEmpty()) {
      out.append("\nAccepted arguments: ").append(String.join(", ", properties.fieldNames()));
      JsonArray required = schema.getJsonArray("required");
      if (required != null && !required.isEmpty()) {
        out.append(" (required: ").append(required.stream().map(Object::toString).reduce((a, b) -> a + ", " + b).orElse("")).append(')');
      }
      out.append('.');
    }
    return out.toString();
  }

  private static String argumentName(String location) {
    String path = location.startsWith("#") ? location.substring(1) : location;
    path = path.startsWith("/") ? path.substring(1) : path;
    return path.replace('/', '.').replace("~1", "/").replace("~0", "~");
  }
}
