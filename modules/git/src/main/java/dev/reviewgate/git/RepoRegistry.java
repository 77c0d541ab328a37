package dev.reviewgate.git;

import dev.reviewgate.core.ToolException;
import io.vertx.core.json.JsonObject;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/**
 * The allow-list of repositories, by name. Tools never take a filesystem path: they name a repository here, and
 * only repositories from the configuration's {@code repos} map (name → path) and the repository the server was
 * started in are served.
 */
public final class RepoRegistry implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(RepoRegistry.class.getName());
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

  private final Map<String, GitReader> readers;
  private final String defaultName;
  private final KeptReaders kept;
  /** Why the repository the server started in is not served (it cannot be read), or null. */
  private final String refusedDefault;

  private RepoRegistry(Map<String, GitReader> readers, String defaultName, KeptReaders kept, String refusedDefault) {
    this.readers = readers;
    this.defaultName = defaultName;
    this.kept = kept;
    this.refusedDefault = refusedDefault;
  }

  /** As {@link #create(Map, Path, GitOptions)} with the configuration's {@code repos} object as written. */
  public static RepoRegistry create(JsonObject repos, Path workingDirectory, GitOptions options) {
    return create(configured(repos), workingDirectory, options);
  }

  /** The configuration's {@code repos} object as name → path, in the order written; a value that is not text is refused. */
  public static Map<String, String> configured(JsonObject repos) {
    Map<String, String> configured = new LinkedHashMap<>();
    for (String name : repos == null ? List.<String>of() : repos.fieldNames()) {
      if (!(repos.getValue(name) instanceof String path)) {
        throw badEntry(name);
      }
      configured.put(name, path);
    }
    return configured;
  }

  /**
   * @param repos the configuration's {@code repos} map, name → path
   * @param workingDirectory where the server started; its git repository (found upward, as git does) becomes the
   *                         default, named after its folder, unless {@code null}; without one, a single
   *                         configured repository is the default
   */
  public static RepoRegistry create(Map<String, String> repos, Path workingDirectory, GitOptions options) {
    PackCache.configure(options);
    dev.reviewgate.xdiff.DiffAttributes.cacheBytes(options.attributesCacheBytes());
    RepositoryOnlyConfig.install();
    Map<String, GitReader> readers = new LinkedHashMap<>();
    // One bound on the readers kept open between calls for all the repositories served (git.keptReaders).
    KeptReaders kept = new KeptReaders(options.keptReaders());
    String defaultName = null;
    String refusedDefault = null;
    if (workingDirectory != null) {
      FileRepositoryBuilder builder = new FileRepositoryBuilder().findGitDir(workingDirectory.toAbsolutePath().toFile());
      if (builder.getGitDir() != null) {
        try {
          Repository repository = builder.setMustExist(true).build();
          String unreadable = unreadableFormat(repository);
          if (unreadable != null) {
            repository.close();
            refusedDefault = "the repository the server was started in (" + nameOf(repository) + ") is not served: "
              + unreadable;
            LOG.warning(refusedDefault);
          } else {
            defaultName = nameOf(repository);
            readers.put(defaultName, new GitReader(defaultName, repository, options, kept));
          }
        } catch (IOException | RuntimeException e) {
          LOG.warning("the git repository around " + workingDirectory + " cannot be opened: " + e.getMessage());
        }
      }
    }
    for (Map.Entry<String, String> entry : repos.entrySet()) {
      String name = entry.getKey();
      String text = entry.getValue();
      // A repository the configuration names but cannot be served stops the start, as a mistyped key does: a
      // server that quietly serves less than it was told to is found out only by its users.
      if (!NAME.matcher(name).matches() || text == null || text.isBlank()) {
        readers.values().forEach(GitReader::close);
        throw badEntry(name);
      }
      try {
        Repository repository = open(Path.of(text));
        String unreadable = unreadableFormat(repository);
        if (unreadable != null) {
          repository.close();
          throw new IllegalStateException(unreadable);
        }
        GitReader previous = readers.put(name, new GitReader(name, repository, options, kept));
        if (previous != null) {
          previous.close();
        }
      } catch (IOException | RuntimeException e) {
        readers.values().forEach(GitReader::close);
        throw RepoPaths.unopenable(name, text, e.getMessage());
      }
    }
    if (defaultName == null && readers.size() == 1) {
      // Started outside any repository with exactly one configured (as MCP clients launch it): that one is meant.
      defaultName = readers.keySet().iterator().next();
    }
    return new RepoRegistry(readers, defaultName, kept, defaultName == null ? refusedDefault : null);
  }

  /**
   * Why JGit cannot read {@code repository}, or null: it reads SHA-1 object names only, and a SHA-256 repository
   * ({@code git init --object-format=sha256}) would be read wrong (ids cut to 40 hex digits, revisions not found).
   */
  static String unreadableFormat(Repository repository) {
    String format = repository.getConfig().getString("extensions", null, "objectformat");
    if (format == null || format.equalsIgnoreCase("sha1")) {
      return null;
    }
    return "it uses " + format.toUpperCase(java.util.Locale.ROOT) + " object names (extensions.objectFormat = " + format
      + "), which reviewgate's git reader (JGit) cannot read; serve a SHA-1 clone of it";
  }

  private static IllegalArgumentException badEntry(String name) {
    return new IllegalArgumentException("configuration repos." + name + ": names are letters, digits, '.', '_', '-' "
      + "and the value is the path of a git repository");
  }

  private static Repository open(Path path) throws IOException {
    File dir = path.toAbsolutePath().normalize().toFile();
    FileRepositoryBuilder builder = new FileRepositoryBuilder().setMustExist(true);
    File dotGit = new File(dir, ".git");
    if (dotGit.exists()) {
      // A .git file (linked worktree, submodule) is followed by JGit's builder.
      builder.setWorkTree(dir);
    } else {
      builder.setGitDir(dir);
    }
    return builder.build();
  }

  private static String nameOf(Repository repository) {
    File folder = repository.isBare() ? repository.getDirectory() : repository.getWorkTree();
    String name = folder.getName();
    if (repository.isBare() && name.endsWith(".git") && name.length() > 4) {
      name = name.substring(0, name.length() - 4);
    }
    name = name.replaceAll("[^A-Za-z0-9._-]", "_");
    if (name.isEmpty() || !Character.isLetterOrDigit(name.charAt(0))) {
      name = "repo" + name;
    }
    return name.length() > 100 ? name.substring(0, 100) : name;
  }

  /** The reader for {@code name}, or for the default repository when {@code name} is null. */
  public GitReader reader(String name) {
    if (name == null) {
      if (defaultName == null) {
        if (refusedDefault != null) {
          throw ToolException.notAllowed(refusedDefault + "; or name a served one with --repo NAME=PATH");
        }
        if (readers.isEmpty()) {
          throw ToolException.invalid("no repository is served: the server was started outside a git repository and was named none; "
            + "start it inside one, or name one with --repo NAME=PATH (repeatable; with exactly one, it is the default)");
        }
        throw ToolException.invalid("no default repository: the server was not started inside a git repository and serves more than one; "
          + "pass repo, one of: " + names() + " (or start it with a single --repo NAME=PATH)");
      }
      return readers.get(defaultName);
    }
    GitReader reader = readers.get(name);
    if (reader == null) {
      throw ToolException.notAllowed("unknown repository '" + Inputs.printable(name) + "'; allowed: " + names()
        + ". Call git_repos to list them.");
    }
    return reader;
  }

  /**
   * Reads what a fresh process's first call on the default repository waits for otherwise: its tags (JGit reads
   * packed-refs whole on the first name it resolves) and the index of the pack holding HEAD (JGit loads a pack's
   * .idx whole: 12 MB and 70 ms for git.git). A failure is left for the calls to meet and report.
   */
  void preloadDefault() {
    if (defaultName == null) {
      return;
    }
    Repository repository = readers.get(defaultName).repository();
    try (ObjectReader reader = repository.newObjectReader()) {
      repository.getRefDatabase().getRefsByPrefix(Constants.R_TAGS);
      ObjectId head = repository.resolve(Constants.HEAD);
      if (head != null) {
        reader.has(head);
      }
    } catch (IOException | RuntimeException e) {
      LOG.fine(() -> "reading ahead in " + defaultName + " failed: " + e.getMessage());
    }
  }

  public List<String> names() {
    return List.copyOf(readers.keySet());
  }

  public Optional<String> defaultName() {
    return Optional.ofNullable(defaultName);
  }

  @Override
  public void close() {
    readers.values().forEach(GitReader::close);
    kept.close();
  }
}
