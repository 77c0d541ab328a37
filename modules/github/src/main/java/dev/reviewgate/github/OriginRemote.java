package dev.reviewgate.github;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Owner and repository from the {@code origin} remote of the repository containing a directory, when that remote
 * points at GitHub (github.com, or the host of a GitHub Enterprise {@code apiUrl}). Reads {@code .git/config}
 * directly (following a worktree's {@code gitdir:} and {@code commondir}); a full git library is not needed for
 * one setting.
 */
final class OriginRemote {

  private static final Logger LOG = Logger.getLogger(OriginRemote.class.getName());
  private static final Pattern SECTION = Pattern.compile("^\\s*\\[\\s*remote\\s+\"origin\"\\s*]\\s*$");
  private static final Pattern URL = Pattern.compile("^\\s*url\\s*=\\s*(.+?)\\s*$");
  /** https://host/o/r(.git), ssh://git@host(:port)/o/r(.git), git@host:o/r(.git) */
  private static final Pattern REMOTE = Pattern.compile(
    "^(?:(?:https?|ssh|git)://(?:[^@/]+@)?([^/:]+)(?::\\d+)?/|[^@/]+@([^:/]+):)([A-Za-z0-9][A-Za-z0-9-]*)/([A-Za-z0-9._-]+?)(?:\\.git)?/?$");

  private OriginRemote() {
  }

  static Optional<RepoRef> find(Path directory, String apiUrl) {
    try {
      Path config = gitConfig(directory.toAbsolutePath().normalize());
      return config == null ? Optional.empty() : parse(Files.readAllLines(config, StandardCharsets.UTF_8), githubHost(apiUrl));
    } catch (IOException | RuntimeException e) {
      LOG.fine(() -> "no origin remote read from " + directory + ": " + e.getMessage());
      return Optional.empty();
    }
  }

  static Optional<RepoRef> parse(Iterable<String> configLines, String githubHost) {
    boolean inOrigin = false;
    for (String line : configLines) {
      if (line.strip().startsWith("[")) {
        inOrigin = SECTION.matcher(line).matches();
        continue;
      }
      Matcher url = URL.matcher(line);
      if (inOrigin && url.matches()) {
        return parseUrl(url.group(1), githubHost);
      }
    }
    return Optional.empty();
  }

  static Optional<RepoRef> parseUrl(String url, String githubHost) {
    Matcher m = REMOTE.matcher(url.strip());
    if (!m.matches()) {
      return Optional.empty();
    }
    String host = (m.group(1) != null ? m.group(1) : m.group(2)).toLowerCase(Locale.ROOT);
    if (!host.equals("github.com") && !host.equals(githubHost)) {
      return Optional.empty();
    }
    return Optional.of(new RepoRef(m.group(3), m.group(4)));
  }

  /** {@code api.github.com} → github.com; an Enterprise {@code https://HOST/api/v3} → HOST. */
  private static String githubHost(String apiUrl) {
    String host = java.net.URI.create(apiUrl).getHost();
    host = host == null ? "" : host.toLowerCase(Locale.ROOT);
    return host.equals("api.github.com") ? "github.com" : host;
  }

  private static Path gitConfig(Path start) throws IOException {
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      Path git = dir.resolve(".git");
      if (Files.isDirectory(git)) {
        return existing(git.resolve("config"));
      }
      if (Files.isRegularFile(git)) {
        String content = Files.readString(git, StandardCharsets.UTF_8).strip();
        if (!content.startsWith("gitdir:")) {
          return null;
        }
        Path gitDir = dir.resolve(content.substring("gitdir:".length()).strip()).normalize();
        Path common = gitDir.resolve("commondir");
        Path base = Files.isRegularFile(common) ? gitDir.resolve(Files.readString(common, StandardCharsets.UTF_8).strip()).normalize() : gitDir;
        return existing(base.resolve("config"));
      }
    }
    return null;
  }

  private static Path existing(Path path) {
    return Files.isRegularFile(path) ? path : null;
  }
}
