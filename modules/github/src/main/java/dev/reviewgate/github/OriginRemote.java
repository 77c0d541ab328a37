package dev.reviewgate.github;

import dev.reviewgate.core.git.OriginUrl;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Owner and repository from the {@code origin} remote of the repository containing a directory, when that remote
 * points at GitHub (github.com, or the host of a GitHub Enterprise {@code apiUrl}); the URL is read by
 * {@link OriginUrl}.
 */
final class OriginRemote {

  private static final Logger LOG = Logger.getLogger(OriginRemote.class.getName());
  /** https://host/o/r(.git), ssh://git@host(:port)/o/r(.git), git@host:o/r(.git) */
  private static final Pattern REMOTE = Pattern.compile(
    "^(?:(?:https?|ssh|git)://(?:[^@/]+@)?([^/:]+)(?::\\d+)?/|[^@/]+@([^:/]+):)([A-Za-z0-9][A-Za-z0-9-]*)/([A-Za-z0-9._-]+?)(?:\\.git)?/?$");

  private OriginRemote() {
  }

  static Optional<RepoRef> find(Path directory, String apiUrl) {
    try {
      return OriginUrl.find(directory).flatMap(url -> parseUrl(url, OriginUrl.webHost(apiUrl)));
    } catch (RuntimeException e) {
      LOG.fine(() -> "no origin remote read from " + directory + ": " + e.getMessage());
      return Optional.empty();
    }
  }

  static Optional<RepoRef> parse(Iterable<String> configLines, String githubHost) {
    return OriginUrl.fromConfig(configLines).flatMap(url -> parseUrl(url, githubHost));
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
}
