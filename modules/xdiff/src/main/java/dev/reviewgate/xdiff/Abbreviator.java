package dev.reviewgate.xdiff;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntSupplier;
import org.eclipse.jgit.internal.storage.file.ObjectDirectory;
import org.eclipse.jgit.internal.storage.file.Pack;
import org.eclipse.jgit.lib.AbbreviatedObjectId;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectDatabase;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;

/**
 * Object names on {@code index} lines, abbreviated as git does by default: the length grows with the number of
 * packed objects (half the bits of the count, in hex digits, at least 7), then extends while ambiguous.
 */
public final class Abbreviator {

  private static final int MINIMUM = 7;
  /** JGit's limit on the candidates one prefix is resolved to ({@code ObjectDirectory.RESOLVE_ABBREV_LIMIT}). */
  private static final int MATCH_LIMIT = 256;

  private final ObjectReader reader;
  /** The database where it is an object directory; whether it is a plain one is seen at the first look. */
  private final ObjectDirectory directory;
  /** Null until the first abbreviation; then whether {@link #directory} has no alternates (so is read here). */
  private Boolean plain;
  private final IntSupplier lengthSource;
  private int length;
  /** This writer's look at the object database, made at its first abbreviation (see {@link #resolve}). */
  private Collection<Pack> packs;
  private Set<String> fanOuts;
  private final Map<String, String[]> looseNames = new HashMap<>();

  /** @param length git's automatic length, asked for once, on the first abbreviation */
  public Abbreviator(ObjectReader reader, IntSupplier length) {
    this(reader, null, length);
  }

  /**
   * As {@link #Abbreviator(ObjectReader, IntSupplier)}, resolving prefixes in {@code database} itself where it is a
   * plain object directory (see {@link #resolve}).
   */
  public Abbreviator(ObjectReader reader, ObjectDatabase database, IntSupplier length) {
    this.reader = reader;
    this.directory = database instanceof ObjectDirectory objects ? objects : null;
    this.lengthSource = length;
  }

  /** git's automatic length for a repository: it counts objects in pack indexes only, as git does. */
  public static int automaticLength(ObjectDatabase database) {
    long count = 0;
    if (database instanceof ObjectDirectory directory) {
      for (Pack pack : directory.getPacks()) {
        try {
          count += pack.getIndex().getObjectCount();
        } catch (IOException e) {
          // git skips packs whose index cannot be opened
        }
      }
    }
    int bits = 64 - Long.numberOfLeadingZeros(count); // msb(count) + 1
    int length = (bits + 1) / 2;
    return Math.max(length, MINIMUM);
  }

  /**
   * Abbreviations of a fixed length without an object database to make them unique in (blobs fetched from a forge):
   * git's minimum, 7, is what git itself prints for repositories of up to about 16 thousand packed objects.
   */
  public static Abbreviator fixed(int length) {
    return new Abbreviator(null, () -> length);
  }

  public String abbreviate(ObjectId id) {
    if (reader == null) {
      return id.name().substring(0, Math.max(MINIMUM, lengthSource.getAsInt()));
    }
    try {
      if (length == 0) {
        length = lengthSource.getAsInt();
      }
      if (plain()) {
        try {
          return abbreviated(id, length).name();
        } catch (IOException e) {
          // A pack that went away or cannot be read: JGit's own lookup copes with those (it looks for new packs).
        }
      }
      return reader.abbreviate(id, length).name();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Whether prefixes are resolved here: an object directory without alternates (JGit's lookup follows those). Looked
   * at once per writer, at its first abbreviation, with the rest of its look at the directory: a writer that
   * abbreviates nothing (a binary or a mode change only) makes no system call for it.
   */
  private boolean plain() {
    if (plain == null) {
      plain = directory != null && !new File(directory.getDirectory(), "info/alternates").exists();
    }
    return plain;
  }

  /** JGit's {@code ObjectReader.abbreviate}, step for step, over {@link #resolve}. */
  private AbbreviatedObjectId abbreviated(ObjectId id, int from) throws IOException {
    int len = from;
    AbbreviatedObjectId abbreviation = id.abbreviate(len);
    Collection<ObjectId> matches = resolve(abbreviation);
    while (matches.size() > 1 && len < Constants.OBJECT_ID_STRING_LENGTH) {
      abbreviation = id.abbreviate(++len);
      List<ObjectId> narrowed = new ArrayList<>(8);
      for (ObjectId candidate : matches) {
        if (abbreviation.prefixCompare(candidate) == 0) {
          narrowed.add(candidate);
        }
      }
      matches = narrowed.size() > 1 ? narrowed : resolve(abbreviation);
    }
    return abbreviation;
  }

  /**
   * The objects a prefix names, as JGit's object directory finds them (in its pack indexes, then among its loose
   * objects, at most {@link #MATCH_LIMIT}), but with one look at the directory per writer: JGit looked at the pack
   * folder's time stamp and listed the prefix's loose-object folder for every abbreviation, two system calls a name,
   * a sixth of a 157-file commit's git work. Its packs are taken once, the objects folder is listed once (a packed
   * repository has no loose-object folders at all), and each folder that exists is listed once.
   */
  private Collection<ObjectId> resolve(AbbreviatedObjectId prefix) throws IOException {
    if (packs == null) {
      packs = directory.getPacks();
      String[] names = directory.getDirectory().list();
      fanOuts = new HashSet<>();
      for (String name : names == null ? new String[0] : names) {
        if (name.length() == 2) {
          fanOuts.add(name);
        }
      }
    }
    Set<ObjectId> matches = new HashSet<>();
    for (Pack pack : packs) {
      pack.getIndex().resolve(matches, prefix, MATCH_LIMIT);
      if (matches.size() > MATCH_LIMIT) {
        return matches;
      }
    }
    String fanOut = prefix.name().substring(0, 2);
    if (matches.size() < MATCH_LIMIT && fanOuts.contains(fanOut)) {
      String[] entries = looseNames.computeIfAbsent(fanOut, dir -> new File(directory.getDirectory(), dir).list());
      for (String entry : entries == null ? new String[0] : entries) {
        if (entry.length() != Constants.OBJECT_ID_STRING_LENGTH - 2 || !ObjectId.isId(fanOut + entry)) {
          continue;
        }
        ObjectId loose = ObjectId.fromString(fanOut + entry);
        if (prefix.prefixCompare(loose) == 0) {
          matches.add(loose);
          if (matches.size() > MATCH_LIMIT) {
            break;
          }
        }
      }
    }
    return matches;
  }
}
