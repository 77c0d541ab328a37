package dev.reviewgate.forge.json;

import dev.reviewgate.core.ToolException;
import io.vertx.core.Future;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The one place where reading a forge's reply may fail: whatever a mapping of forge JSON throws becomes a 502 the
 * caller can act on, naming the forge, the endpoint and (when known) the member, never an internal error. A forge
 * may send anything its API reference allows, and a mapping that trips over such a reply is our bug, but the caller
 * still gets an answer that says what the forge sent; the log keeps the details at WARNING for us.
 */
public final class ForgeReplies {

  private static final Logger LOG = Logger.getLogger(ForgeReplies.class.getName());

  private ForgeReplies() {
  }

  /**
   * Runs {@code mapping} over a reply of {@code endpoint}.
   *
   * @param need what the caller asked for, in words (e.g. {@code pr_list_threads}), for the message
   */
  public static <T> T read(ForgeEndpoint endpoint, String need, Supplier<T> mapping) {
    try {
      return mapping.get();
    } catch (ToolException e) {
      throw e;
    } catch (ForgeDataException e) {
      throw ToolException.upstream(e.getMessage() + ", which " + need + " needs; the forge's answer cannot be used "
        + "as it is (retry later, or report it with the forge's reply)");
    } catch (RuntimeException e) { // ClassCastException, NullPointerException, … from data the mapping did not expect
      LOG.log(Level.WARNING, "unexpected shape in " + endpoint + " for " + need, e);
      throw ToolException.upstream(endpoint.forge() + "'s reply to " + endpoint.endpoint() + " has a shape " + need
        + " could not read (" + e.getClass().getSimpleName() + "); retry later, or report it with the forge's reply");
    }
  }

  /** {@link #read} for a mapping inside a future chain: its failure is the same clear error. */
  public static <T> Future<T> readLater(ForgeEndpoint endpoint, String need, Supplier<T> mapping) {
    try {
      return Future.succeededFuture(read(endpoint, need, mapping));
    } catch (ToolException e) {
      return Future.failedFuture(e);
    }
  }
}
