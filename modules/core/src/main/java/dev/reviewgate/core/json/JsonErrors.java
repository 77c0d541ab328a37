package dev.reviewgate.core.json;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reason a text is not JSON, in words for whoever sent it: the parser's first sentence and where it stopped
 * ({@code at line 1, column 6}), without the parser's notes about its own settings (Jackson writes
 * {@code [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); …]} into every message).
 */
public final class JsonErrors {

  private static final Pattern SOURCE_IN_SENTENCE = Pattern.compile("\\[Source: [^;\\]]*(?:\\([^)]*\\))?[^;\\]]*; line: (\\d+)(?:, column: \\d+)?\\]");
  private static final Pattern WHERE = Pattern.compile("line: (\\d+), column: (\\d+)\\]\\s*$");
  private static final int MAX_SENTENCE = 200;
  private static final Pattern FAILED_TO_DECODE = Pattern.compile("^Failed to decode:\\s*");

  private JsonErrors() {
  }

  /** {@code Unexpected end-of-input within/between Object entries at line 1, column 6}, from a parser's message. */
  public static String reason(Throwable decodeFailure) {
    String message = decodeFailure.getMessage();
    if (message == null || message.isBlank()) {
      return "not valid JSON";
    }
    String first = FAILED_TO_DECODE.matcher(message.lines().findFirst().orElse("").strip()).replaceFirst("");
    first = SOURCE_IN_SENTENCE.matcher(first).replaceAll("line $1");
    if (first.length() > MAX_SENTENCE) { // the parser quotes the sender's token, which may be long
      first = first.substring(0, MAX_SENTENCE) + "…";
    }
    Matcher where = WHERE.matcher(message);
    return where.find() ? first + " at line " + where.group(1) + ", column " + where.group(2) : first;
  }
}
