package dev.reviewgate.forge.thread;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Makes a forge write safe to repeat: the text posted carries an invisible marker derived from what is posted
 * (an HTML comment, which both forges render as nothing), and before posting, the writer looks for that marker among
 * what is already there. A write whose response was lost (a timeout after the forge accepted it) is then found and
 * not posted twice when the caller retries.
 */
public final class WriteMarker {

  private WriteMarker() {
  }

  /** The marker for a write, from its parts (e.g. pull request, commit, body, comments). */
  public static String of(String... parts) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String part : parts) {
        sha.update(String.valueOf(part).getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
      }
      return "<!-- reviewgate:" + HexFormat.of().formatHex(sha.digest()).substring(0, 20) + " -->";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every Java platform", e);
    }
  }

  /** The body as posted: the text, then the marker on a line of its own. */
  public static String mark(String body, String marker) {
    return (body == null ? "" : body) + "\n\n" + marker;
  }

  public static boolean in(String text, String marker) {
    return text != null && text.contains(marker);
  }
}
