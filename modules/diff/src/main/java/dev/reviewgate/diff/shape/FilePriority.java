package dev.reviewgate.diff.shape;

import java.util.Locale;
import java.util.Set;

/**
 * Which files a token budget serves first. Hand-written files come before generated, vendored and lock files,
 * whose diffs are long and rarely reviewed line by line.
 */
public final class FilePriority {

  private static final Set<String> LOCK_FILES = Set.of("package-lock.json", "npm-shrinkwrap.json", "yarn.lock",
    "pnpm-lock.yaml", "cargo.lock", "gemfile.lock", "poetry.lock", "pipfile.lock", "composer.lock", "go.sum",
    "mix.lock", "pubspec.lock", "flake.lock", "packages.lock.json", "gradle.lockfile", "uv.lock", "podfile.lock");
  private static final String[] GENERATED_SUFFIXES = {".lock", ".min.js", ".min.css", ".map", ".snap", ".pb.go",
    "_pb2.py", "_pb2_grpc.py", ".pb.cc", ".pb.h", ".g.dart", ".designer.cs", ".generated.ts", ".generated.js",
    ".generated.cs", ".svg"};
  private static final String[] GENERATED_FOLDERS = {"vendor/", "node_modules/", "dist/", "generated/",
    "__generated__/", "third_party/", "__snapshots__/"};

  private FilePriority() {
  }

  /** True for lock files, minified or generated sources, and files under vendored or generated folders. */
  public static boolean generated(String path) {
    if (path == null) {
      return false;
    }
    String p = path.toLowerCase(Locale.ROOT);
    String name = p.substring(p.lastIndexOf('/') + 1);
    if (LOCK_FILES.contains(name)) {
      return true;
    }
    for (String suffix : GENERATED_SUFFIXES) {
      if (name.endsWith(suffix)) {
        return true;
      }
    }
    for (String folder : GENERATED_FOLDERS) {
      if (p.startsWith(folder) || p.contains("/" + folder)) {
        return true;
      }
    }
    return false;
  }
}
