package dev.reviewgate.testkit;

import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.Validator;

/**
 * A tool called over the event bus as every front-end calls it, blocking the test's thread: the reply, or the
 * {@link dev.reviewgate.core.ToolException} the tool failed with. {@code fixed} arguments (the forge, the repository,
 * the pull request) go into every call; a call's own arguments win over them.
 *
 * @param timeoutMs the bus timeout, as a front-end would apply it
 */
public record BusCalls(Vertx vertx, JsonObject fixed, long timeoutMs) {

  private static final ToolCatalog CATALOG = ToolCatalog.standard();
  private static final JsonSchemaOptions SCHEMA_OPTIONS = new JsonSchemaOptions().setDraft(Draft.DRAFT202012)
    .setBaseUri("https://reviewgate.dev/schemas/").setOutputFormat(OutputFormat.Basic);

  public static BusCalls on(Vertx vertx) {
    return new BusCalls(vertx, new JsonObject(), 30_000);
  }

  /** The same calls with {@code args} in each. */
  public BusCalls with(JsonObject args) {
    return new BusCalls(vertx, fixed.copy().mergeIn(args), timeoutMs);
  }

  public BusCalls timeoutMs(long ms) {
    return new BusCalls(vertx, fixed, ms);
  }

  public JsonObject call(String address, JsonObject args) {
    JsonObject full = fixed.copy().mergeIn(args);
    return Await.result(BusRequests.request(vertx.eventBus(), address, full, timeoutMs), timeoutMs / 1000 + 10);
  }

  /** {@link #call}, with the reply checked against the tool's {@code outputSchema} in the catalog. */
  public JsonObject checked(String address, JsonObject args) {
    return fitsOutputSchema(address, call(address, args));
  }

  /** Returns {@code reply} when it fits the {@code outputSchema} of the tool at {@code address}; an AssertionError else. */
  public static JsonObject fitsOutputSchema(String address, JsonObject reply) {
    Tool tool = CATALOG.byAddress(address).orElseThrow(() -> new AssertionError("no tool at " + address));
    OutputUnit check = Validator.create(JsonSchema.of(tool.outputSchema()), SCHEMA_OPTIONS).validate(reply);
    if (!Boolean.TRUE.equals(check.getValid())) {
      throw new AssertionError(tool.name() + " reply does not match its outputSchema: " + check.getErrors() + "\n" + reply.encode());
    }
    return reply;
  }

  /** A comment of {@code pr_review}: on a line and side, or on the whole file when {@code line} is null. */
  public static JsonObject comment(String path, Integer line, String side, String body) {
    JsonObject c = new JsonObject().put("path", path).put("body", body);
    return line == null ? c : c.put("line", line).put("side", side);
  }
}
