package dev.reviewgate.xdiff;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The function-name rules of git's built-in diff drivers ({@code diff=java} in .gitattributes): an ordered list of
 * patterns, where a match of a negated one rejects the line; the text shown is group 1 of the first matching
 * pattern (or the whole match). The patterns are fixed here, not taken from input, and written without nested
 * ambiguity, so java.util.regex (several times faster than RE2/J on these) cannot be driven into backtracking
 * blow-ups by file content; lines are also capped at {@link #MAX_LINE} bytes. Every built-in driver of git 2.39 is
 * here; a driver the repository configures ({@code diff.<name>.xfuncname}) is matched with RE2/J instead.
 */
final class FuncPattern {

  /** One pattern: a fixed built-in one (java.util.regex), or one from the repository's config (RE2/J: linear time). */
  private record Rule(Pattern pattern, com.google.re2j.Pattern configured, boolean negate) {

    Rule(Pattern pattern, boolean negate) {
      this(pattern, null, negate);
    }
  }

  /**
   * Byte sequences a line must contain for any positive rule to match; lines without them are skipped before the
   * (slower) regular expressions run. Empty for no prefilter.
   */
  private final byte[][] needles;

  // Written from git 2.39's documented and observed behaviour (DiffFidelityTest checks each against the git CLI).
  private static final Map<String, FuncPattern> BUILT_IN = Map.ofEntries(
    Map.entry("java", new FuncPattern(List.of(
      new Rule(Pattern.compile("^[ \t]*(catch|do|for|if|instanceof|new|return|switch|throw|while)"), true),
      new Rule(Pattern.compile("^[ \t]*(([a-z-]+[ \t]+)*(class|enum|interface|record)[ \t]+[A-Za-z][A-Za-z0-9_$]*[ \t]+.*)$"),
        false),
      new Rule(Pattern.compile("^[ \t]*(([A-Za-z_<>&][\\]\\[?&<>.,A-Za-z_0-9]*[ \t]+)+[A-Za-z_][A-Za-z_0-9]*[ \t]*\\([^;]*)$"),
        false)),
      "(", "class", "enum", "interface", "record")),
    // C and C++: any line that starts in column 0 with a name (or "::"), except a label or an access specifier
    // ("done:", "public:") with nothing after it but a comment.
    Map.entry("cpp", new FuncPattern(List.of(
      new Rule(Pattern.compile("^[ \t]*[A-Za-z_][A-Za-z_0-9]*:\\s*($|/[/*])"), true),
      new Rule(Pattern.compile("^((::\\s*)?[A-Za-z_].*)$"), false)))),
    // Python: class and (async) def lines at any indentation, shown from the keyword on.
    Map.entry("python", new FuncPattern(List.of(
      new Rule(Pattern.compile("^[ \t]*((class|(async[ \t]+)?def)[ \t].*)$"), false)),
      "class", "def")),
    // Perl: packages, subs whose line ends after the signature (a prototype, when there is one, is what git shows),
    // the special blocks (shown by name) and POD headings.
    Map.entry("perl", new FuncPattern(List.of(
      new Rule(Pattern.compile("^package .*"), false),
      new Rule(Pattern.compile("^sub [A-Za-z0-9_':]+[ \t]*(\\([^)]*\\)[ \t]*)?(:[^;#]*)?(\\{[ \t]*)?(#.*)?$"), false),
      new Rule(Pattern.compile("^(BEGIN|END|INIT|CHECK|UNITCHECK|AUTOLOAD|DESTROY)[ \t]*(\\{[ \t]*)?(#.*)?$"), false),
      new Rule(Pattern.compile("^=head[0-9] .*"), false)),
      "package", "sub ", "BEGIN", "END", "INIT", "CHECK", "AUTOLOAD", "DESTROY", "=head")),
    // Go: func lines and struct/interface type declarations, shown from the keyword on.
    Map.entry("golang", new FuncPattern(List.of(
      new Rule(Pattern.compile("^[ \t]*(func[ \t]*.*)$"), false),
      new Rule(Pattern.compile("^[ \t]*(type[ \t].*(?:struct|interface)[ \t]*\\{?[ \t]*)$"), false)),
      "func", "type")),
    // Rust: items (fn, struct, enum, union, mod, trait, impl, macro_rules!) with their visibility and qualifiers,
    // never a declaration that ends in ';'.
    Map.entry("rust", new FuncPattern(List.of(
      new Rule(Pattern.compile("^[ \t]*((?:pub(?:\\([^)]+\\))?[ \t]+)?(?:(?:async|const|unsafe|extern[ \t]+\"[^\"]+\")[ \t]+)?"
        + "(?:struct|enum|union|mod|trait|fn|impl|macro_rules!)[< \t]+[^;]*)$"), false)),
      "struct", "enum", "union", "mod", "trait", "fn", "impl", "macro_rules!")),
    // Ruby: class, module and def lines, shown from the keyword on.
    Map.entry("ruby", new FuncPattern(List.of(
      new Rule(Pattern.compile("^[ \t]*((?:class|module|def)[ \t].*)$"), false)),
      "class", "module", "def")),
    // PHP: functions with their modifiers, and class-like declarations.
    Map.entry("php", new FuncPattern(List.of(
      new Rule(Pattern.compile("^[ \t]*((?:(?:public|protected|private|static|abstract|final)[ \t]+)*function.*)$"), false),
      new Rule(Pattern.compile("^[ \t]*((?:(?:(?:final|abstract)[ \t]+)?class|enum|interface|trait).*)$"), false)),
      "function", "class", "enum", "interface", "trait")),
    // Markdown: ATX headings (one to six '#', at most three spaces before them), the whole line.
    Map.entry("markdown", new FuncPattern(List.of(
      new Rule(Pattern.compile("^ {0,3}#{1,6}[ \t].*"), false)),
      "#")),
    // Kotlin: fun, class and interface lines with their modifiers.
    Map.entry("kotlin", new FuncPattern(List.of(
      new Rule(Pattern.compile("^[ \t]*((?:[a-z]+[ \t]+)*(?:fun|class|interface)[ \t]+.*)$"), false)),
      "fun", "class", "interface")),
    // CSS: a selector or at-rule line; never a declaration (a line ending in ':' or ';'). Letters in either case.
    Map.entry("css", new FuncPattern(List.of(
      new Rule(Pattern.compile("[:;]\\s*$"), true),
      new Rule(Pattern.compile("^[:\\[@.#]?[_a-z0-9].*$", Pattern.CASE_INSENSITIVE), false)))),
    // HTML: h1 to h6 headings (either case), from the tag on.
    Map.entry("html", new FuncPattern(List.of(
      new Rule(Pattern.compile("^[ \t]*(<[Hh][1-6](?:[ \t].*)?>.*)$"), false)),
      "<h", "<H")),
    // TeX: part, chapter and (sub)*section commands, starred or not.
    Map.entry("tex", new FuncPattern(List.of(
      new Rule(Pattern.compile("^(\\\\(?:(?:sub)*section|chapter|part)\\*?\\{.*)$"), false)),
      "\\")),
    // Scheme: define forms (define, def, defstruct, define-syntax, …) and library/module/struct/class forms.
    Map.entry("scheme", new FuncPattern(List.of(
      new Rule(Pattern.compile("^[ \t]*(\\((?:(?:define|def(?:struct|syntax|class|method|rules|record|proto|alias)?)[-*/ \t]"
        + "|(?:library|module|struct|class)[*+ \t]).*)$"), false)),
      "(")),
    // Ada (any case): procedures, functions, packages, protected types and tasks; never a renaming, an
    // instantiation, a separate body or a with clause.
    Map.entry("ada", new FuncPattern(List.of(
      new Rule(Pattern.compile("^(?:.*[ \t])?(?:is[ \t]+new|renames|is[ \t]+separate)(?:[ \t].*)?$", Pattern.CASE_INSENSITIVE), true),
      new Rule(Pattern.compile("^[ \t]*with[ \t].*$", Pattern.CASE_INSENSITIVE), true),
      new Rule(Pattern.compile("^[ \t]*((?:procedure|function)[ \t]+.*)$", Pattern.CASE_INSENSITIVE), false),
      new Rule(Pattern.compile("^[ \t]*((?:package|protected|task)[ \t]+.*)$", Pattern.CASE_INSENSITIVE), false)))),
    // Shell: "name()" (the heading ends at the parentheses), or "function name" with "()" or a blank, then the
    // opening of its body ({, (, (( or [[), shown up to that opening.
    Map.entry("bash", new FuncPattern(List.of(
      new Rule(Pattern.compile("^[ \t]*([a-zA-Z_][a-zA-Z0-9_]*[ \t]*\\([ \t]*\\)"
        + "|function[ \t]+[a-zA-Z_][a-zA-Z0-9_]*(?:[ \t]*\\([ \t]*\\)|[ \t]+)[ \t]*(?:\\{|\\(\\(?|\\[\\[))"), false)))),
    // BibTeX: an entry's type and key ("@article{key"), without what follows.
    Map.entry("bibtex", new FuncPattern(List.of(
      new Rule(Pattern.compile("(@[a-zA-Z]+[ \t]*\\{?[ \t]*[^ \t\"@',\\\\#}{~%]*).*$"), false)),
      "@")),
    // C#: methods and constructors, properties, type definitions and namespaces; never a statement keyword.
    Map.entry("csharp", new FuncPattern(List.of(
      new Rule(Pattern.compile("^[ \t]*(do|while|for|if|else|instanceof|new|return|switch|case|throw|catch|using)"), true),
      new Rule(Pattern.compile("^[ \t]*(((static|public|internal|private|protected|new|virtual|sealed|override|unsafe|async)"
        + "[ \t]+)*[\\]\\[<>@.~_A-Za-z0-9]+[ \t]+[<>@._A-Za-z0-9]+[ \t]*\\(.*\\))[ \t]*$"), false),
      new Rule(Pattern.compile("^[ \t]*(((static|public|internal|private|protected|new|virtual|sealed|override|unsafe)"
        + "[ \t]+)*[\\]\\[<>@.~_A-Za-z0-9]+[ \t]+[@._A-Za-z0-9]+)[ \t]*$"), false),
      new Rule(Pattern.compile("^[ \t]*(((static|public|internal|private|protected|new|unsafe|sealed|abstract|partial)"
        + "[ \t]+)*(class|enum|interface|struct|record)[ \t]+.*)$"), false),
      new Rule(Pattern.compile("^[ \t]*(namespace[ \t]+.*)$"), false)))),
    // Device tree source: nodes (a word, a &label or the root "/ {"), never a property (a line with ';' or '=').
    Map.entry("dts", new FuncPattern(List.of(
      new Rule(Pattern.compile(";"), true),
      new Rule(Pattern.compile("="), true),
      new Rule(Pattern.compile("^[ \t]*((/[ \t]*\\{|&?[a-zA-Z_]).*)"), false)))),
    // Elixir: def, defp, defmacro, defmodule, defimpl, defprotocol and test, from the keyword on.
    Map.entry("elixir", new FuncPattern(List.of(
      new Rule(Pattern.compile("^[ \t]*((def(?:macro|module|impl|protocol|p)?|test)[ \t].*)$"), false)),
      "def", "test")),
    // Fortran (any case): program units, subroutines and functions (with their prefixes), also their END lines;
    // never a comment or a "module procedure" line.
    Map.entry("fortran", new FuncPattern(List.of(
      new Rule(Pattern.compile("^(?:[C*]|[ \t]*!)", Pattern.CASE_INSENSITIVE), true),
      new Rule(Pattern.compile("^[ \t]*MODULE[ \t]+PROCEDURE[ \t]", Pattern.CASE_INSENSITIVE), true),
      new Rule(Pattern.compile("^[ \t]*((?:END[ \t]+)?(?:PROGRAM|MODULE|BLOCK[ \t]+DATA"
        + "|(?:[^!'\" \t]+[ \t]+)*(?:SUBROUTINE|FUNCTION))[ \t]+[A-Z].*)$", Pattern.CASE_INSENSITIVE), false)))),
    // Fountain screenplays (any case): scene headings (INT., EXT., EST., INT./EXT., I/E, or a forced ".HEADING").
    Map.entry("fountain", new FuncPattern(List.of(
      new Rule(Pattern.compile("^((?:\\.[^.]|(?:int|ext|est|int\\.?/ext|i/e)[. ]).*)$", Pattern.CASE_INSENSITIVE), false)))),
    // MATLAB and Octave: classdef and function lines, and code-section comments (%%, %%%, ##).
    Map.entry("matlab", new FuncPattern(List.of(
      new Rule(Pattern.compile("^\\s*((?:classdef|function)\\s.*)$|^(?:%%%?|##)\\s.*$"), false)))),
    // Objective-C: methods (- or + with a return type), C functions, and class, interface and protocol blocks.
    Map.entry("objc", new FuncPattern(List.of(
      new Rule(Pattern.compile("^[ \t]*(do|for|if|else|return|switch|while)"), true),
      new Rule(Pattern.compile("^[ \t]*([-+][ \t]*\\([ \t]*[A-Za-z_][A-Za-z_0-9* \t]*\\)[ \t]*[A-Za-z_].*)$"), false),
      new Rule(Pattern.compile("^[ \t]*(([A-Za-z_][A-Za-z_0-9]*[ \t]+)+[A-Za-z_][A-Za-z_0-9]*[ \t]*\\([^;]*)$"), false),
      new Rule(Pattern.compile("^(@(implementation|interface|protocol)[ \t].*)$"), false)))),
    // Pascal: procedures, functions, constructors, destructors, the unit sections, and class/record type declarations.
    Map.entry("pascal", new FuncPattern(List.of(
      new Rule(Pattern.compile("^(((class[ \t]+)?(procedure|function)|constructor|destructor|interface"
        + "|implementation|initialization|finalization)[ \t]*.*)$"), false),
      new Rule(Pattern.compile("^(.*=[ \t]*(class|record).*)$"), false)))));

  /** Longer lines are never headings (git has no such cap; minified code is the only place they occur). */
  static final int MAX_LINE = 4096;

  private final List<Rule> rules;

  private FuncPattern(List<Rule> rules, String... needles) {
    this.rules = rules;
    this.needles = new byte[needles.length][];
    for (int i = 0; i < needles.length; i++) {
      this.needles[i] = needles[i].getBytes(StandardCharsets.US_ASCII);
    }
  }

  private boolean mayMatch(byte[] raw, int start, int end) {
    if (needles.length == 0) {
      return true;
    }
    for (byte[] needle : needles) {
      for (int i = start; i + needle.length <= end; i++) {
        if (raw[i] == needle[0] && matchesAt(raw, i, needle)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean matchesAt(byte[] raw, int at, byte[] needle) {
    for (int k = 1; k < needle.length; k++) {
      if (raw[at + k] != needle[k]) {
        return false;
      }
    }
    return true;
  }

  /** The built-in driver's rules, or null when the driver is unknown here (the default rule applies). */
  static FuncPattern forDriver(String driver) {
    return driver == null ? null : BUILT_IN.get(driver);
  }

  /**
   * The rules for a driver: the repository's {@code diff.<driver>.xfuncname} when set (it overrides a built-in
   * driver of the same name, as in git), else the built-in ones; null for the default rule. A pattern RE2 cannot
   * compile leaves the driver on the default rule (git itself would refuse to diff).
   */
  static FuncPattern forDriver(String driver, RepoDiffConfig config) {
    String configured = driver == null ? null : config.funcnames().get(driver);
    if (configured == null) {
      return forDriver(driver);
    }
    List<Rule> rules = new java.util.ArrayList<>();
    try {
      for (String line : configured.split("\n")) {
        boolean negate = line.startsWith("!");
        rules.add(new Rule(null, com.google.re2j.Pattern.compile(negate ? line.substring(1) : line), negate));
      }
    } catch (com.google.re2j.PatternSyntaxException invalid) {
      return null;
    }
    return new FuncPattern(rules);
  }

  /** A matcher of these rules for the lines of one file: one per file written, used from one thread. */
  Matching matching() {
    return new Matching();
  }

  /**
   * The rules' matchers, each made once and reset for every line tried, over a view of the line's bytes: a file
   * whose hunks are far below their heading tries thousands of lines, and a String and a matcher per line were a
   * tenth of a large diff's garbage.
   */
  final class Matching {

    private final ByteLine line = new ByteLine();
    /** Rule i's matcher, in the array of its kind (a built-in rule's or a configured one's). */
    private final Matcher[] builtIn = new Matcher[rules.size()];
    private final com.google.re2j.Matcher[] configured = new com.google.re2j.Matcher[rules.size()];
    private int from;
    private int to;

    /** The heading text of the line at [start, end) (newline included), or null when it is not a heading. */
    byte[] match(byte[] raw, int start, int end, int maxBytes) {
      if (end - start > MAX_LINE || !mayMatch(raw, start, end)) {
        return null;
      }
      int length = end - start;
      if (length > 0 && raw[start + length - 1] == '\n') {
        length -= (length > 1 && raw[start + length - 2] == '\r') ? 2 : 1;
      }
      line.set(raw, start, length);
      for (int i = 0; i < rules.size(); i++) {
        Rule rule = rules.get(i);
        if (find(i, rule)) {
          if (rule.negate) {
            return null;
          }
          int size = Math.min(to - from, maxBytes);
          while (size > 0 && Lines.isSpace(raw[start + from + size - 1])) {
            size--;
          }
          byte[] out = new byte[size];
          System.arraycopy(raw, start + from, out, 0, size);
          return out;
        }
      }
      return null;
    }

    /** Whether rule {@code i} matches the line; [from, to) is then group 1 when it took part, else the whole match. */
    private boolean find(int i, Rule rule) {
      // Each matcher is made at its rule's first use and reset for every line after that.
      if (rule.configured == null) {
        Matcher m = builtIn[i] == null ? (builtIn[i] = rule.pattern.matcher(line)) : builtIn[i].reset(line);
        return m.find() && take(m.groupCount() >= 1 ? m.start(1) : -1, m.groupCount() >= 1 ? m.end(1) : -1,
          m.start(), m.end());
      }
      com.google.re2j.Matcher m = configured[i] == null ? (configured[i] = rule.configured.matcher(line))
        : configured[i].reset(line);
      return m.find() && take(m.groupCount() >= 1 ? m.start(1) : -1, m.groupCount() >= 1 ? m.end(1) : -1,
        m.start(), m.end());
    }

    private boolean take(int groupStart, int groupEnd, int start, int end) {
      boolean group = groupStart >= 0;
      from = group ? groupStart : start;
      to = group ? groupEnd : end;
      return true;
    }
  }

  /**
   * One line's bytes as characters, one per byte (ISO-8859-1, as the String this replaces: offsets map back to bytes
   * exactly), pointed at the next line instead of copied.
   */
  private static final class ByteLine implements CharSequence {

    private byte[] raw = new byte[0];
    private int start;
    private int length;

    void set(byte[] raw, int start, int length) {
      this.raw = raw;
      this.start = start;
      this.length = length;
    }

    @Override
    public int length() {
      return length;
    }

    @Override
    public char charAt(int index) {
      if (index < 0 || index >= length) {
        throw new IndexOutOfBoundsException(index);
      }
      return (char) (raw[start + index] & 0xff);
    }

    @Override
    public CharSequence subSequence(int from, int to) {
      return toString().substring(from, to);
    }

    @Override
    public String toString() {
      return new String(raw, start, length, StandardCharsets.ISO_8859_1);
    }
  }
}
