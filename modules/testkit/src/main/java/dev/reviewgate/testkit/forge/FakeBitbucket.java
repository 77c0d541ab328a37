package dev.reviewgate.testkit.forge;

import dev.reviewgate.core.testing.TempGitRepo;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the Bitbucket fakes of both flavours share: pull request #7 of {@code acme/shop} (Cloud's workspace, Data
 * Center's project {@code ACME}) whose head, merge base and target are commits of a real repository; its change lists
 * are the git CLI's {@code git diff --raw -M}; files come from {@code git cat-file}; its comments are kept as the
 * flavour's JSON.
 */
public abstract class FakeBitbucket extends FakeForge {

  public static final String TOKEN = "bbat-7Hq2xV9mPz4kLw8Rt1Ys";
  public static final String EMAIL = "agent@example.com";
  public static final int PR = 7;
  public static final String REPO = "shop";

  /** One line of {@code git diff --raw}: git's status letter, the two modes and paths (null where none). */
  public record RawChange(char status, String oldMode, String newMode, String oldPath, String newPath) {
  }

  protected final TempGitRepo repo;
  protected final String base;
  protected final String target;
  protected volatile String head;
  /** The comments by id, in creation order (ids grow). */
  public final Map<Long, JsonObject> comments = new ConcurrentHashMap<>();
  protected final AtomicInteger ids = new AtomicInteger(100);
  public final AtomicInteger commentPosts = new AtomicInteger();
  public final List<String> authorizations = new java.util.concurrent.CopyOnWriteArrayList<>();
  /** Replies served instead of the fake's own, by route name ({@code "pr"}, {@code "list"}, {@code "changes"}, …). */
  public final Map<String, Object> replies = new ConcurrentHashMap<>();

  protected FakeBitbucket(Vertx vertx, TempGitRepo repo, String base, String head, String target) {
    super(vertx);
    this.repo = repo;
    this.base = base;
    this.head = head;
    this.target = target;
  }

  public String head() {
    return head;
  }

  /** A push: the pull request's head is now {@code commit}. */
  public void push(String commit) {
    head = commit;
  }

  /** The changes of {@code git diff -M from to}, as its raw lines say. */
  protected List<RawChange> rawChanges(String from, String to) {
    List<RawChange> out = new ArrayList<>();
    for (String line : repo.git("diff", "--raw", "-M", "--no-abbrev", from, to).split("\n")) {
      if (!line.startsWith(":")) {
        continue;
      }
      String[] meta = line.substring(1, line.indexOf('\t')).split(" ");
      String[] paths = line.substring(line.indexOf('\t') + 1).split("\t");
      char status = meta[4].charAt(0);
      out.add(new RawChange(status, meta[0], meta[1], status == 'A' ? null : paths[0],
        status == 'D' ? null : paths[paths.length - 1]));
    }
    return out;
  }

  /** Where each line of {@code git diff base head} may take a comment, per file: see {@link GitLabDouble#parse}. */
  protected Map<String, GitLabDouble.FileDiff> placeable() {
    return GitLabDouble.parse(repo.git("diff", "-M", "--histogram", base, head));
  }

  protected final void file(Exchange x, String commit, String path) {
    blob(x, repo, commit + ":" + path, "application/octet-stream", missing -> notFound(missing));
  }

  protected abstract void notFound(Exchange x);

  protected long nextId() {
    return ids.incrementAndGet();
  }
}
