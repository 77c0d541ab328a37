package dev.reviewgate.git;

import org.eclipse.jgit.storage.file.WindowCacheConfig;

/**
 * Sizes JGit's process-wide pack cache from the configuration. At JGit's defaults (10 MiB of 8 KiB windows, 10 MiB
 * of delta bases) a diff across a large history re-reads and re-inflates the same pack regions over and over: in a
 * git.git range of 3,000 files that was a fifth of the time and most of the garbage.
 */
final class PackCache {

  private static GitOptions installed;

  private PackCache() {
  }

  /** Installs the sizes of {@code options} unless they are already in place (the cache is one per process). */
  static synchronized void configure(GitOptions options) {
    if (installed != null && installed.packCacheBytes() == options.packCacheBytes()
      && installed.packWindowBytes() == options.packWindowBytes()
      && installed.deltaCacheBytes() == options.deltaCacheBytes()) {
      return;
    }
    WindowCacheConfig config = new WindowCacheConfig();
    config.setPackedGitWindowSize(options.packWindowBytes());
    config.setPackedGitLimit(Math.max(options.packWindowBytes(), options.packCacheBytes()));
    config.setDeltaBaseCacheLimit((int) Math.min(Integer.MAX_VALUE, options.deltaCacheBytes()));
    config.install();
    installed = options;
  }
}
