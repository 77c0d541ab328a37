package dev.reviewgate.xdiff;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import org.eclipse.jgit.errors.ConfigInvalidException;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.storage.file.FileBasedConfig;
import org.eclipse.jgit.util.FS;

/**
 * The settings git honours for diffs, read from the repository's own {@code config} file only — never the user's
 * or the system's, so that an answer depends on the repository alone (hermetic): {@code core.abbrev},
 * {@code core.quotePath}, {@code diff.renames}, {@code diff.renameLimit}, and per driver {@code diff.<name>.xfuncname} and
 * {@code diff.<name>.binary}, and {@code diff.<name>.funcname}, the older basic-regex form, rewritten in the extended
 * syntax ({@link BasicRegex}; when both are set, {@code xfuncname} wins). Also
 * {@code $GIT_DIR/info/attributes}, which git reads before the tree's {@code .gitattributes}.
 * {@code core.attributesFile} is ignored by design: it names a file of the user's, outside the repository.
 *
 * @param abbrev           {@code core.abbrev} as a length, or empty for git's automatic length
 * @param renames          {@code diff.renames} (true unless set false)
 * @param renameLimit      {@code diff.renameLimit}, or empty for the server's default
 * @param funcnames        custom heading patterns by driver name, extended syntax ({@code diff.<name>.xfuncname},
 *                         or {@code funcname} rewritten)
 * @param binaryDrivers    drivers configured {@code diff.<name>.binary = true}
 * @param infoAttributes   the bytes of {@code $GIT_DIR/info/attributes}, or null
 * @param quotePath        {@code core.quotePath} (true unless set false): names with bytes ≥ 0x80 are quoted in
 *                         headers and stats
 */
public record RepoDiffConfig(OptionalInt abbrev, boolean renames, OptionalInt renameLimit, Map<String, String> funcnames,
                             Map<String, Boolean> binaryDrivers, byte[] infoAttributes, boolean quotePath) {

  public static final RepoDiffConfig NONE = new RepoDiffConfig(OptionalInt.empty(), true, OptionalInt.empty(), Map.of(),
    Map.of(), null, true);

  /** Reads {@code <gitDir>/config} and {@code <gitDir>/info/attributes}; a missing file means git's defaults. */
  private static RepoDiffConfig read(File configFile, File infoAttributesFile) {
    FileBasedConfig file = new FileBasedConfig(null, configFile, FS.DETECTED);
    try {
      file.load();
    } catch (IOException | ConfigInvalidException e) {
      return NONE; // git would refuse to run; the object database alone is still readable
    }
    return from(file, attributes(infoAttributesFile));
  }

  /** The settings of the repository at {@code gitDir} as they are at each diff: see {@link Source#current()}. */
  public static Source source(Path gitDir) {
    return new Source(new File(gitDir.toFile(), "config"), new File(gitDir.toFile(), "info/attributes"));
  }

  /** One repository's settings, read again only when its {@code config} or {@code info/attributes} file changes. */
  public static final class Source {
    private final File configFile;
    private final File infoAttributesFile;
    private volatile Stamped last;

    private record Stamped(long stamp, RepoDiffConfig config) {
    }

    private Source(File configFile, File infoAttributesFile) {
      this.configFile = configFile;
      this.infoAttributesFile = infoAttributesFile;
    }

    /**
     * The settings now: the files' time stamps looked at (two {@code stat}s; {@code File.lastModified} answers 0 for
     * a missing file, where {@code Files.getLastModifiedTime} throws, with a stack trace, for the info/attributes most
     * repositories lack: a sixth of a small diff's git work when it did), the files read only when one changed.
     */
    public RepoDiffConfig current() {
      long stamp = configFile.lastModified() * 31 + infoAttributesFile.lastModified();
      Stamped known = last;
      if (known == null || known.stamp() != stamp) {
        known = new Stamped(stamp, read(configFile, infoAttributesFile));
        last = known;
      }
      return known.config();
    }
  }

  static RepoDiffConfig from(Config config, byte[] infoAttributes) {
    Map<String, String> funcnames = new HashMap<>();
    Map<String, Boolean> binary = new HashMap<>();
    for (String driver : config.getSubsections("diff")) {
      String pattern = config.getString("diff", driver, "xfuncname");
      String basic = config.getString("diff", driver, "funcname");
      if (pattern != null) {
        funcnames.put(driver, pattern);
      } else if (basic != null) {
        funcnames.put(driver, extended(basic));
      }
      if (has(config.getNames("diff", driver), "binary")) {
        binary.put(driver, config.getBoolean("diff", driver, "binary", false));
      }
    }
    String abbrev = config.getString("core", null, "abbrev");
    OptionalInt length = OptionalInt.empty();
    if (abbrev != null && !abbrev.equalsIgnoreCase("auto")) {
      if (abbrev.equalsIgnoreCase("no") || abbrev.equalsIgnoreCase("false") || abbrev.equalsIgnoreCase("off")) {
        length = OptionalInt.of(40);
      } else {
        try {
          // git clamps to [4, 40]
          length = OptionalInt.of(Math.max(4, Math.min(40, Integer.parseInt(abbrev.trim()))));
        } catch (NumberFormatException ignored) {
          // git refuses an unreadable value; keep the automatic length
        }
      }
    }
    String renames = config.getString("diff", null, "renames");
    boolean renamesOn = renames == null || !(renames.equalsIgnoreCase("false") || renames.equalsIgnoreCase("no")
      || renames.equalsIgnoreCase("off") || renames.equals("0"));
    OptionalInt limit = has(config.getNames("diff"), "renameLimit")
      ? OptionalInt.of(config.getInt("diff", null, "renameLimit", 0)) : OptionalInt.empty();
    boolean quotePath = config.getBoolean("core", null, "quotePath", true);
    return new RepoDiffConfig(length, renamesOn, limit, Map.copyOf(funcnames), Map.copyOf(binary), infoAttributes,
      quotePath);
  }

  /**
   * A {@code funcname} (basic expressions, one per line, {@code !} to negate) in the extended syntax of
   * {@code xfuncname}. One that has no extended form becomes a pattern RE2 refuses, which puts the driver on the
   * default rule as an invalid {@code xfuncname} does.
   */
  static String extended(String basic) {
    StringBuilder out = new StringBuilder();
    for (String line : basic.split("\n", -1)) {
      boolean negate = line.startsWith("!");
      try {
        out.append(negate ? "!" : "")
          .append(BasicRegex.toExtended(negate ? line.substring(1) : line)).append('\n');
      } catch (IllegalArgumentException untranslatable) {
        return "\\1"; // a back-reference: RE2 refuses it
      }
    }
    return out.substring(0, out.length() - 1);
  }

  private static boolean has(java.util.Set<String> names, String name) {
    return names.stream().anyMatch(name::equalsIgnoreCase);
  }

  private static byte[] attributes(File file) {
    try {
      return file.isFile() ? Files.readAllBytes(file.toPath()) : null;
    } catch (IOException e) {
      return null;
    }
  }

}
