package dev.reviewgate.core.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * Programs a test needs besides the JVM (headless Chromium, python3, node). On a developer's machine a missing one
 * skips the test, saying how to install it; in CI ({@code CI=true}, which GitHub Actions, GitLab CI and most others
 * set) it fails the run, because a green run that skipped the browser or client checks would claim what it did not
 * test.
 */
public final class Prerequisites {

  private Prerequisites() {
  }

  /** Skips (locally) or fails (in CI) unless {@code present}. */
  public static void require(boolean present, String what, String install) {
    require(present, what, install, System.getenv());
  }

  static void require(boolean present, String what, String install, Map<String, String> environment) {
    if (present) {
      return;
    }
    String message = what + " is not installed; install it with: " + install;
    if ("true".equalsIgnoreCase(environment.getOrDefault("CI", ""))) {
      throw new AssertionError(message + " (CI=true: a missing prerequisite fails the run instead of skipping tests)");
    }
    Assumptions.abort(message);
  }

  /**
   * Debian's {@code chromium} and {@code chromium-driver}, both. Neither installed: skipped (locally) or failed (CI).
   * Only one of them: failed everywhere, since a browser without its driver (or the reverse) is a set-up to finish,
   * and Maven would report the skip only in its report files, where it goes unseen.
   */
  public static void requireBrowser(Path chromium, Path driver) {
    boolean browser = Files.isExecutable(chromium);
    boolean control = Files.isExecutable(driver);
    if (browser != control) {
      throw new AssertionError((browser ? chromium + " is installed but " + driver + " is not"
        : driver + " is installed but " + chromium + " is not") + "; the browser tests need both: "
        + "apt-get install -y chromium chromium-driver");
    }
    require(browser, "headless Chromium (" + chromium + ", " + driver + ")", "apt-get install -y chromium chromium-driver");
  }

  /** The path of {@code name} on the PATH; skips (locally) or fails (in CI) when there is none. */
  public static String executable(String name, String install) {
    String found = onPath(name);
    require(found != null, name, install);
    return found;
  }

  /** The path of {@code name} on the PATH, or null. */
  public static String onPath(String name) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
        return Path.of(dir, name).toString();
      }
    }
    return null;
  }
}
