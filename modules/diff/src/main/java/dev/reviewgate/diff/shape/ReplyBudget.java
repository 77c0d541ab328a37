package dev.reviewgate.diff.shape;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ReplyContent;
import dev.reviewgate.core.json.JsonSize;
import dev.reviewgate.core.json.JsonTreeWriter;
import dev.reviewgate.core.trust.UntrustedTexts;
import io.vertx.core.json.JsonObject;

/**
 * The room a tool's whole reply may take, in bytes of JSON as a client reads them: {@code max_bytes},
 * {@code token_budget} ({@link TokenEstimator}'s bytes per token), the smaller when both are given, and
 * {@code diff.defaultTokenBudget} when neither is. What counts is everything the reply holds on the wire: its text
 * (escaped) once, the rest of it twice (an MCP result carries it as a JSON text block and as
 * {@code structuredContent}), and the JSON-RPC envelope around them.
 *
 * @param bytes  the room
 * @param limit  what set it, as the caller can change it ({@code "token_budget (4000 tokens)"})
 * @param beside bytes of the whole reply already spent outside this room (a forge's change list): said when too small
 */
public record ReplyBudget(long bytes, String limit, long beside) {

  public ReplyBudget(long bytes, String limit) {
    this(bytes, limit, 0);
  }

  /** What a result's envelope takes besides its text and its rest: JSON-RPC, content blocks, block markers. */
  public static final long ENVELOPE = 320;

  public static ReplyBudget of(JsonObject args, int defaultTokens) {
    Long maxBytes = positive(args, "max_bytes");
    Long tokens = positive(args, "token_budget");
    if (maxBytes == null && tokens == null) {
      return new ReplyBudget(bytesForTokens(defaultTokens), "the default budget of " + defaultTokens
        + " tokens (diff.defaultTokenBudget)");
    }
    long fromTokens = tokens == null ? Long.MAX_VALUE : bytesForTokens(tokens);
    return maxBytes != null && maxBytes <= fromTokens ? new ReplyBudget(maxBytes, "max_bytes (" + maxBytes + ")")
      : new ReplyBudget(fromTokens, "token_budget (" + tokens + " tokens)");
  }

  /** This budget with {@code taken} bytes already spent (on what its reply holds besides), named as before. */
  public ReplyBudget less(long taken) {
    return taken == 0 ? this : new ReplyBudget(bytes - taken, limit, beside + taken);
  }

  /** The bytes of text that many tokens stand for (the inverse of {@link TokenEstimator#tokens}). */
  public static long bytesForTokens(long tokens) {
    return tokens * 7 / 2;
  }

  /**
   * Bytes left for the text once {@code rest} (the reply without its text) is paid twice, as structure and as JSON
   * text (escaped again inside its text block), with the envelope.
   */
  public long textRoom(JsonObject rest) {
    return bytes - ENVELOPE - twice(rest) - UntrustedTexts.framingBytes(rest);
  }

  /**
   * The bytes {@code reply} takes as an MCP result read as {@code content} says: its text once (escaped), the rest
   * as {@code structuredContent} and, without the fields the text shows, as a JSON text block; or, without the text,
   * the reply as structure and as JSON text; and what enclosing its texts from strangers adds
   * ({@link UntrustedTexts#framingBytes}). Only a text held as a String is known here (a diff's bytes are counted
   * by its caller).
   */
  public static long wireBytes(JsonObject reply, ReplyContent content) {
    String field = content.text();
    if (field == null || !(reply.getValue(field) instanceof String text) || text.isEmpty()) {
      return ENVELOPE + twice(reply) + UntrustedTexts.framingBytes(reply);
    }
    JsonObject rest = reply.copy();
    rest.remove(field);
    JsonObject notes = rest.copy();
    content.shown().forEach(notes::remove);
    return ENVELOPE + JsonSize.ofText(text) + JsonSize.of(rest) + JsonSize.ofText(JsonTreeWriter.encode(notes))
      + UntrustedTexts.framingBytes(rest);
  }

  /** Whether {@code reply} fits, read as {@code content} says. */
  public boolean fits(JsonObject reply, ReplyContent content) {
    return wireBytes(reply, content) <= bytes;
  }

  /**
   * The reply {@code build} makes of the most entries that fit, from all {@code n} down to one (a first entry always
   * goes, so that paging moves on): {@code build.apply(k)} is the reply holding the first {@code k} entries, with
   * what it says of the rest (its {@code next_cursor}) when {@code k < n}.
   */
  public JsonObject largest(int n, java.util.function.IntFunction<JsonObject> build, ReplyContent content) {
    JsonObject whole = build.apply(n);
    if (n <= 1 || fits(whole, content)) {
      return whole;
    }
    int low = 1;
    int high = n - 1;
    JsonObject best = null;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      JsonObject candidate = build.apply(mid);
      if (fits(candidate, content)) {
        best = candidate;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return best != null ? best : build.apply(1);
  }

  private static long twice(JsonObject json) {
    String encoded = JsonTreeWriter.encode(json);
    return encoded.getBytes(java.nio.charset.StandardCharsets.UTF_8).length + JsonSize.ofText(encoded);
  }

  /** Whether a text of {@code textBytes} (escaped) fits beside {@code rest}. */
  public boolean fits(long textBytes, JsonObject rest) {
    return textBytes <= textRoom(rest);
  }

  /** The refusal of a budget too small for the reply's fixed part (its summary and notes) and one line of text. */
  public ToolException tooSmall(JsonObject rest) {
    long least = ENVELOPE + twice(rest) + beside + 200;
    return ToolException.invalid(limit + " leaves no room for the text: the reply's summary and notes alone take about "
      + (least - 200) + " bytes; give max_bytes of at least " + least + " (or token_budget of at least "
      + TokenEstimator.tokens(least) + "), or narrow the call (paths, files, include)");
  }

  private static Long positive(JsonObject args, String key) {
    Object value = args == null ? null : args.getValue(key);
    if (value == null) {
      return null;
    }
    if (!(value instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue()) || n.longValue() < 1) {
      throw ToolException.invalid("argument '" + key + "' must be a positive integer; got " + value);
    }
    return n.longValue();
  }
}
