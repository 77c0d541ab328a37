package dev.reviewgate.core.catalog;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Reads the completion sources, resource templates and prompts that {@code index.json} lists and checks each
 * against the catalog's tools, so a declaration that could not be served stops loading with a message naming its
 * file and what is wrong, instead of failing a client's request later.
 */
final class DeclarationReader {

  private final ClassLoader loader;
  private final String root;
  private final Map<String, Tool> tools;
  private final Map<String, CompletionSource> sources = new LinkedHashMap<>();

  private DeclarationReader(ClassLoader loader, String root, Map<String, Tool> tools) {
    this.loader = loader;
    this.root = root;
    this.tools = tools;
  }

  static Declarations read(ClassLoader loader, String root, JsonObject index, Map<String, Tool> tools) {
    DeclarationReader reader = new DeclarationReader(loader, root, tools);
    for (Entry entry : reader.entries(index, "completions", "completions/")) {
      CompletionSource source = reader.completionSource(entry);
      reader.sources.put(source.name(), source);
    }
    List<ResourceTemplate> templates = new ArrayList<>();
    for (Entry entry : reader.entries(index, "resourceTemplates", "resource-templates/")) {
      templates.add(reader.resourceTemplate(entry));
    }
    List<Prompt> prompts = new ArrayList<>();
    for (Entry entry : reader.entries(index, "prompts", "prompts/")) {
      prompts.add(reader.prompt(entry));
    }
    return new Declarations(List.copyOf(templates), List.copyOf(prompts), Map.copyOf(reader.sources),
      AgentGuide.from(index.getJsonObject("guide")));
  }

  private List<Entry> entries(JsonObject index, String list, String folder) {
    List<Entry> entries = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (Object name : index.getJsonArray(list, new JsonArray())) {
      if (!seen.add(String.valueOf(name))) {
        throw new IllegalStateException("catalog index.json: " + list + " lists " + name + " twice");
      }
      String file = folder + name + ".json";
      Entry entry = new Entry(file, ToolCatalog.readJson(loader, root + file));
      if (!entry.text("name").equals(name)) {
        throw entry.fail("\"name\" must be " + name + ", the name index.json lists it under");
      }
      entries.add(entry);
    }
    return entries;
  }

  private CompletionSource completionSource(Entry entry) {
    entry.allow("name", "tool", "items", "nameField", "filterBy", "first", "values");
    Tool tool = tool(entry);
    JsonArray required = tool.inputSchema().getJsonArray("required", new JsonArray());
    if (!required.isEmpty()) {
      throw entry.fail("tool " + tool.name() + " requires arguments " + required.encode()
        + ", but a completion source calls its tool without arguments");
    }
    String items = entry.text("items");
    replyField(entry, tool, "items", items);
    List<String> values = entry.strings("values");
    if (values.isEmpty()) {
      throw entry.fail("\"values\" must name at least one field of an item");
    }
    return new CompletionSource(entry.text("name"), tool.name(), items, entry.text("nameField"),
      entry.optionalText("filterBy"), entry.strings("first"), values);
  }

  private ResourceTemplate resourceTemplate(Entry entry) {
    entry.allow("uriTemplate", "name", "title", "description", "mimeType", "tool", "textField", "variables");
    Tool tool = tool(entry);
    Map<String, Entry> declared = variables(entry);
    UriTemplate uriTemplate = uriTemplate(entry, declared);
    List<UriVariable> variables = new ArrayList<>();
    for (String name : uriTemplate.variables()) {
      Entry variable = declared.get(name);
      if (variable == null) {
        throw entry.fail("variable {" + name + "} of the uriTemplate is not declared under \"variables\"");
      }
      String argument = variable.text("argument", name);
      argument(variable, tool, argument);
      Pattern accepts = pattern(variable, variable.optionalText("accepts"));
      String completion = completion(variable, variable.optionalText("completion"), uriTemplate.variables());
      variables.add(new UriVariable(name, argument, variable.flag("spansSlashes"), accepts, completion));
    }
    onePerArgument(entry, variables.stream().map(UriVariable::argument).toList());
    suppliesRequired(entry, tool, variables.stream().map(UriVariable::argument).toList(), "URI variable");
    String textField = entry.optionalText("textField");
    replyField(entry, tool, "textField", textField);
    return new ResourceTemplate(uriTemplate, entry.text("name"), entry.text("title"), entry.text("description"),
      entry.text("mimeType"), tool.name(), textField, List.copyOf(variables));
  }

  /** The template's variables as declared, by name. */
  private static Map<String, Entry> variables(Entry entry) {
    Map<String, Entry> declared = new LinkedHashMap<>();
    JsonObject variables = entry.object("variables");
    for (String name : variables.fieldNames()) {
      if (!(variables.getValue(name) instanceof JsonObject json)) {
        throw entry.fail("variable " + name + " must be an object (e.g. {\"argument\": \"" + name + "\"})");
      }
      Entry variable = new Entry(entry.file + " variable " + name, json);
      variable.allow("argument", "spansSlashes", "accepts", "completion");
      declared.put(name, variable);
    }
    return declared;
  }

