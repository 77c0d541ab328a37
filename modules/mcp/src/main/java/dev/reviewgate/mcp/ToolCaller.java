package dev.reviewgate.mcp;

import dev.reviewgate.core.catalog.Tool;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

/**
 * How the catalog's resources, prompts and completions call the tool they read through: its reply, or a failure
 * that {@link dev.reviewgate.core.bus.BusRequests#toToolException} turns into a {@link dev.reviewgate.core.ToolException}.
 */
@FunctionalInterface
interface ToolCaller {

  Future<JsonObject> call(Tool tool, JsonObject arguments);
}
