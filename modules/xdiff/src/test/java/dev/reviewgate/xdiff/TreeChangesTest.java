package dev.reviewgate.xdiff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheBuilder;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.internal.storage.dfs.DfsRepositoryDescription;
import org.eclipse.jgit.internal.storage.dfs.InMemoryRepository;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.ObjectReader;
import org.junit.jupiter.api.Test;

/**
 * The raw walk of two trees lists what JGit's TreeWalk lists, in the same order: random pairs of trees whose names
 * sort around '/' ('-', '.', '0'), hold non-ASCII and invalid UTF-8 bytes, and turn files into folders, symlinks and
 * submodules and back.
 */
class TreeChangesTest {

  private static final String[] PARTS = {"a", "a-b", "a.b", "a0", "b", "é", "z", "src", "src.c", "src-x"};
  private static final FileMode[] MODES = {FileMode.REGULAR_FILE, FileMode.REGULAR_FILE, FileMode.EXECUTABLE_FILE,
    FileMode.SYMLINK, FileMode.GITLINK};

  @Test
  void theRawWalkListsWhatJGitsTreeWalkLists() throws Exception {
    Random random = new Random(26);
    int changes = 0;
    try (InMemoryRepository repository = new InMemoryRepository(new DfsRepositoryDescription("trees"));
         ObjectInserter inserter = repository.newObjectInserter();
         ObjectReader reader = repository.newObjectReader()) {
      for (int round = 0; round < 300; round++) {
        Map<String, DirCacheEntry> old = randomFiles(random, inserter, 1 + random.nextInt(40));
        Map<String, DirCacheEntry> current = mutated(random, inserter, old);
        ObjectId oldTree = tree(inserter, old);
        ObjectId newTree = tree(inserter, current);
        inserter.flush();
        List<FileChange> raw = TreeChanges.between(reader, oldTree, newTree, List.of(), CancelCheck.NEVER);
        assertThat(raw).as("round %d", round)
          .isEqualTo(TreeChanges.walked(reader, oldTree, newTree, List.of(), CancelCheck.NEVER));
        assertThat(TreeChanges.between(reader, null, newTree, List.of(), CancelCheck.NEVER))
          .isEqualTo(TreeChanges.walked(reader, null, newTree, List.of(), CancelCheck.NEVER));
        changes += raw.size();
      }
    }
    assertThat(changes).as("changes compared").isGreaterThan(1_500);
  }

  private static Map<String, DirCacheEntry> randomFiles(Random random, ObjectInserter inserter, int count)
    throws Exception {
    Map<String, DirCacheEntry> files = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      DirCacheEntry entry = entry(random, inserter, randomPath(random));
      if (entry != null && fits(files, entry)) {
        files.put(entry.getPathString(), entry);
      }
    }
    return files;
  }

  /** Some files deleted, some changed in content or mode, some added (a file may become a folder or the reverse). */
  private static Map<String, DirCacheEntry> mutated(Random random, ObjectInserter inserter, Map<String, DirCacheEntry> old)
    throws Exception {
    Map<String, DirCacheEntry> files = new LinkedHashMap<>();
    for (DirCacheEntry entry : old.values()) {
      int fate = random.nextInt(10);
      if (fate == 0) {
        continue;
      }
      DirCacheEntry kept = fate <= 2 ? entry(random, inserter, entry.getRawPath()) : entry;
      files.put(kept.getPathString(), kept);
    }
    for (int i = random.nextInt(8); i > 0; i--) {
      DirCacheEntry entry = entry(random, inserter, randomPath(random));
      if (entry != null && fits(files, entry)) {
        files.put(entry.getPathString(), entry);
      }
    }
    return files;
  }

  /** Whether {@code entry} can join {@code files}: no file may also be a folder of another path. */
  private static boolean fits(Map<String, DirCacheEntry> files, DirCacheEntry entry) {
    String path = entry.getPathString();
    for (String other : files.keySet()) {
      if (other.equals(path) || other.startsWith(path + "/") || path.startsWith(other + "/")) {
        return false;
      }
    }
    return true;
  }

  private static byte[] randomPath(Random random) {
    List<byte[]> parts = new ArrayList<>();
    for (int depth = random.nextInt(3); depth >= 0; depth--) {
      parts.add(random.nextInt(30) == 0 ? new byte[] {'x', (byte) 0xE9, 'y'} // not UTF-8
        : PARTS[random.nextInt(PARTS.length)].getBytes(StandardCharsets.UTF_8));
    }
    java.io.ByteArrayOutputStream path = new java.io.ByteArrayOutputStream();
    for (int i = 0; i < parts.size(); i++) {
      if (i > 0) {
        path.write('/');
      }
      path.writeBytes(parts.get(i));
    }
    return path.toByteArray();
  }

  private static DirCacheEntry entry(Random random, ObjectInserter inserter, byte[] path) throws Exception {
    DirCacheEntry entry = new DirCacheEntry(path);
    FileMode mode = MODES[random.nextInt(MODES.length)];
    entry.setFileMode(mode);
    entry.setObjectId(mode == FileMode.GITLINK ? ObjectId.fromString(String.format("%040x", random.nextInt(1 << 20)))
      : inserter.insert(Constants.OBJ_BLOB, ("content " + random.nextInt(4)).getBytes(StandardCharsets.UTF_8)));
    return entry;
  }

  private static ObjectId tree(ObjectInserter inserter, Map<String, DirCacheEntry> files) throws Exception {
    DirCache index = DirCache.newInCore();
    DirCacheBuilder builder = index.builder();
    files.values().forEach(builder::add);
    builder.finish();
    return index.writeTree(inserter);
  }
}
