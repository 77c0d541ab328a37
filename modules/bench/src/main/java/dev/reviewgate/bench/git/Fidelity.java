package dev.reviewgate.bench.git;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.diff.render.UnifiedRenderer;
import dev.reviewgate.git.Cancellation;
import dev.reviewgate.git.GitOptions;
import dev.reviewgate.git.GitReader;
import dev.reviewgate.git.RepoRegistry;
import dev.reviewgate.xdiff.Whitespace;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.revwalk.filter.RevFilter;

/**
 * Fidelity harness: for the last N non-merge commits of a repository, compares reviewgate's git_diff bytes with
 * {@code git diff --histogram <parent> <commit>} (renames on, git's defaults, attributes from the commit) and
 * checks that {@code git apply --cached} of our diff onto the parent tree gives the commit's tree for every
 * text-only commit.
 *
 * <pre>java -cp modules/bench/target/benchmarks.jar dev.reviewgate.bench.git.Fidelity &lt;repo-path&gt; &lt;N&gt;</pre>
 *
 * <p>With {@code --whitespace=all} ({@code change}, {@code eol}) both sides ignore whitespace: ours as git_diff's
 * {@code ignore_whitespace}, git's with {@code -w} ({@code -b}, {@code --ignore-space-at-eol}).
 *
 * <p>With {@code --range A..B} (repeatable) it compares the diff between two revisions instead, as a whole and file
 * by file, and names the files that differ:
 * <pre>java -cp modules/bench/target/benchmarks.jar dev.reviewgate.bench.git.Fidelity &lt;repo-path&gt; --range v2.40.0..v2.41.0</pre>
 */
public final class Fidelity {

  private Fidelity() {
  }

