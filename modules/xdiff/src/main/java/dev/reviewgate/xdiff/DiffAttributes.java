package dev.reviewgate.xdiff;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.attributes.Attribute;
import org.eclipse.jgit.attributes.AttributesNode;
import org.eclipse.jgit.attributes.AttributesRule;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.treewalk.CanonicalTreeParser;

/**
 * The {@code diff} attribute of a path, read from the {@code .gitattributes} files of one tree (the diff's new
 * side) rather than from a working tree, so the answer depends only on the commit. {@code binary} is git's macro
 * for {@code -diff -merge -text}.
 */
public final class DiffAttributes {

  /** What the attribute says about binary-ness: forced text, forced binary, or look at the content. */
  public enum Verdict { TEXT, BINARY, CONTENT }

  private static final DiffAttributes NONE = new DiffAttributes(null, null, 0, RepoDiffConfig.NONE);

  private final ObjectReader reader;
  private final ObjectId tree;
  private final int maxFileBytes;
  private final RepoDiffConfig config;
  /** {@code $GIT_DIR/info/attributes}: matched from the root, and over every {@code .gitattributes}. */
  private final List<AttributesRule> infoRules;
  private final Map<String, List<AttributesRule>> byDirectory = new HashMap<>();
  /** This diff's directories, by path. */
  private final Map<String, Listing> listings = new HashMap<>();
  /**
   * Listings of trees and the rules of attributes files, by object id, shared by every diff of the process (by id, so
   * across commits and repositories): a large diff is written by many writers, each with its own attributes, and a
   * commit's neighbours share most of its trees. Rules are only matched, never changed, once parsed.
   */
  private static volatile ObjectCache<Listing> trees = new ObjectCache<>(0);
  private static volatile ObjectCache<List<AttributesRule>> parsed = new ObjectCache<>(0);
  /**
   * Bounds the caches of trees' listings and parsed attributes files that every diff of the process shares:
   * {@code bytes} of trees (git.attributesCacheBytes; git.git's root tree is 30 KB, a commit's directories rarely
   * more), and an eighth of it of attributes files. Nothing is kept before this is called; a new bound empties them.
   */
  public static synchronized void cacheBytes(long bytes) {
    if (trees.maxBytes() != bytes) {
      trees = new ObjectCache<>(bytes);
      parsed = new ObjectCache<>(bytes / 8);
    }
  }

  /** What {@link #diffAttribute} found by path; {@link #NO_ATTRIBUTE} for none. Not thread-safe, like a diff session. */
  private final Map<String, Attribute> matched = new HashMap<>();
  private static final Attribute NO_ATTRIBUTE = new Attribute("diff", Attribute.State.UNSPECIFIED);

  private DiffAttributes(ObjectReader reader, ObjectId tree, int maxFileBytes, RepoDiffConfig config) {
    this.reader = reader;
    this.tree = tree;
    this.maxFileBytes = maxFileBytes;
    this.config = config;
    this.infoRules = config.infoAttributes() == null ? List.of() : parse(config.infoAttributes());
  }

  /** No attributes at all: every path's content decides, with git's default hunk headings (blobs without a tree). */
  public static DiffAttributes none() {
    return NONE;
  }

  /** @param maxFileBytes a {@code .gitattributes} larger than this is ignored, like a missing one ({@code git.maxBlobBytes}) */
  public static DiffAttributes of(ObjectReader reader, ObjectId tree, int maxFileBytes) {
    return of(reader, tree, maxFileBytes, RepoDiffConfig.NONE);
  }

  /** The same, with the repository's own diff settings and {@code info/attributes}. */
  public static DiffAttributes of(ObjectReader reader, ObjectId tree, int maxFileBytes, RepoDiffConfig config) {
    return tree == null ? NONE : new DiffAttributes(reader, tree, maxFileBytes, config);
  }

  /** The repository's diff settings these attributes were read with. */
  RepoDiffConfig config() {
    return config;
  }

  /**
   * The diff driver named by {@code diff=<name>}, or null. Like every attribute here it applies to regular files
   * only: git gives a symlink (its target) and a submodule (its commit line) the default driver, whatever the path's
   * attributes say.
   */
  public String driver(String path, int mode) {
    if (!FileChange.isRegular(mode)) {
      return null;
    }
    Attribute diff = diffAttribute(path);
    return diff != null && diff.getState() == Attribute.State.CUSTOM ? diff.getValue() : null;
  }

  /** Whether the attributes make the file text, binary, or leave it to its content (always the content off regular files). */
  public Verdict verdict(String path, int mode) {
    if (!FileChange.isRegular(mode)) {
      return Verdict.CONTENT;
    }
    Attribute diff = diffAttribute(path);
    return diff == null ? Verdict.CONTENT : switch (diff.getState()) {
      case SET -> Verdict.TEXT;
      case UNSET -> Verdict.BINARY;
      // A named driver (diff=java) leaves the decision to the content unless the repository sets diff.<name>.binary.
      case CUSTOM -> config.binaryDrivers().getOrDefault(diff.getValue(), false) ? Verdict.BINARY : Verdict.CONTENT;
      case UNSPECIFIED -> Verdict.CONTENT;
    };
  }

  /**
   * The last {@code diff} attribute (or the {@code binary} macro, as {@code -diff}) that applies to the path, matched
   * once per path: rename detection asks for every pair of an added and a deleted file.
   */
  private Attribute diffAttribute(String path) {
    if (tree == null) {
      return null;
    }
    Attribute known = matched.get(path);
    if (known == null) {
      Attribute found = match(path);
      matched.put(path, found == null ? NO_ATTRIBUTE : found);
      return found;
    }
    return known == NO_ATTRIBUTE ? null : known;
  }

