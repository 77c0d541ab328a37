package dev.reviewgate.core.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A line of text the catalog declares with the values it shows, so that a front-end can present a value (a draft
 * review) without knowing its fields. {@code {name}} is a value, {@code {name|default}} one with a default,
 * {@code {name:cut}} one shortened to the caller's limit; {@code [text]} appears only when every value named directly
 * in it (without a default) is there, and {@code [text||other]} shows {@code other} when it is not. Sections nest.
 */
public final class TextTemplate {

  private sealed interface Part permits Literal, Value, Section {
  }

  private record Literal(String text) implements Part {
  }

  private record Value(String name, String fallback, boolean cut) implements Part {
  }

  private record Section(List<Part> shown, List<Part> otherwise) implements Part {
  }

  private final String source;
  private final List<Part> parts;

  private TextTemplate(String source, List<Part> parts) {
    this.source = source;
    this.parts = parts;
  }

  /** Parses {@code source}; a malformed template is a catalog error naming it. */
  public static TextTemplate parse(String source) {
    int[] at = {0};
    List<Part> parts = parts(source, at, false);
    if (at[0] != source.length()) {
      throw new IllegalStateException("template \"" + source + "\": unexpected '" + source.charAt(at[0]) + "' at " + at[0]);
    }
    return new TextTemplate(source, List.copyOf(parts));
  }

  /**
   * The text with each value looked up in {@code values} (null: absent); values with {@code :cut} longer than
   * {@code cutAt} characters end in an ellipsis.
   */
  public String render(Function<String, Object> values, int cutAt) {
    StringBuilder text = new StringBuilder();
    append(parts, values, cutAt, text);
    return text.toString();
  }

  /** Templates of the same text are equal. */
  @Override
  public boolean equals(Object other) {
    return other instanceof TextTemplate template && template.source.equals(source);
  }

  @Override
  public int hashCode() {
    return source.hashCode();
  }

  @Override
  public String toString() {
    return source;
  }

  private static void append(List<Part> parts, Function<String, Object> values, int cutAt, StringBuilder text) {
    for (Part part : parts) {
      if (part instanceof Literal literal) {
        text.append(literal.text());
      } else if (part instanceof Value value) {
        Object found = values.apply(value.name());
        String shown = found == null ? (value.fallback() == null ? "" : value.fallback()) : String.valueOf(found);
        text.append(value.cut() && shown.length() > cutAt ? shown.substring(0, cutAt) + "…" : shown);
      } else if (part instanceof Section section) {
        append(complete(section.shown(), values) ? section.shown() : section.otherwise(), values, cutAt, text);
      }
    }
  }

  /** Whether every value named directly in {@code parts}, without a default, is there. */
  private static boolean complete(List<Part> parts, Function<String, Object> values) {
    return parts.stream().allMatch(part -> !(part instanceof Value value) || value.fallback() != null
      || values.apply(value.name()) != null);
  }

  /** Parts up to the end, or inside a section up to its {@code ||} or {@code ]}. */
  private static List<Part> parts(String source, int[] at, boolean inSection) {
    List<Part> parts = new ArrayList<>();
    StringBuilder literal = new StringBuilder();
    while (at[0] < source.length()) {
      char c = source.charAt(at[0]);
      if (inSection && (c == ']' || source.startsWith("||", at[0]))) {
        break;
      }
      if (c == '{' || c == '[') {
        if (!literal.isEmpty()) {
          parts.add(new Literal(literal.toString()));
          literal.setLength(0);
        }
        parts.add(c == '{' ? value(source, at) : section(source, at));
      } else if (c == '}' || c == ']') {
        break;
      } else {
        literal.append(c);
        at[0]++;
      }
    }
    if (!literal.isEmpty()) {
      parts.add(new Literal(literal.toString()));
    }
    return parts;
  }

  private static Value value(String source, int[] at) {
    int end = source.indexOf('}', at[0]);
    if (end < 0) {
      throw new IllegalStateException("template \"" + source + "\": '{' at " + at[0] + " is not closed");
    }
    String inside = source.substring(at[0] + 1, end);
    at[0] = end + 1;
    int bar = inside.indexOf('|');
    String name = bar < 0 ? inside : inside.substring(0, bar);
    String fallback = bar < 0 ? null : inside.substring(bar + 1);
    boolean cut = name.endsWith(":cut");
    name = cut ? name.substring(0, name.length() - ":cut".length()) : name;
    if (!name.matches("#?[A-Za-z_][A-Za-z0-9_]*")) {
      throw new IllegalStateException("template \"" + source + "\": \"" + inside + "\" is not a value name");
    }
    return new Value(name, fallback, cut);
  }

  private static Section section(String source, int[] at) {
    at[0]++;
    List<Part> shown = parts(source, at, true);
    List<Part> otherwise = List.of();
    if (source.startsWith("||", at[0])) {
      at[0] += 2;
      otherwise = parts(source, at, true);
    }
    if (at[0] >= source.length() || source.charAt(at[0]) != ']') {
      throw new IllegalStateException("template \"" + source + "\": a '[' section is not closed");
    }
    at[0]++;
    return new Section(List.copyOf(shown), List.copyOf(otherwise));
  }
}
