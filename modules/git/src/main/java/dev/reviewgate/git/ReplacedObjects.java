package dev.reviewgate.git;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jgit.errors.IncorrectObjectTypeException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.internal.storage.commitgraph.CommitGraph;
import org.eclipse.jgit.lib.AnyObjectId;
import org.eclipse.jgit.lib.AsyncObjectLoaderQueue;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;

/**
 * git's replace refs ({@code git replace}, {@code git replace --graft}) and grafts ({@code info/grafts}), applied to
 * what a reader reads as git applies them by default: an object named by a replace ref is read as its replacement
 * (under its own name), and a grafted commit has the graft's parents. JGit knows neither, so every reader of a call
 * goes through {@link #wrap}. As in git, {@code GIT_NO_REPLACE_OBJECTS} (set to anything) and
 * {@code core.useReplaceRefs = false} turn replace refs off, {@code GIT_REPLACE_REF_BASE} moves them, and grafts stay;
 * the commit-graph, which holds the parents as written, is not read while either applies (git does the same).
 */
final class ReplacedObjects {

  private final Repository repository;
  private final File graftsFile;
  private final File replaceDir;
  private final File packedRefs;
  private final File config;
  private final String refBase;
  private final boolean offByEnvironment;
  private volatile Stamped last;

  /** What applies now: replacement by original id, graft parents by commit id. */
  record Table(Map<ObjectId, ObjectId> replaced, Map<ObjectId, List<ObjectId>> grafts) {
    static final Table NONE = new Table(Map.of(), Map.of());

    boolean empty() {
      return replaced.isEmpty() && grafts.isEmpty();
    }
  }

  private record Stamped(long stamp, Table table) {
  }

  ReplacedObjects(Repository repository) {
    this(repository, System.getenv());
  }

  /** @param environment the process's environment, where git's {@code GIT_NO_REPLACE_OBJECTS} and {@code GIT_REPLACE_REF_BASE} are read */
  ReplacedObjects(Repository repository, Map<String, String> environment) {
    this.repository = repository;
    File common = repository.getCommonDirectory() != null ? repository.getCommonDirectory() : repository.getDirectory();
    String base = environment.get("GIT_REPLACE_REF_BASE");
    this.refBase = base == null || base.isEmpty() ? Constants.R_REFS + "replace/" : (base.endsWith("/") ? base : base + "/");
    this.offByEnvironment = environment.get("GIT_NO_REPLACE_OBJECTS") != null;
    this.graftsFile = new File(common, "info/grafts");
    this.replaceDir = new File(common, refBase);
    this.packedRefs = new File(common, "packed-refs");
    this.config = new File(repository.getDirectory(), "config");
  }

  /** {@code reader} itself when nothing is replaced or grafted, else a reader that applies both. */
  ObjectReader wrap(ObjectReader reader) {
    Table table = current();
    return table.empty() ? reader : new Replacing(reader, table);
  }

  /** What changes when the table may: the times of the replace refs, packed-refs, the grafts file and the config. */
  long stamp() {
    return ((replaceDir.lastModified() * 31 + packedRefs.lastModified()) * 31 + graftsFile.lastModified()) * 31
      + config.lastModified();
  }

  /** The table, read again only when {@link #stamp} changes. */
  Table current() {
    long stamp = stamp();
    Stamped known = last;
    if (known == null || known.stamp() != stamp) {
      known = new Stamped(stamp, read());
      last = known;
    }
    return known.table();
  }

