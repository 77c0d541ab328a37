package dev.reviewgate.git;

import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.storage.file.FileBasedConfig;
import org.eclipse.jgit.util.FS;
import org.eclipse.jgit.util.SystemReader;

/**
 * Makes JGit read a repository's own git configuration only: no system or user file ({@code ~/.gitconfig}, XDG's
 * {@code git/config}). JGit's own file stays: it caches what JGit measured of the file system (timestamp resolution,
 * seconds to measure again). Answers then depend on the repository alone, as the diffs are meant to (docs/fidelity.md: git's defaults, no
 * user or system configuration). It also spares every process the two {@code git} processes JGit otherwise runs on
 * its first repository ({@code git --version}, then {@code git config --system --show-origin --list -z}) to find
 * where the system file is: 30–60 ms on the way to a fresh process's first call.
 */
final class RepositoryOnlyConfig {

  private static boolean installed;

  private RepositoryOnlyConfig() {
  }

  /** Installs it for the process (JGit's {@link SystemReader} is one per process); later calls do nothing. */
  static synchronized void install() {
    if (installed) {
      return;
    }
    SystemReader.setInstance(new SystemReader.Delegate(SystemReader.getInstance()) {
      @Override
      public FileBasedConfig openSystemConfig(Config parent, FS fs) {
        return none(parent, fs);
      }

      @Override
      public FileBasedConfig openUserConfig(Config parent, FS fs) {
        return none(parent, fs);
      }
    });
    installed = true;
  }

  /** A configuration with no file behind it: loading it reads nothing, and it is never out of date. */
  private static FileBasedConfig none(Config parent, FS fs) {
    return new FileBasedConfig(parent, null, fs) {
      @Override
      public void load() {
      }

      @Override
      public boolean isOutdated() {
        return false;
      }
    };
  }
}