  /** The parsed uriTemplate, whose variables must be exactly the declared ones. */
  private static UriTemplate uriTemplate(Entry entry, Map<String, Entry> declared) {
    Set<String> spanSlashes = new HashSet<>();
    declared.forEach((name, variable) -> {
      if (variable.flag("spansSlashes")) {
        spanSlashes.add(name);
      }
    });
    UriTemplate uriTemplate;
    try {
      uriTemplate = UriTemplate.parse(entry.text("uriTemplate"), spanSlashes);
    } catch (IllegalArgumentException e) {
      throw entry.fail(e.getMessage());
    }
    for (String name : declared.keySet()) {
      if (!uriTemplate.variables().contains(name)) {
        throw entry.fail("\"variables\" declares " + name + ", which the uriTemplate " + uriTemplate.text() + " does not have");
      }
    }
    return uriTemplate;
  }

  private Prompt prompt(Entry entry) {
    entry.allow("name", "title", "description", "tool", "textField", "arguments", "resultDescription", "failure", "messages");
    Tool tool = tool(entry);
    String name = entry.text("name");
    List<PromptArgument> arguments = promptArguments(entry, tool);
    List<PromptArgument> always = arguments.stream()
      .filter(argument -> argument.required() || argument.defaultValue() != null).toList();
    onePerArgument(entry, arguments.stream().map(PromptArgument::argument).toList());
    suppliesRequired(entry, tool, always.stream().map(PromptArgument::argument).toList(), "required prompt argument");
    String textField = entry.optionalText("textField");
    replyField(entry, tool, "textField", textField);
    List<PromptMessage> messages = promptMessages(entry);
    String resultDescription = entry.optionalText("resultDescription");
    String failure = entry.text("failure", "Cannot build prompt " + name);
    List<String> texts = new ArrayList<>(List.of(failure));
    if (resultDescription != null) {
      texts.add(resultDescription);
    }
    messages.forEach(message -> texts.add(message.embedsReply() ? message.resourceUri() : message.text()));
    placeholdersFilled(entry, texts, always.stream().map(PromptArgument::name).toList());
    return new Prompt(name, entry.text("title"), entry.text("description"), tool.name(), textField,
      arguments, resultDescription, failure, messages);
  }

  private List<PromptArgument> promptArguments(Entry entry, Tool tool) {
    List<Entry> declared = new ArrayList<>();
    for (Entry argument : entry.objects("arguments")) {
      declared.add(new Entry(entry.file + " argument " + argument.text("name"), argument.json));
    }
    List<String> names = declared.stream().map(argument -> argument.text("name")).toList();
    if (new HashSet<>(names).size() < names.size()) {
      throw entry.fail("an argument is declared twice: " + String.join(", ", names));
    }
    List<PromptArgument> arguments = new ArrayList<>();
    for (Entry argument : declared) {
      argument.allow("name", "description", "required", "default", "argument", "completion");
      String name = argument.text("name");
      boolean required = argument.flag("required");
      String defaultValue = argument.optionalText("default");
      if (required && defaultValue != null) {
        throw argument.fail("a required argument takes no \"default\"");
      }
      String toolArgument = argument.text("argument", name);
      argument(argument, tool, toolArgument);
      arguments.add(new PromptArgument(name, argument.text("description"), required, defaultValue, toolArgument,
        completion(argument, argument.optionalText("completion"), names)));
    }
    return List.copyOf(arguments);
  }

  private static List<PromptMessage> promptMessages(Entry entry) {
    List<PromptMessage> messages = new ArrayList<>();
    for (Entry message : entry.objects("messages")) {
      message.allow("role", "text", "resource");
      String role = message.text("role", "user");
      if (!role.equals("user") && !role.equals("assistant")) {
        throw message.fail("\"role\" must be user or assistant");
      }
      if ((message.json.getValue("text") == null) == (message.json.getValue("resource") == null)) {
        throw message.fail("a message has either \"text\" or \"resource\"");
      }
      if (message.json.getValue("text") != null) {
        messages.add(new PromptMessage(role, message.text("text"), null, null));
      } else {
        Entry resource = new Entry(message.file + " resource", message.object("resource"));
        resource.allow("uri", "mimeType");
        messages.add(new PromptMessage(role, null, resource.text("uri"), resource.text("mimeType")));
      }
    }
    if (messages.isEmpty()) {
      throw entry.fail("\"messages\" is empty");
    }
    return List.copyOf(messages);
  }

  /** A placeholder must name an argument that always has a value, so no text is sent with a hole in it. */
  private static void placeholdersFilled(Entry entry, List<String> texts, List<String> filled) {
    for (String text : texts) {
      for (String placeholder : Placeholders.names(text)) {
        if (!filled.contains(placeholder)) {
          throw entry.fail("placeholder {" + placeholder + "} is not an argument that always has a value (required "
            + "or with a default): " + String.join(", ", filled));
        }
      }
    }
  }

  private Tool tool(Entry entry) {
    String name = entry.text("tool");
    Tool tool = tools.get(name);
    if (tool == null) {
      throw entry.fail("tool " + name + " is not in the catalog (index.json \"toolsets\": "
        + String.join(", ", tools.keySet()) + ")");
    }
    return tool;
  }

