package dev.reviewgate.diff.shape;

import dev.reviewgate.core.ToolException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The {@code cursor} of a reply cut to its budget: where the next page starts (a byte of the text, or an entry of a
 * list) and a fingerprint of what is paged, so that a cursor is never applied to another diff or list (a branch that
 * moved, other filters). Written {@code <offset>.<fingerprint>}; {@code git_log}'s cursors read the same.
 */
public final class PageCursor {

  private PageCursor() {
  }

  /** The cursor of the page that starts at {@code offset}. */
  public static String write(long offset, String fingerprint) {
    return offset + "." + fingerprint;
  }

  /**
   * {@code reply} holding entries {@code [start, end)} of {@code total} ({@code what}: "files", "matches"): when that
   * is not all, its {@code next_cursor} and a warning saying where the rest is.
   */
  public static JsonObject paged(JsonObject reply, int start, int end, int total, String what, String fingerprint,
                                 ReplyBudget budget) {
    if (start == 0 && end == total) {
      return reply;
    }
    if (end < total) {
      reply.put("next_cursor", write(end, fingerprint));
    }
    JsonArray warnings = reply.getValue("warnings") instanceof JsonArray given ? given.copy() : new JsonArray();
    warnings.add("this page has " + what + " " + (start + 1) + " to " + end + " of " + total + (end < total
      ? "; it was cut to fit " + budget.limit() + ": call again with the same arguments and cursor=next_cursor for the rest"
      : "; it is the last page"));
    return reply.put("warnings", warnings);
  }

  /**
   * The cursor of a page that starts at a place of several parts (a thread, a comment in it, a character in that),
   * written {@code <part>-<part>-….<fingerprint>}.
   */
  public static String write(String fingerprint, long... place) {
    StringBuilder out = new StringBuilder();
    for (long part : place) {
      out.append(out.isEmpty() ? "" : "-").append(part);
    }
    return out.append('.').append(fingerprint).toString();
  }

  /** Where {@code cursor} starts (0 without one), refusing one that another reply issued. */
  public static long read(Object cursor, String fingerprint) {
    return cursor == null ? 0 : read(cursor, fingerprint, 1)[0];
  }

  /** The {@code parts} parts of the place {@code cursor} names (zeros without one), refusing one another reply issued. */
  public static long[] read(Object cursor, String fingerprint, int parts) {
    if (cursor == null) {
      return new long[parts];
    }
    String text = String.valueOf(cursor);
    int dot = text.indexOf('.');
    if (dot > 0 && text.substring(dot + 1).equals(fingerprint)) {
      String[] given = text.substring(0, dot).split("-", -1);
      try {
        long[] place = new long[parts];
        for (int i = 0; i < parts && given.length == parts; i++) {
          place[i] = Long.parseLong(given[i]);
          if (place[i] < 0) {
            throw new NumberFormatException();
          }
        }
        if (given.length == parts) {
          return place;
        }
      } catch (NumberFormatException e) {
        // refused below
      }
    }
    if (dot > 0 && text.substring(dot + 1).matches("[0-9a-f]{12}")) {
      throw ToolException.conflict("cursor '" + printable(text) + "' was issued for another result (the sides moved, or "
        + "other arguments than this call's); start again without cursor, or pass the arguments of the call that gave it");
    }
    throw ToolException.invalid("cursor '" + printable(text) + "' is not one this tool issued; pass next_cursor from the "
      + "previous result unchanged, with the same arguments");
  }

  /** Twelve hex digits of SHA-256 over {@code parts}. */
  public static String fingerprint(String... parts) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      for (String part : parts) {
        digest.update(String.valueOf(part).getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
      }
      return HexFormat.of().formatHex(digest.digest(), 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String printable(String text) {
    String cut = text.length() > 60 ? text.substring(0, 60) + "…" : text;
    return cut.replaceAll("\\p{Cntrl}", "?");
  }
}