  private Attribute match(String path) {
    Attribute found = null;
    int slash = -1;
    // Root first, deeper directories override, $GIT_DIR/info/attributes over all; within a file, later lines win.
    while (true) {
      String directory = slash < 0 ? "" : path.substring(0, slash);
      String relative = slash < 0 ? path : path.substring(slash + 1);
      found = apply(rules(directory), relative, found);
      int next = path.indexOf('/', slash + 1);
      if (next < 0) {
        return apply(infoRules, path, found);
      }
      slash = next;
    }
  }

  /** The {@code diff} attribute after {@code rules} (later ones override earlier; {@code binary} means {@code -diff}). */
  private static Attribute apply(List<AttributesRule> rules, String path, Attribute found) {
    Attribute result = found;
    for (AttributesRule rule : rules) {
      if (rule.isMatch(path, false)) {
        for (Attribute attribute : rule.getAttributes()) {
          if (attribute.getKey().equals("diff")) {
            result = attribute;
          } else if (attribute.getKey().equals("binary") && attribute.getState() == Attribute.State.SET) {
            result = new Attribute("diff", Attribute.State.UNSET);
          }
        }
      }
    }
    return result;
  }

  private static List<AttributesRule> parse(byte[] bytes) {
    try {
      AttributesNode node = new AttributesNode();
      node.parse(new ByteArrayInputStream(bytes));
      return node.getRules();
    } catch (IOException e) {
      return List.of();
    }
  }

  private List<AttributesRule> rules(String directory) {
    return byDirectory.computeIfAbsent(directory, this::load);
  }

  private List<AttributesRule> load(String directory) {
    ObjectId file = listing(directory).attributes();
    if (file == null) {
      return List.of();
    }
    List<AttributesRule> known = parsed.get(file);
    if (known != null) {
      return known;
    }
    try {
      byte[] content = reader.open(file, Constants.OBJ_BLOB).getCachedBytes(maxFileBytes);
      List<AttributesRule> rules = parse(content);
      parsed.put(file, rules, content.length);
      return rules;
    } catch (org.eclipse.jgit.errors.LargeObjectException tooLarge) {
      // Unchecked in JGit: without this one oversized attributes file would fail every diff of the commit.
      return List.of();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * One directory's tree as far as attributes need it: its {@code .gitattributes} (a regular file; a symlink or a
   * directory of that name is no attributes file) and, when asked, a subdirectory's tree. Each directory's tree is
   * read once, from its parent's listing: looking each {@code .gitattributes} up from the root (a tree walk per
   * directory, in each block of a parallel diff) took 12 ms of a 157-file commit of libgit2 spread over deep test
   * directories, where git took 8 ms for all of it. Entries are looked up in the tree's sorted order and the scan
   * stops past the name: a large root (git.git's, rewritten by every commit) is not read whole for two names.
   * Shared between threads (by tree id), so what it has found is kept in a concurrent map.
   */
  private static final class Listing {
    static final Listing EMPTY = new Listing(null, null);
    private static final byte[] ATTRIBUTES_NAME = Constants.encode(Constants.DOT_GIT_ATTRIBUTES);

    private final byte[] raw;
    private final ObjectId attributes;
    private final Map<String, ObjectId> directories = new java.util.concurrent.ConcurrentHashMap<>();

    private Listing(byte[] raw, ObjectId attributes) {
      this.raw = raw;
      this.attributes = attributes;
    }

    static Listing of(byte[] raw) {
      return new Listing(raw, find(raw, ATTRIBUTES_NAME, FileMode.REGULAR_FILE.getBits(), FileMode.TYPE_FILE));
    }

    ObjectId attributes() {
      return attributes;
    }

    /** The tree's bytes that this listing holds. */
    long size() {
      return raw == null ? 0 : raw.length;
    }

    /** The tree of the subdirectory {@code name}, or null. */
    ObjectId directory(String name) {
      if (raw == null) {
        return null;
      }
      ObjectId found = directories.computeIfAbsent(name, key -> {
        ObjectId tree = find(raw, Constants.encode(key), FileMode.TREE.getBits(), FileMode.TYPE_TREE);
        return tree != null ? tree : ObjectId.zeroId();
      });
      return found.equals(ObjectId.zeroId()) ? null : found;
    }

    /** The id of the entry {@code name} as git sorts it for {@code mode}, if its type is {@code type}. */
    private static ObjectId find(byte[] raw, byte[] name, int mode, int type) {
      CanonicalTreeParser entries = new CanonicalTreeParser();
      entries.reset(raw);
      for (; !entries.eof(); entries.next()) {
        int order = entries.pathCompare(name, 0, name.length, mode);
        if (order == 0) {
          return (entries.getEntryRawMode() & FileMode.TYPE_MASK) == type ? entries.getEntryObjectId() : null;
        }
        if (order > 0) {
          return null;
        }
      }
      return null;
    }
  }

  private Listing listing(String directory) {
    Listing known = listings.get(directory);
    if (known != null) {
      return known;
    }
    ObjectId id = tree;
    if (!directory.isEmpty()) {
      int slash = directory.lastIndexOf('/');
      id = listing(slash < 0 ? "" : directory.substring(0, slash)).directory(directory.substring(slash + 1));
    }
    Listing listing = id == null ? Listing.EMPTY : trees.get(id);
    if (listing == null) {
      listing = read(id);
      trees.put(id, listing, listing.size());
    }
    listings.put(directory, listing);
    return listing;
  }

  private Listing read(ObjectId treeId) {
    try {
      return Listing.of(reader.open(treeId, Constants.OBJ_TREE).getCachedBytes(maxFileBytes));
    } catch (org.eclipse.jgit.errors.LargeObjectException tooLarge) {
      return Listing.EMPTY; // a tree larger than git.maxBlobBytes: no attributes read below it, as for a large file
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
