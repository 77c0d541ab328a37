package dev.reviewgate.core.trust;

import dev.reviewgate.core.json.JsonSize;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The texts from strangers a reply holds ({@link Provenance}): found once here, for the MCP front-end that encloses
 * them and for the reply budgets that must pay for that enclosure. Also the two rewrites the front-end applies: an
 * author's name made safe to write outside an enclosure, and a text's delimiter-like lines neutralised.
 */
public final class UntrustedTexts {

  /**
   * The most bytes the front-end adds around one untrusted text besides the text itself: its placeholder in the JSON
   * text (an index, a 100-character name, a length), and its enclosure's heading, sentence and three delimiter lines,
   * where the text's own path is paid apart ({@link #framingBytes}).
   */
  public static final long FRAMING_PER_TEXT = 600;
  /** The extra content block that holds the enclosures, and the sentence before an untrusted diff. */
  public static final long FRAMING_ONCE = 300;

  /** At most what the sentence before an untrusted author's diff takes: 130 characters and a safe name of 100 (up to 4 bytes each, escaped). */
  public static final long UNTRUSTED_REPLY_NOTE = 700;

  private static final Pattern DELIMITER_LIKE = Pattern.compile("<<<|>>>");
  private static final Pattern UNSAFE_NAME = Pattern.compile("[^\\p{L}\\p{N} ._@+-]");
  private static final int MAX_NAME = 100;

  private UntrustedTexts() {
  }

  /** One untrusted text of a reply: where it sits (keys and indices), who wrote it and the text. */
  public record Found(List<Object> path, String author, String text) {

    /** The path as a reader writes it: {@code threads[0].comments[2].body}. */
    public String where() {
      StringBuilder out = new StringBuilder();
      for (Object step : path) {
        if (step instanceof Integer i) {
          out.append('[').append(i).append(']');
        } else {
          out.append(out.isEmpty() ? "" : ".").append(step);
        }
      }
      return out.toString();
    }

    /** The text's length in characters (code points). */
    public int length() {
      return text.codePointCount(0, text.length());
    }
  }

  /** What {@code reply} holds from strangers: their texts, and their names that are not safe as written. */
  public record Findings(List<Found> texts, List<Found> names) {

    public boolean isEmpty() {
      return texts.isEmpty() && names.isEmpty();
    }
  }

  public static Findings find(Object reply) {
    Findings out = new Findings(new ArrayList<>(), new ArrayList<>());
    collect(reply, new ArrayList<>(), out);
    return out;
  }

  /**
   * At most the bytes the front-end adds to {@code reply}'s result by enclosing its untrusted texts, beyond what the
   * reply's JSON text and structure already take: each text's framing and path, and what neutralising its lines
   * adds. The text itself moves from the JSON text to its enclosure, where it is escaped once instead of twice.
   */
  public static long framingBytes(JsonObject reply) {
    Findings found = find(reply);
    // A reply that is itself an untrusted author's (a diff) gets one sentence saying so before its text.
    long note = Provenance.UNTRUSTED.equals(reply.getValue(Provenance.TRUST)) ? UNTRUSTED_REPLY_NOTE : 0;
    if (found.isEmpty()) {
      return note;
    }
    long bytes = FRAMING_ONCE + note;
    for (Found f : found.texts()) {
      bytes += FRAMING_PER_TEXT + f.where().length()
        + Math.max(0, JsonSize.ofText(neutralised(f.text())) - JsonSize.ofText(f.text()));
    }
    return bytes;
  }

  /** A name safe to write outside an enclosure: no line breaks, no delimiter characters, bounded. */
  public static String safe(String name) {
    if (name == null) {
      return "an unknown author";
    }
    String clean = UNSAFE_NAME.matcher(name).replaceAll("_");
    return clean.length() > MAX_NAME ? clean.substring(0, MAX_NAME) : clean;
  }

  /** The text with every line that holds {@code <<<} or {@code >>>} made unable to pass for a delimiter line. */
  public static String neutralised(String text) {
    if (!DELIMITER_LIKE.matcher(text).find()) {
      return text;
    }
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (DELIMITER_LIKE.matcher(lines[i]).find()) {
        lines[i] = lines[i].replace('<', '\u2039').replace('>', '\u203A');
      }
    }
    return String.join("\n", lines);
  }

  private static void collect(Object node, List<Object> path, Findings out) {
    if (node instanceof JsonObject object) {
      boolean untrusted = Provenance.UNTRUSTED.equals(object.getValue(Provenance.TRUST));
      String author = object.getValue(Provenance.AUTHOR) instanceof String a ? a : null;
      for (String key : object.fieldNames()) {
        Object value = object.getValue(key);
        path.add(key);
        if (untrusted && value instanceof String text && !text.isEmpty() && Provenance.TEXT_MEMBERS.contains(key)) {
          out.texts().add(new Found(List.copyOf(path), author, text));
        } else if (untrusted && key.equals(Provenance.AUTHOR) && author != null && !author.equals(safe(author))) {
          out.names().add(new Found(List.copyOf(path), author, author));
        } else {
          collect(value, path, out);
        }
        path.remove(path.size() - 1);
      }
    } else if (node instanceof JsonArray array) {
      for (int i = 0; i < array.size(); i++) {
        path.add(i);
        collect(array.getValue(i), path, out);
        path.remove(path.size() - 1);
      }
    }
  }
}