  private Table read() {
    Map<ObjectId, ObjectId> replaced = new HashMap<>();
    boolean useRefs = !offByEnvironment && repository.getConfig().getBoolean("core", null, "useReplaceRefs", true);
    try {
      if (useRefs) {
        for (Ref ref : repository.getRefDatabase().getRefsByPrefix(refBase)) {
          String name = ref.getName().substring(refBase.length());
          if (ObjectId.isId(name) && ref.getObjectId() != null) {
            replaced.put(ObjectId.fromString(name), ref.getObjectId());
          }
        }
      }
      return new Table(Map.copyOf(replaced), grafts());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code info/grafts}: one commit and its new parents a line; {@code #} comments and blank lines skipped, as git. */
  private Map<ObjectId, List<ObjectId>> grafts() throws IOException {
    if (!graftsFile.isFile()) {
      return Map.of();
    }
    Map<ObjectId, List<ObjectId>> grafts = new HashMap<>();
    for (String line : Files.readAllLines(graftsFile.toPath(), StandardCharsets.US_ASCII)) {
      String text = line.strip();
      if (text.isEmpty() || text.startsWith("#")) {
        continue;
      }
      String[] ids = text.split("\\s+");
      if (!java.util.Arrays.stream(ids).allMatch(ObjectId::isId)) {
        continue; // git warns of a bad graft line and ignores it
      }
      List<ObjectId> parents = new ArrayList<>();
      for (int i = 1; i < ids.length; i++) {
        parents.add(ObjectId.fromString(ids[i]));
      }
      grafts.put(ObjectId.fromString(ids[0]), List.copyOf(parents));
    }
    return Map.copyOf(grafts);
  }

  /** A commit's bytes with its parent lines those of the graft (they follow the tree line, as git writes them). */
  static byte[] grafted(byte[] commit, List<ObjectId> parents) {
    StringBuilder head = new StringBuilder();
    int at = 0;
    int treeEnd = -1;
    int rest = -1;
    while (at < commit.length) {
      int end = at;
      while (end < commit.length && commit[end] != '\n') {
        end++;
      }
      String line = new String(commit, at, end - at, StandardCharsets.ISO_8859_1);
      if (treeEnd < 0 && line.startsWith("tree ")) {
        treeEnd = end + 1;
      } else if (!line.startsWith("parent ")) {
        rest = at;
        break;
      }
      at = end + 1;
    }
    if (treeEnd < 0 || rest < 0) {
      return commit;
    }
    head.append(new String(commit, 0, treeEnd, StandardCharsets.ISO_8859_1));
    for (ObjectId parent : parents) {
      head.append("parent ").append(parent.name()).append('\n');
    }
    byte[] start = head.toString().getBytes(StandardCharsets.ISO_8859_1);
    byte[] out = new byte[start.length + commit.length - rest];
    System.arraycopy(start, 0, out, 0, start.length);
    System.arraycopy(commit, rest, out, start.length, commit.length - rest);
    return out;
  }

  /** A reader that reads a replaced object's replacement, and a grafted commit with its graft's parents. */
  private static final class Replacing extends ObjectReader.Filter {
    private final ObjectReader delegate;
    private final Table table;

    Replacing(ObjectReader delegate, Table table) {
      this.delegate = delegate;
      this.table = table;
    }

    @Override
    protected ObjectReader delegate() {
      return delegate;
    }

    @Override
    public ObjectReader newReader() {
      return new Replacing(delegate.newReader(), table);
    }

    @Override
    public ObjectLoader open(AnyObjectId id, int type) throws IOException {
      ObjectId original = id.copy();
      ObjectLoader loader = delegate.open(table.replaced().getOrDefault(original, original), type);
      List<ObjectId> parents = table.grafts().get(original);
      if (parents == null || loader.getType() != Constants.OBJ_COMMIT) {
        return loader;
      }
      return new ObjectLoader.SmallObject(Constants.OBJ_COMMIT, grafted(loader.getCachedBytes(), parents));
    }

    @Override
    public ObjectLoader open(AnyObjectId id) throws IOException {
      return open(id, OBJ_ANY);
    }

    @Override
    public long getObjectSize(AnyObjectId id, int type) throws MissingObjectException, IncorrectObjectTypeException,
      IOException {
      ObjectId original = id.copy();
      if (table.grafts().containsKey(original)) {
        return open(original, type).getSize();
      }
      return delegate.getObjectSize(table.replaced().getOrDefault(original, original), type);
    }

    @Override
    public <T extends ObjectId> AsyncObjectLoaderQueue<T> open(Iterable<T> objects, boolean reportMissing) {
      Iterator<T> ids = objects.iterator();
      return new AsyncObjectLoaderQueue<>() {
        private T current;

        @Override
        public boolean next() {
          if (!ids.hasNext()) {
            return false;
          }
          current = ids.next();
          return true;
        }

        @Override
        public T getCurrent() {
          return current;
        }

        @Override
        public ObjectId getObjectId() {
          return current;
        }

        @Override
        public ObjectLoader open() throws IOException {
          return Replacing.this.open(current, OBJ_ANY);
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
          return true;
        }

        @Override
        public void release() {
          // nothing held
        }
      };
    }

    @Override
    public Optional<CommitGraph> getCommitGraph() {
      return Optional.empty();
    }

    @Override
    public void close() {
      delegate.close();
    }
  }
}
