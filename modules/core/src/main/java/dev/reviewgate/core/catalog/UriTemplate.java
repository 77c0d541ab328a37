package dev.reviewgate.core.catalog;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A URI template of simple {@code {name}} expressions (RFC 6570 level 1) and how a URI is matched against it. A
 * variable stands for one path segment unless it is declared to span slashes; every variable takes the shortest
 * text that lets the rest of the URI match, so {@code {base}..{head}} splits {@code a..b..c} as {@code a} and
 * {@code b..c}. Values are returned as written; {@link #decode} percent-decodes them.
 */
public record UriTemplate(String text, List<String> variables, Pattern pattern) {

  private static final Pattern EXPRESSION = Pattern.compile("\\{([^}]*)}");
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  /**
   * @param spanSlashes the variables whose values may contain {@code /}
   * @throws IllegalArgumentException naming what is wrong with {@code text}
   */
  public static UriTemplate parse(String text, Set<String> spanSlashes) {
    String literals = EXPRESSION.matcher(text).replaceAll("");
    if (literals.indexOf('{') >= 0 || literals.indexOf('}') >= 0) {
      throw new IllegalArgumentException("uriTemplate " + text + ": unbalanced { or }");
    }
    List<String> variables = new ArrayList<>();
    StringBuilder regex = new StringBuilder();
    Matcher expression = EXPRESSION.matcher(text);
    int literalStart = 0;
    while (expression.find()) {
      String name = expression.group(1);
      if (!NAME.matcher(name).matches()) {
        throw new IllegalArgumentException("uriTemplate " + text + ": {" + name + "} is not a simple {name} expression");
      }
      if (variables.contains(name)) {
        throw new IllegalArgumentException("uriTemplate " + text + ": {" + name + "} stands twice");
      }
      if (!variables.isEmpty() && expression.start() == literalStart) {
        // Two variables side by side could split a value anywhere.
        throw new IllegalArgumentException("uriTemplate " + text + ": {" + name + "} needs literal text before it");
      }
      regex.append(Pattern.quote(text.substring(literalStart, expression.start())))
        .append(spanSlashes.contains(name) ? "(.+?)" : "([^/]+?)");
      variables.add(name);
      literalStart = expression.end();
    }
    regex.append(Pattern.quote(text.substring(literalStart)));
    return new UriTemplate(text, List.copyOf(variables), Pattern.compile(regex.toString()));
  }

  /** Each variable's value as written in {@code uri}, or empty when {@code uri} does not follow this template. */
  public Optional<Map<String, String>> match(String uri) {
    Matcher matcher = pattern.matcher(uri);
    if (!matcher.matches()) {
      return Optional.empty();
    }
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 0; i < variables.size(); i++) {
      values.put(variables.get(i), matcher.group(i + 1));
    }
    return Optional.of(values);
  }

  /** The text before the first {@code ://} and that separator ({@code git://}), or the whole template without one. */
  public String scheme() {
    int end = text.indexOf("://");
    return end < 0 ? text : text.substring(0, end + 3);
  }

  /** The template with each variable written in capitals ({@code git://REPO/diff/BASE..HEAD}), for messages. */
  public String example() {
    return EXPRESSION.matcher(text).replaceAll(found -> Matcher.quoteReplacement(found.group(1).toUpperCase(Locale.ROOT)));
  }

  /** Percent-decoding as in URIs ({@code +} stays a plus; a {@code %} not followed by two hex digits stays as written). */
  public static String decode(String part) {
    if (part.indexOf('%') < 0) {
      return part;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < part.length(); ) {
      int c = part.codePointAt(i);
      int high = c == '%' && i + 2 < part.length() ? Character.digit(part.charAt(i + 1), 16) : -1;
      int low = high >= 0 ? Character.digit(part.charAt(i + 2), 16) : -1;
      if (low >= 0) {
        bytes.write(high * 16 + low);
        i += 3;
      } else {
        // By code point: a character outside the BMP is two chars, and either alone encodes as '?'.
        byte[] encoded = Character.toString(c).getBytes(StandardCharsets.UTF_8);
        bytes.write(encoded, 0, encoded.length);
        i += Character.charCount(c);
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
