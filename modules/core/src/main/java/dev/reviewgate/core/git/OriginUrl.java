package dev.reviewgate.core.git;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code origin} remote's URL of the git repository containing a directory, read from its {@code config} file
 * (following a worktree's {@code gitdir:} and {@code commondir}): what names the forge a repository lives on, read
 * without a git library and without opening the repository.
 */
public final class OriginUrl {

  private static final Pattern SECTION = Pattern.compile("^\\s*\\[\\s*remote\\s+\"origin\"\\s*]\\s*$");
  private static final Pattern URL = Pattern.compile("^\\s*url\\s*=\\s*(.+?)\\s*$");
  /** https://host/…, ssh://git@host:port/…, git@host:… */
  private static final Pattern HOST = Pattern.compile("^(?:[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/]+@)?([^/:]+)(?::\\d+)?/|[^@/:]+@([^:/]+):)");

  private OriginUrl() {
  }

  /** The origin URL of the repository around {@code directory}; empty when there is none or it cannot be read. */
  public static Optional<String> find(Path directory) {
    try {
      Optional<Path> config = GitDirs.common(directory).map(git -> git.resolve("config")).filter(Files::isRegularFile);
      return config.isEmpty() ? Optional.empty() : fromConfig(Files.readAllLines(config.get(), StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** The {@code url} of section {@code [remote "origin"]} in the lines of a git config file. */
  public static Optional<String> fromConfig(Iterable<String> configLines) {
    boolean inOrigin = false;
    for (String line : configLines) {
      if (line.strip().startsWith("[")) {
        inOrigin = SECTION.matcher(line).matches();
        continue;
      }
      Matcher url = URL.matcher(line);
      if (inOrigin && url.matches()) {
        return Optional.of(url.group(1));
      }
    }
    return Optional.empty();
  }

  /** The host of a remote URL in lower case ({@code https://}, {@code ssh://} or scp-like {@code git@host:}). */
  public static Optional<String> host(String url) {
    Matcher m = HOST.matcher(url.strip());
    if (!m.find()) {
      return Optional.empty();
    }
    return Optional.of((m.group(1) != null ? m.group(1) : m.group(2)).toLowerCase(Locale.ROOT));
  }

  /**
   * The host a forge's clones name, from its API URL: {@code https://api.github.com} → github.com, a GitHub
   * Enterprise {@code https://HOST/api/v3} or a GitLab {@code https://HOST} → HOST; empty for a URL without a host.
   */
  public static String webHost(String apiUrl) {
    String host = java.net.URI.create(apiUrl).getHost();
    host = host == null ? "" : host.toLowerCase(Locale.ROOT);
    return host.startsWith("api.") ? host.substring("api.".length()) : host;
  }
}
