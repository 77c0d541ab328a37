package dev.reviewgate.mcp;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;

/**
 * What the MCP front-end does about text from strangers and about writes that act for the person: whether untrusted
 * texts are withheld ({@code mcp.lockdown}, {@code --lockdown}, {@code REVIEWGATE_LOCKDOWN}; off by default: they are
 * shown, enclosed, see {@link Spotlight}) and which writes need the person's approval ({@link ConfirmWrites}).
 */
public record StrangerPolicy(boolean lockdown, ConfirmWrites confirmWrites) {

  public static StrangerPolicy from(ReviewgateConfig config) {
    JsonObject mcp = config.section("mcp");
    Object confirm = mcp.getValue("confirmWrites");
    return new StrangerPolicy(Boolean.TRUE.equals(mcp.getValue("lockdown")),
      ConfirmWrites.parse(confirm instanceof String s ? s : null));
  }

  public static StrangerPolicy defaults() {
    return new StrangerPolicy(false, ConfirmWrites.parse(ConfirmWrites.DEFAULT));
  }

  /** This policy with {@code setting} as the writes that need the person (e.g. {@code none}). */
  public StrangerPolicy confirming(String setting) {
    return new StrangerPolicy(lockdown, ConfirmWrites.parse(setting));
  }

  public StrangerPolicy lockedDown(boolean on) {
    return new StrangerPolicy(on, confirmWrites);
  }
}