  public static void main(String[] args) throws Exception {
    String usage = "usage: Fidelity <repo-path> <N> [--no-apply] [--whitespace=all|change|eol]\n       Fidelity <repo-path> --range A..B [--range C..D ...]";
    if (args.length < 2) {
      System.err.println(usage);
      System.exit(2);
    }
    Path repoPath = Path.of(args[0]).toAbsolutePath();
    if ("--range".equals(args[1])) {
      List<String> ranges = new ArrayList<>();
      for (int i = 1; i < args.length; i += 2) {
        if (!"--range".equals(args[i]) || i + 1 >= args.length || !args[i + 1].contains("..")) {
          System.err.println("Fidelity: expected --range A..B at '" + args[i] + "'\n" + usage);
          System.exit(2);
        }
        ranges.add(args[i + 1]);
      }
      FidelityRanges.run(repoPath, ranges);
      return;
    }
    // Anything else after the count is refused: a --range there was once taken for a range check it never ran.
    if (!args[1].matches("\\d+") || Arrays.stream(args, 2, args.length)
      .anyMatch(arg -> !arg.equals("--no-apply") && !arg.matches("--whitespace=(all|change|eol)"))) {
      System.err.println("Fidelity: unexpected arguments " + Arrays.toString(Arrays.copyOfRange(args, 1, args.length)) + "\n" + usage);
      System.exit(2);
    }
    int n = Integer.parseInt(args[1]);
    boolean apply = !Arrays.asList(args).contains("--no-apply");
    String mode = Arrays.stream(args).filter(arg -> arg.startsWith("--whitespace=")).map(arg -> arg.substring(13))
      .findFirst().orElse(null);
    Whitespace whitespace = mode == null ? Whitespace.NONE
      : switch (mode) { case "all" -> Whitespace.ALL; case "change" -> Whitespace.CHANGE; default -> Whitespace.AT_EOL; };
    String gitWhitespace = mode == null ? "--no-ext-diff"
      : switch (mode) { case "all" -> "-w"; case "change" -> "-b"; default -> "--ignore-space-at-eol"; };
    GitOptions options = GitOptions.from(ReviewgateConfig.defaults().section("git"));
    try (RepoRegistry registry = RepoRegistry.create(new JsonObject().put("subject", repoPath.toString()), null, options)) {
      GitReader reader = registry.reader("subject");
      Path gitDir = reader.repository().getDirectory().toPath();
      GitCli git = new GitCli(gitDir);
      Path index = Files.createTempFile("reviewgate-fidelity", ".index");
      Files.delete(index);
      List<RevCommit> commits = new ArrayList<>();
      try (RevWalk walk = new RevWalk(reader.repository())) {
        walk.markStart(walk.parseCommit(reader.repository().resolve("HEAD")));
        walk.setRevFilter(RevFilter.NO_MERGES);
        for (RevCommit c : walk) {
          commits.add(c);
          if (commits.size() == n) {
            break;
          }
        }
      }
      int identical = 0;
      int modelIdentical = 0;
      int textOnly = 0;
      int applied = 0;
      Map<String, Integer> causes = new LinkedHashMap<>();
      Map<String, String> examples = new LinkedHashMap<>();
      List<String> applyFailures = new ArrayList<>();
      String emptyTree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
      for (RevCommit commit : commits) {
        String parent = commit.getParentCount() == 0 ? emptyTree : commit.getParent(0).name();
        GitReader.Pair pair = reader.pair(new dev.reviewgate.git.DiffTarget(null, null, commit.name(), null));
        GitReader.DiffOptions diffOptions = new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM,
          options.defaultContextLines(), List.of(), false, whitespace);
        byte[] ours = reader.diff(pair, diffOptions, Cancellation.NONE).bytes();
        // The model the shaped tools and the forges use, built as xdiff writes: rendered, it must be git's text too.
        byte[] model = UnifiedRenderer.render(reader.model(pair, diffOptions, Cancellation.NONE).model());
        attributes(reader, commit, git.workTree());
        byte[] theirs = git.output(index, "diff", "--histogram", "-M", "--no-color", "--no-ext-diff", gitWhitespace,
          parent, commit.name());
        if (Arrays.equals(model, theirs)) {
          modelIdentical++;
        }
        if (Arrays.equals(ours, theirs)) {
          identical++;
        } else {
          String[] cause = classify(ours, theirs);
          causes.merge(cause[0], 1, Integer::sum);
          examples.putIfAbsent(cause[0], commit.name() + "\n" + cause[1]);
        }
        if (apply && !contains(ours, "\nBinary files ") && !startsWith(ours, "Binary files ")) {
          textOnly++;
          if (commit.getParentCount() == 0) {
            Files.deleteIfExists(index);
            git.output(index, "read-tree", "--empty");
          } else {
            git.output(index, "read-tree", parent);
          }
          GitCli.Result result = git.run(index, ours, "apply", "--cached", "--allow-empty", "-");
          String tree = result.exit() == 0 ? new String(git.output(index, "write-tree"), StandardCharsets.US_ASCII).trim() : "";
          if (tree.equals(commit.getTree().name())) {
            applied++;
          } else if (applyFailures.size() < 5) {
            applyFailures.add(commit.name() + ": " + (result.exit() != 0 ? result.err().trim() : "tree differs"));
          }
        }
      }
      Files.deleteIfExists(index);
      System.out.printf("repository: %s%ncommits: %d (non-merge, newest first)%n", repoPath, commits.size());
      System.out.printf("byte-identical to git diff --histogram%s: %d/%d = %.2f%%%n",
        mode == null ? "" : " " + gitWhitespace, identical, commits.size(),
        100.0 * identical / Math.max(1, commits.size()));
      System.out.printf("the model built as written, rendered, byte-identical too: %d/%d = %.2f%%%n", modelIdentical,
        commits.size(), 100.0 * modelIdentical / Math.max(1, commits.size()));
      causes.forEach((cause, count) -> System.out.printf("  mismatch %-12s %5d   e.g. %s%n", cause, count,
        examples.get(cause).replace("\n", "\n      ")));
      if (apply) {
        System.out.printf("git apply reproduces the commit's tree: %d/%d text-only commits = %.2f%%%n", applied, textOnly,
          100.0 * applied / Math.max(1, textOnly));
        applyFailures.forEach(f -> System.out.println("  apply failed: " + f));
      }
    }
  }

  /**
   * git reads .gitattributes from the work tree, not from the commits it compares; reviewgate reads them from the
   * new commit. To compare like with like, the commit's .gitattributes files are written into git's work tree.
   */
  static void attributes(GitReader reader, RevCommit commit, Path workTree) throws java.io.IOException {
    try (java.util.stream.Stream<Path> old = Files.walk(workTree)) {
      old.filter(Files::isRegularFile).forEach(p -> p.toFile().delete());
    }
    try (org.eclipse.jgit.treewalk.TreeWalk walk = new org.eclipse.jgit.treewalk.TreeWalk(reader.repository())) {
      walk.addTree(commit.getTree());
      walk.setRecursive(true);
      walk.setFilter(org.eclipse.jgit.treewalk.filter.PathSuffixFilter.create("/.gitattributes"));
      while (walk.next()) {
        write(reader, walk, workTree);
      }
    }
    try (org.eclipse.jgit.treewalk.TreeWalk root = org.eclipse.jgit.treewalk.TreeWalk.forPath(reader.repository(),
      ".gitattributes", commit.getTree())) {
      if (root != null) {
        write(reader, root, workTree);
      }
    }
  }

  private static void write(GitReader reader, org.eclipse.jgit.treewalk.TreeWalk walk, Path workTree) throws java.io.IOException {
    if ((walk.getRawMode(0) & org.eclipse.jgit.lib.FileMode.TYPE_MASK) != org.eclipse.jgit.lib.FileMode.TYPE_FILE) {
      return;
    }
    Path target = workTree.resolve(walk.getPathString());
    Files.createDirectories(target.getParent());
    Files.write(target, reader.repository().open(walk.getObjectId(0)).getBytes());
  }

  private static boolean contains(byte[] data, String text) {
    return new String(data, StandardCharsets.ISO_8859_1).contains(text);
  }

  private static boolean startsWith(byte[] data, String text) {
    return new String(data, StandardCharsets.ISO_8859_1).startsWith(text);
  }

  /** The mismatch cause (from the first differing line) and a short excerpt. */
  static String[] classify(byte[] ours, byte[] theirs) {
    String[] a = new String(ours, StandardCharsets.ISO_8859_1).split("\n", -1);
    String[] b = new String(theirs, StandardCharsets.ISO_8859_1).split("\n", -1);
    int i = 0;
    while (i < a.length && i < b.length && a[i].equals(b[i])) {
      i++;
    }
    String ourLine = i < a.length ? a[i] : "<end>";
    String theirLine = i < b.length ? b[i] : "<end>";
    String cause;
    if (ourLine.startsWith("index ") && theirLine.startsWith("index ")) {
      cause = "abbrev";
    } else if (ourLine.startsWith("@@") && theirLine.startsWith("@@")
      && ourLine.replaceAll(" @@.*", "").equals(theirLine.replaceAll(" @@.*", ""))) {
      cause = "funcname";
    } else if (ourLine.startsWith("@@") || theirLine.startsWith("@@") || isBody(ourLine) || isBody(theirLine)) {
      cause = "hunks";
    } else if (ourLine.contains("Binary") || theirLine.contains("Binary")) {
      cause = "binary";
    } else if (ourLine.startsWith("---") || ourLine.startsWith("+++") || theirLine.startsWith("---") || theirLine.startsWith("+++")) {
      cause = "labels";
    } else if (ourLine.startsWith("similarity") || ourLine.startsWith("rename") || theirLine.startsWith("similarity")
      || theirLine.startsWith("rename") || ourLine.startsWith("diff --git") || theirLine.startsWith("diff --git")
      || ourLine.contains("file mode") || theirLine.contains("file mode")) {
      cause = "renames";
    } else {
      cause = "other";
    }
    String excerpt = "line " + (i + 1) + "\n  ours:  " + cut(ourLine) + "\n  git:   " + cut(theirLine);
    return new String[] {cause, excerpt};
  }

  private static boolean isBody(String line) {
    return line.startsWith(" ") || line.startsWith("+") && !line.startsWith("+++") || line.startsWith("-") && !line.startsWith("---");
  }

  private static String cut(String line) {
    return line.length() > 140 ? line.substring(0, 140) + "…" : line;
  }
}
