package dev.reviewgate.git.diff;

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
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * The {@code diff} attribute of a path, read from the {@code .gitattributes} files of one tree (the diff's new
 * side) rather than from a working tree, so the answer depends only on the commit. {@code binary} is git's macro
 * for {@code -diff -merge -text}.
 */
public final class DiffAttributes {

  /** What the attribute says about binary-ness: forced text, forced binary, or look at the content. */
  public enum Verdict { TEXT, BINARY, CONTENT }

  private static final DiffAttributes NONE = new DiffAttributes(null, null);

  private final ObjectReader reader;
  private final ObjectId tree;
  private final Map<String, List<AttributesRule>> byDirectory = new HashMap<>();

  private DiffAttributes(ObjectReader reader, ObjectId tree) {
    this.reader = reader;
    this.tree = tree;
  }

  public static DiffAttributes of(ObjectReader reader, ObjectId tree) {
    return tree == null ? NONE : new DiffAttributes(reader, tree);
  }

  public Verdict verdict(String path) {
    if (tree == null) {
      return Verdict.CONTENT;
    }
    Verdict verdict = Verdict.CONTENT;
    int slash = -1;
    // Root first, deeper directories override; within a file, later lines override earlier ones.
    while (true) {
      String directory = slash < 0 ? "" : path.substring(0, slash);
      String relative = slash < 0 ? path : path.substring(slash + 1);
      for (AttributesRule rule : rules(directory)) {
        if (rule.isMatch(relative, false)) {
          for (Attribute attribute : rule.getAttributes()) {
            Verdict said = said(attribute);
            if (said != null) {
              verdict = said;
            }
          }
        }
      }
      int next = path.indexOf('/', slash + 1);
      if (next < 0) {
        return verdict;
      }
      slash = next;
    }
  }

  private static Verdict said(Attribute attribute) {
    String key = attribute.getKey();
    if (key.equals("binary") && attribute.getState() == Attribute.State.SET) {
      return Verdict.BINARY;
    }
    if (!key.equals("diff")) {
      return null;
    }
    return switch (attribute.getState()) {
      case SET -> Verdict.TEXT;
      case UNSET -> Verdict.BINARY;
      // A named driver (diff=java) leaves the decision to the content unless configured otherwise.
      case CUSTOM, UNSPECIFIED -> Verdict.CONTENT;
    };
  }

  private List<AttributesRule> rules(String directory) {
    return byDirectory.computeIfAbsent(directory, this::load);
  }

  private List<AttributesRule> load(String directory) {
    String file = directory.isEmpty() ? Constants.DOT_GIT_ATTRIBUTES : directory + "/" + Constants.DOT_GIT_ATTRIBUTES;
    try (TreeWalk walk = TreeWalk.forPath(reader, file, tree)) {
      if (walk == null || (walk.getRawMode(0) & FileMode.TYPE_MASK) != FileMode.TYPE_FILE) {
        return List.of();
      }
      AttributesNode node = new AttributesNode();
      node.parse(new ByteArrayInputStream(reader.open(walk.getObjectId(0), Constants.OBJ_BLOB).getCachedBytes(1 << 20)));
      return node.getRules();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