  /** URI variables and prompt arguments are strings, so the tool argument they fill must take one. */
  private static void argument(Entry entry, Tool tool, String argument) {
    JsonObject properties = tool.inputSchema().getJsonObject("properties", new JsonObject());
    if (!(properties.getValue(argument) instanceof JsonObject schema)) {
      throw entry.fail("maps to argument " + argument + ", which the inputSchema of " + tool.name()
        + " does not have (it has: " + String.join(", ", properties.fieldNames()) + ")");
    }
    Object type = schema.getValue("type");
    if (type != null && !type.equals("string") && !(type instanceof JsonArray types && types.contains("string"))) {
      throw entry.fail("maps to argument " + argument + " of " + tool.name() + ", which takes " + type
        + ", but a URI variable or prompt argument is a string");
    }
  }

  private static void onePerArgument(Entry entry, List<String> toolArguments) {
    Set<String> seen = new HashSet<>();
    for (String argument : toolArguments) {
      if (!seen.add(argument)) {
        throw entry.fail("two values map to argument " + argument + " of the tool; map each to its own");
      }
    }
  }

  private static void suppliesRequired(Entry entry, Tool tool, List<String> supplied, String by) {
    for (Object required : tool.inputSchema().getJsonArray("required", new JsonArray())) {
      if (!supplied.contains(String.valueOf(required))) {
        throw entry.fail("tool " + tool.name() + " requires argument " + required + ", which no " + by + " supplies");
      }
    }
  }

  /** A reply field named by the declaration must be one the tool's output schema lists, when it lists any. */
  private static void replyField(Entry entry, Tool tool, String key, String field) {
    JsonObject properties = tool.outputSchema() == null ? null : tool.outputSchema().getJsonObject("properties");
    if (field != null && properties != null && !properties.containsKey(field)) {
      throw entry.fail("\"" + key + "\" names " + field + ", which the outputSchema of " + tool.name()
        + " does not have (it has: " + String.join(", ", properties.fieldNames()) + ")");
    }
  }

  private String completion(Entry entry, String name, List<String> siblings) {
    if (name == null) {
      return null;
    }
    CompletionSource source = sources.get(name);
    if (source == null) {
      throw entry.fail("completion source " + name + " is not declared (index.json \"completions\": "
        + String.join(", ", sources.keySet()) + ")");
    }
    if (source.filterBy() != null && !siblings.contains(source.filterBy())) {
      throw entry.fail("completion source " + name + " filters by " + source.filterBy()
        + ", which is not an argument here (" + String.join(", ", siblings) + ")");
    }
    return name;
  }

  private static Pattern pattern(Entry entry, String regex) {
    if (regex == null) {
      return null;
    }
    try {
      return Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw entry.fail("\"accepts\" is not a regular expression: " + e.getDescription());
    }
  }

  /** One declaration's JSON and the file it came from, for messages. {@code $comment} keys are notes for readers. */
  private record Entry(String file, JsonObject json) {

    IllegalStateException fail(String message) {
      return new IllegalStateException("catalog " + file + ": " + message);
    }

    void allow(String... keys) {
      Set<String> known = new LinkedHashSet<>(List.of(keys));
      for (String key : json.fieldNames()) {
        if (!known.contains(key) && !key.equals("$comment")) {
          throw fail("unknown key \"" + key + "\" (known: " + String.join(", ", known) + ")");
        }
      }
    }

    String text(String key) {
      if (!(json.getValue(key) instanceof String text) || text.isBlank()) {
        throw fail("\"" + key + "\" must be a non-empty string");
      }
      return text;
    }

    String optionalText(String key) {
      return json.getValue(key) == null ? null : text(key);
    }

    String text(String key, String fallback) {
      return json.getValue(key) == null ? fallback : text(key);
    }

    boolean flag(String key) {
      Object value = json.getValue(key);
      if (value != null && !(value instanceof Boolean)) {
        throw fail("\"" + key + "\" must be true or false");
      }
      return Boolean.TRUE.equals(value);
    }

    JsonObject object(String key) {
      if (!(json.getValue(key) instanceof JsonObject object)) {
        throw fail("\"" + key + "\" must be an object");
      }
      return object;
    }

    List<String> strings(String key) {
      Object value = json.getValue(key);
      if (value == null) {
        return List.of();
      }
      if (!(value instanceof JsonArray array) || !array.stream().allMatch(item -> item instanceof String)) {
        throw fail("\"" + key + "\" must be a list of strings");
      }
      return array.stream().map(String.class::cast).toList();
    }

    List<Entry> objects(String key) {
      Object value = json.getValue(key);
      if (!(value instanceof JsonArray array) || !array.stream().allMatch(item -> item instanceof JsonObject)) {
        throw fail("\"" + key + "\" must be a list of objects");
      }
      List<Entry> entries = new ArrayList<>();
      for (int i = 0; i < array.size(); i++) {
        entries.add(new Entry(file + " " + key + "[" + i + "]", array.getJsonObject(i)));
      }
      return entries;
    }
  }
}
