package dev.reviewgate.testkit.forge;

import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.testkit.Await;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An independent GitLab REST v4 double on {@link FakeForge}, written from GitLab's documented shapes, whose merge
 * request !7 has versions that are commits of a real repository: a version's diffs are
 * {@code git diff -M --histogram base head} (the git CLI) split per file, served 100 per page with
 * {@code X-Next-Page}/{@code X-Total}; raw files come from {@code git cat-file}. It keeps discussions and draft notes,
 * and checks every position as GitLab does: the three SHAs must be a version's, {@code new_line} alone must be an
 * added line, {@code old_line} alone a removed one, both a context line, and a {@code line_range}'s line codes must
 * match; anything else is 400 "line_code can't be blank". {@link #throttleOnce} answers 429 with {@code Retry-After}.
 */
public final class GitLabDouble extends FakeForge {

  public static final String TOKEN = "glpat-9Qx7bT2mZk4sLw1Rr8Vd";
  public static final String PROJECT = "acme/shop";
  public static final int PROJECT_ID = 42;
  public static final int IID = 7;
  public static final int PER_PAGE = 100;
  public static final String ME = "agent";

  /** One version: GitLab's id and the three commits. */
  public record Version(long id, String head, String base, String start) {
  }

  private static final String MERGE_REQUEST = "/api/v4/projects/[^/]+/merge_requests/" + IID;
  private static final String DISCUSSION = MERGE_REQUEST + "/discussions/([0-9a-f]{40})";

  private final TempGitRepo repo;
  private final String base;
  private final String start;
  private final List<Version> versions = new CopyOnWriteArrayList<>();
  public final AtomicInteger rawRequests = new AtomicInteger();
  public final AtomicInteger diffPages = new AtomicInteger();
  public final List<String> tokensSeen = new CopyOnWriteArrayList<>();
  /** Paths GitLab would mark too_large (no diff text) or collapsed. */
  public final Set<String> tooLarge = ConcurrentHashMap.newKeySet();
  public final Set<String> collapsed = ConcurrentHashMap.newKeySet();
  /** Answer 404 on {@code /diffs}, as GitLab before 15.7 does. */
  public volatile boolean withoutDiffsEndpoint;
  /** Discussions by id, in creation order. */
  public final Map<String, JsonObject> discussions = new ConcurrentHashMap<>();
  private final List<String> discussionOrder = new CopyOnWriteArrayList<>();
  public final List<JsonObject> drafts = new CopyOnWriteArrayList<>();
  /** Positions refused with 400, for the tests to see none was. */
  public final List<JsonObject> refusedPositions = new CopyOnWriteArrayList<>();
  public final AtomicInteger publishes = new AtomicInteger();
  /**
   * Replies served instead of the double's own, by route: {@code "GET "} for the merge request, {@code "GET /versions"},
   * {@code "GET /versions/:v"}, {@code "GET /diffs"}, {@code "GET /discussions"}, {@code "GET /merge_requests"},
   * {@code "GET /repository/compare"} …: a variant of what GitLab may send. Arrays are paged as GitLab pages them.
   */
  public final Map<String, Object> replies = new ConcurrentHashMap<>();
  public volatile boolean approved;
  /** Project members' access levels by user id (GitLab's 10 guest … 50 owner); anyone else is no member (404). */
  public final Map<Long, Integer> accessLevels = new ConcurrentHashMap<>();
  /** How many member lookups were asked. */
  public final AtomicInteger memberLookups = new AtomicInteger();
  private final AtomicInteger ids = new AtomicInteger(1000);
  private final Map<String, Map<String, FileDiff>> diffCache = new ConcurrentHashMap<>();

  /**
   * @param base  the merge base of every version (the source branch's fork point)
   * @param start the target branch's head
   */
  public GitLabDouble(Vertx vertx, TempGitRepo repo, String base, String start) {
    super(vertx);
    this.repo = repo;
    this.base = base;
    this.start = start;
    String project = "/api/v4/projects/[^/]+";
    route("GET", project + "/repository/files/(.+)/raw", x -> raw(x, decode(x.group(1))));
    route("GET", project + "/repository/compare", x -> json(x, 200, compareJson(x.param("from"), x.param("to"))));
    route("GET", project + "/merge_requests", x -> {
      String state = x.param("state", "opened");
      json(x, 200, state.equals("opened") || state.equals("all") ? new JsonArray().add(mergeRequest()) : new JsonArray());
    });
    route("GET", MERGE_REQUEST, x -> json(x, 200, mergeRequest()));
    route("GET", project + "/members/all/(\\d+)", x -> {
      memberLookups.incrementAndGet();
      Integer level = accessLevels.get(Long.parseLong(x.group(1)));
      if (level == null) {
        json(x, 404, new JsonObject().put("message", "404 Not found"));
      } else {
        json(x, 200, new JsonObject().put("id", Long.parseLong(x.group(1))).put("access_level", level).put("state", "active"));
      }
    });
    route("GET", MERGE_REQUEST + "/approvals", x -> json(x, 200, approvalsJson()));
    route("GET", MERGE_REQUEST + "/pipelines", x -> json(x, 200, new JsonArray().add(pipelineJson())));
    route("GET", MERGE_REQUEST + "/versions", x -> json(x, 200, versionsJson()));
    route("GET", MERGE_REQUEST + "/versions/(\\d+)", x -> {
      long id = Long.parseLong(x.group(1));
      if (versions.stream().anyMatch(v -> v.id() == id)) {
        json(x, 200, versionJson(id));
      } else {
        notFound(x);
      }
    });
    route("GET", MERGE_REQUEST + "/diffs", this::diffs);
    // The merge request's commits, newest first: each version's head.
    route("GET", MERGE_REQUEST + "/commits", x -> {
      List<JsonObject> newest = new ArrayList<>();
      versions.forEach(v -> newest.add(0, commitJson(v.head())));
      paged(x, newest);
    });
    route("GET", MERGE_REQUEST + "/discussions", x -> paged(x, discussionOrder.stream().map(discussions::get).toList()));
    route("GET", DISCUSSION, x -> withDiscussion(x, d -> json(x, 200, d)));
    route("POST", MERGE_REQUEST + "/discussions", x -> {
      JsonObject note = x.json();
      if (validPosition(x, note.getJsonObject("position"))) {
        answerWrite(x, 201, publish(note.getString("body"), note.getJsonObject("position")));
      }
    });
    route("POST", DISCUSSION + "/notes", x -> withDiscussion(x, d -> {
      JsonObject note = note(x.json().getString("body"), null);
      d.getJsonArray("notes").add(note);
      answerWrite(x, 201, note);
    }));
    route("PUT", DISCUSSION, x -> withDiscussion(x, d -> {
      boolean resolved = Boolean.parseBoolean(x.param("resolved"));
      d.getJsonArray("notes").forEach(n -> ((JsonObject) n).put("resolved", resolved));
      json(x, 200, d);
    }));
    route("GET", MERGE_REQUEST + "/draft_notes", x -> paged(x, new ArrayList<>(drafts)));
    route("POST", MERGE_REQUEST + "/draft_notes", x -> {
      JsonObject draft = x.json();
      if (validPosition(x, draft.getJsonObject("position"))) {
        JsonObject stored = new JsonObject().put("id", ids.incrementAndGet()).put("note", draft.getString("note"))
          .put("position", draft.getJsonObject("position"));
        drafts.add(stored);
        answerWrite(x, 201, stored);
      }
    });
    route("POST", MERGE_REQUEST + "/draft_notes/bulk_publish", x -> {
      publishes.incrementAndGet();
      List<JsonObject> all = new ArrayList<>(drafts);
      drafts.clear();
      all.forEach(d -> publish(d.getString("note"), d.getJsonObject("position")));
      x.request().response().setStatusCode(204).end();
    });
    route("POST", MERGE_REQUEST + "/approve", this::approve);
    route("POST", MERGE_REQUEST + "/unapprove", x -> {
      if (!approved) {
        notFound(x);
      } else {
        approved = false;
        json(x, 201, new JsonObject());
      }
    });
    Await.result(listen());
  }

  public String url() {
    return baseUrl();
  }

  /** Adds a version (a push) whose head is {@code head}; ids grow like GitLab's. */
  public GitLabDouble version(String head) {
    versions.add(new Version(100L + versions.size() + 1, head, base, start));
    return this;
  }

  public Version latest() {
    return versions.get(versions.size() - 1);
  }

  /** The next request whose path contains {@code pathFragment} is answered 429 with Retry-After: 1. */
  public void throttleOnce(String pathFragment) {
    failOnce(pathFragment, Fault.status(429, new JsonObject().put("message", "Retry later"))
      .header("Retry-After", "1").header("RateLimit-Remaining", "0"));
  }

  @Override
  protected boolean admit(Exchange x) {
    String token = x.request().getHeader("PRIVATE-TOKEN");
    tokensSeen.add(String.valueOf(token));
    if (!TOKEN.equals(token)) {
      json(x, 401, new JsonObject().put("message", "401 Unauthorized"));
      return false;
    }
    Matcher project = Pattern.compile("/api/v4/projects/([^/]+)(/.*)?").matcher(x.request().path());
    if (!project.matches() || !isProject(decode(project.group(1)))) {
      json(x, 404, new JsonObject().put("message", "404 Project Not Found"));
      return false;
    }
    return true;
  }

  @Override
  protected void unmatched(Exchange x) {
    json(x, 404, new JsonObject().put("message", "404 Not found: " + x.method() + " " + x.request().path()));
  }

  private static boolean isProject(String id) {
    return id.equals(PROJECT) || id.equals(Integer.toString(PROJECT_ID));
  }

  @Override
  protected boolean scripted(Exchange x) {
    Object reply = replies.get(x.method() + " " + routeName(x.request().path()));
    if (reply != null) {
      replied(x, reply);
    }
    return reply != null;
  }

  /** The name {@link #replies} keys a path by: below the merge request, with ids as {@code :id}, {@code :v}, {@code :d}. */
  private static String routeName(String path) {
    String rest = path.replaceFirst("^/api/v4/projects/[^/]+", "");
    Matcher m = Pattern.compile("/merge_requests/" + IID + "(/.*)?").matcher(rest);
    if (!m.matches()) {
      return rest;
    }
    String sub = m.group(1) == null ? "" : m.group(1);
    return sub.replaceAll("/[0-9a-f]{40}", "/:id").replaceAll("/versions/\\d+", "/versions/:v").replaceAll("/draft_notes/\\d+", "/draft_notes/:d");
  }

  private void approve(Exchange x) {
    String sha = x.body().length() > 0 ? x.json().getString("sha") : null;
    if (approved) {
      json(x, 401, new JsonObject().put("message", "401 Unauthorized"));
    } else if (sha != null && !sha.equals(latest().head())) {
      json(x, 409, new JsonObject().put("message", "SHA does not match HEAD of source branch"));
    } else {
      approved = true;
      json(x, 201, new JsonObject().put("approved", true));
    }
  }

  private void notFound(Exchange x) {
    json(x, 404, new JsonObject().put("message", "404 Not found"));
  }

  private void replied(Exchange request, Object body) {
    if (body instanceof JsonArray array) {
      paged(request, array.stream().map(o -> o instanceof JsonObject j ? j : null).toList());
    } else {
      json(request, 200, body);
    }
  }

  /** Adds a discussion as GitLab would list it (its {@code id} a 40-digit hex string). */
  public void seed(JsonObject discussion) {
    discussions.put(discussion.getString("id"), discussion);
    discussionOrder.add(discussion.getString("id"));
  }

  /** The double's own replies, for a test to vary. */
  public JsonObject mergeRequestJson() {
    return mergeRequest();
  }

  public JsonArray versionsJson() {
    JsonArray all = new JsonArray();
    for (int i = versions.size() - 1; i >= 0; i--) {
      all.add(versionJson(versions.get(i)));
    }
    return all;
  }

  public JsonObject versionJson(long id) {
    Version v = versions.stream().filter(x -> x.id() == id).findFirst().orElseThrow();
    return versionJson(v).put("commits", new JsonArray().add(commitJson(v.head())))
      .put("diffs", new JsonArray(new ArrayList<>(entries(v.base(), v.head()))));
  }

  public JsonArray diffsJson() {
    return new JsonArray(new ArrayList<>(entries(latest().base(), latest().head())));
  }

  /** {@code GET /repository/compare}: the commits and the diffs between two commits, as GitLab's reference lists them. */
  public JsonObject compareJson(String from, String to) {
    return new JsonObject().put("commit", commitJson(to)).put("commits", new JsonArray().add(commitJson(to)))
      .put("diffs", new JsonArray(new ArrayList<>(entries(from, to)))).put("compare_timeout", false)
      .put("compare_same_ref", from.equals(to)).put("web_url", url() + "/acme/shop/-/compare/" + from + "..." + to);
  }

  public JsonArray discussionsJson() {
    return new JsonArray(discussionOrder.stream().map(id -> (Object) discussions.get(id).copy()).toList());
  }

  private static JsonObject commitJson(String sha) {
    return new JsonObject().put("id", sha).put("short_id", sha.substring(0, 8)).put("title", "a commit").put("message", "a commit\n")
      .put("author_name", "Jamal Hartnett").put("author_email", "jamal@example.com").put("created_at", "2026-11-24T10:00:00Z")
      .put("parent_ids", new JsonArray());
  }

  /** The id {@link #user} gives a username. */
  public static long userId(String username) {
    return Math.abs(username.hashCode() % 10_000);
  }

  /** A user as GitLab's UserBasic has it. */
  public static JsonObject user(String username, String name) {
    return new JsonObject().put("id", userId(username)).put("username", username).put("name", name)
      .put("state", "active").put("avatar_url", "https://gitlab.example/avatar/" + username + ".png")
      .put("web_url", "https://gitlab.example/" + username);
  }

  /** An opened merge request as GitLab's merge_requests.md shows one: what it has not got yet is null. */
  private JsonObject mergeRequest() {
    Version v = latest();
    return new JsonObject().put("id", 90_007).put("iid", IID).put("project_id", PROJECT_ID).put("title", "Checkout: pay by invoice")
      .put("description", "Adds invoices.").put("state", "opened").put("draft", false)
      .put("author", user("jhartnett", "Jamal Hartnett")).put("assignee", user("agent", "Agent"))
      .put("assignees", new JsonArray().add(user("agent", "Agent"))).put("reviewers", new JsonArray().add(user("mreyes", "Mia Reyes")))
      .putNull("merged_by").putNull("merge_user").putNull("merged_at").putNull("closed_by").putNull("closed_at")
      .put("labels", new JsonArray().add("billing")).put("work_in_progress", false)
      .put("milestone", new JsonObject().put("id", 12).put("iid", 3).put("title", "v2.4").put("state", "active"))
      .put("source_branch", "feature/invoice").put("target_branch", "main").put("sha", v.head())
      .putNull("merge_commit_sha").putNull("squash_commit_sha").putNull("merge_error")
      .put("diff_refs", new JsonObject().put("base_sha", v.base()).put("start_sha", v.start()).put("head_sha", v.head()))
      .put("merge_status", "can_be_merged").put("detailed_merge_status", approved ? "mergeable" : "not_approved")
      .put("has_conflicts", false).put("changes_count", Integer.toString(entries(v.base(), v.head()).size()))
      .put("pipeline", pipelineJson()).put("head_pipeline", pipelineJson())
      .put("references", new JsonObject().put("short", "!" + IID).put("full", PROJECT + "!" + IID))
      .put("user", new JsonObject().put("can_merge", true))
      .put("created_at", "2026-11-20T10:00:00Z").put("updated_at", "2026-11-24T10:00:00Z")
      .put("web_url", url() + "/acme/shop/-/merge_requests/" + IID);
  }

  public JsonObject pipelineJson() {
    return new JsonObject().put("id", 5501).put("iid", 81).put("project_id", PROJECT_ID).put("sha", latest().head())
      .put("ref", "feature/invoice").put("status", "success").put("source", "merge_request_event")
      .put("created_at", "2026-11-24T10:05:00Z").put("updated_at", "2026-11-24T10:09:00Z")
      .put("web_url", url() + "/acme/shop/-/pipelines/5501");
  }

  public JsonObject approvalsJson() {
    return new JsonObject().put("approved", approved).put("approvals_required", 1)
      .put("approvals_left", approved ? 0 : 1).put("user_has_approved", approved).put("user_can_approve", true)
      .put("approved_by", approved ? new JsonArray().add(new JsonObject().put("user", user(ME, "Agent"))) : new JsonArray());
  }

  private JsonObject versionJson(Version v) {
    return new JsonObject().put("id", v.id()).put("head_commit_sha", v.head()).put("base_commit_sha", v.base())
      .put("start_commit_sha", v.start()).put("created_at", "2026-11-2" + (v.id() % 10) + "T09:00:00Z")
      .put("merge_request_id", 90_007).put("state", "collected").put("real_size", Integer.toString(entries(v.base(), v.head()).size()))
      .put("patch_id_sha", "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c");
  }

  /** {@code /diffs} of the latest version, {@code per_page} ≤ 100, with GitLab's paging headers. */
  private void diffs(Exchange x) {
    if (withoutDiffsEndpoint) {
      notFound(x);
      return;
    }
    diffPages.incrementAndGet();
    Version v = latest();
    paged(x, entries(v.base(), v.head()));
  }

  private void paged(Exchange request, List<JsonObject> all) {
    int perPage = Math.min(PER_PAGE, Integer.parseInt(request.param("per_page", "20")));
    int page = Math.max(1, Integer.parseInt(request.param("page", "1")));
    int from = Math.min(all.size(), (page - 1) * perPage);
    List<JsonObject> slice = all.subList(from, Math.min(all.size(), from + perPage));
    int pages = Math.max(1, (all.size() + perPage - 1) / perPage);
    request.request().response().putHeader("X-Total", Integer.toString(all.size())).putHeader("X-Total-Pages", Integer.toString(pages))
      .putHeader("X-Per-Page", Integer.toString(perPage)).putHeader("X-Page", Integer.toString(page))
      .putHeader("X-Next-Page", page < pages ? Integer.toString(page + 1) : "");
    json(request, 200, new JsonArray(new ArrayList<>(slice)));
  }

  /** One file of {@code git diff -M --histogram}: its header facts and the lines GitLab can place a note on. */
  record FileDiff(JsonObject entry, Map<String, String> lineKinds) {
  }

  private List<JsonObject> entries(String from, String to) {
    return files(from, to).values().stream().map(f -> {
      JsonObject e = f.entry().copy();
      String path = e.getString("new_path");
      if (tooLarge.contains(path)) {
        e.put("too_large", true).put("diff", "");
      }
      if (collapsed.contains(path)) {
        e.put("collapsed", true).put("diff", "");
      }
      return e;
    }).toList();
  }

  private Map<String, FileDiff> files(String from, String to) {
    return diffCache.computeIfAbsent(from + ".." + to, k -> parse(repo.git("diff", "-M", "--histogram", from, to)));
  }

  /** Splits git's output per file; notes each placeable line as "kind old new" keyed by "new:N" and "old:N". */
  static Map<String, FileDiff> parse(String diff) {
    Map<String, FileDiff> out = new LinkedHashMap<>();
    String[] sections = diff.split("(?m)^(?=diff --git )");
    for (String section : sections) {
      if (!section.startsWith("diff --git ")) {
        continue;
      }
      String[] lines = section.split("\n", -1);
      Matcher names = Pattern.compile("diff --git a/(.*) b/(.*)").matcher(lines[0]);
      if (!names.matches()) {
        continue;
      }
      String oldPath = names.group(1);
      String newPath = names.group(2);
      boolean added = false;
      boolean deleted = false;
      boolean renamed = false;
      String aMode = "100644";
      String bMode = "100644";
      Map<String, String> kinds = new LinkedHashMap<>();
      int firstHunk = -1;
      int o = 0;
      int n = 0;
      for (int i = 1; i < lines.length; i++) {
        String line = lines[i];
        if (firstHunk < 0) {
          if (line.startsWith("new file mode ")) {
            added = true;
            bMode = line.substring("new file mode ".length());
            aMode = "0";
          } else if (line.startsWith("deleted file mode ")) {
            deleted = true;
            aMode = line.substring("deleted file mode ".length());
            bMode = "0";
          } else if (line.startsWith("rename from ")) {
            renamed = true;
          } else if (line.startsWith("old mode ")) {
            aMode = line.substring("old mode ".length());
          } else if (line.startsWith("new mode ")) {
            bMode = line.substring("new mode ".length());
          } else if (line.startsWith("index ") && line.split(" ").length == 3) {
            aMode = bMode = line.split(" ")[2];
          }
        }
        if (line.startsWith("@@ ")) {
          if (firstHunk < 0) {
            firstHunk = i;
          }
          Matcher h = Pattern.compile("@@ -(\\d+)(?:,\\d+)? \\+(\\d+)(?:,\\d+)? @@.*").matcher(line);
          h.matches();
          o = Integer.parseInt(h.group(1));
          n = Integer.parseInt(h.group(2));
        } else if (firstHunk >= 0 && !line.isEmpty()) {
          switch (line.charAt(0)) {
            case '+' -> {
              kinds.put("new:" + n, "new " + o + " " + n);
              n++;
            }
            case '-' -> {
              kinds.put("old:" + o, "old " + o + " " + n);
              o++;
            }
            case ' ' -> {
              kinds.put("new:" + n, "context " + o + " " + n);
              kinds.put("old:" + o, "context " + o + " " + n);
              o++;
              n++;
            }
            default -> { }
          }
        }
      }
      String text = firstHunk < 0 ? "" : String.join("\n", Arrays.copyOfRange(lines, firstHunk, lines.length));
      JsonObject entry = new JsonObject().put("old_path", oldPath).put("new_path", newPath).put("a_mode", aMode).put("b_mode", bMode)
        .put("new_file", added).put("renamed_file", renamed).put("deleted_file", deleted).put("generated_file", false)
        .put("too_large", false).put("collapsed", false).put("diff", text);
      out.put(newPath, new FileDiff(entry, kinds));
    }
    return out;
  }

  /** GitLab's check of a position; answers 400 and returns false when it cannot place it. */
  private boolean validPosition(Exchange request, JsonObject position) {
    if (position == null) {
      return true;
    }
    Version v = versions.stream().filter(x -> x.head().equals(position.getString("head_sha"))
      && x.base().equals(position.getString("base_sha")) && x.start().equals(position.getString("start_sha"))).findFirst().orElse(null);
    FileDiff file = v == null ? null : files(v.base(), v.head()).get(position.getString("new_path"));
    boolean ok = file != null && file.entry().getString("old_path").equals(position.getString("old_path"));
    if (ok && "text".equals(position.getString("position_type"))) {
      ok = placeable(file, position.getInteger("old_line"), position.getInteger("new_line"));
      JsonObject range = position.getJsonObject("line_range");
      if (ok && range != null) {
        for (String end : List.of("start", "end")) {
          JsonObject e = range.getJsonObject(end, new JsonObject());
          ok &= placeable(file, e.getInteger("old_line"), e.getInteger("new_line"))
            && code(file, e.getInteger("old_line"), e.getInteger("new_line")).equals(e.getString("line_code"));
        }
      }
    } else if (ok && !"file".equals(position.getString("position_type"))) {
      ok = false;
    }
    if (!ok) {
      refusedPositions.add(position);
      json(request, 400, new JsonObject().put("message", "400 Bad request - Note {:line_code=>[\"can't be blank\", \"must be a valid line code\"]}"));
    }
    return ok;
  }

  private static boolean placeable(FileDiff file, Integer oldLine, Integer newLine) {
    if (newLine != null && oldLine == null) {
      return file.lineKinds().getOrDefault("new:" + newLine, "").startsWith("new ");
    }
    if (oldLine != null && newLine == null) {
      return file.lineKinds().getOrDefault("old:" + oldLine, "").startsWith("old ");
    }
    if (oldLine != null) {
      return ("context " + oldLine + " " + newLine).equals(file.lineKinds().get("new:" + newLine));
    }
    return false;
  }

  private static String code(FileDiff file, Integer oldLine, Integer newLine) {
    String line = newLine != null ? file.lineKinds().get("new:" + newLine) : file.lineKinds().get("old:" + oldLine);
    String[] parts = line.split(" ");
    try {
      String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1")
        .digest(file.entry().getString("new_path").getBytes(StandardCharsets.UTF_8)));
      return sha + "_" + parts[1] + "_" + parts[2];
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private JsonObject publish(String body, JsonObject position) {
    String id = HexFormat.of().formatHex(ByteBuffer.allocate(20).putInt(ids.incrementAndGet()).array());
    JsonObject discussion = new JsonObject().put("id", id).put("individual_note", position == null)
      .put("notes", new JsonArray().add(note(body, position)));
    discussions.put(id, discussion);
    discussionOrder.add(id);
    return discussion;
  }

  private JsonObject note(String body, JsonObject position) {
    JsonObject note = new JsonObject().put("id", ids.incrementAndGet()).put("type", position == null ? "DiscussionNote" : "DiffNote")
      .put("body", body).put("author", new JsonObject().put("username", ME).put("name", "Agent"))
      .put("created_at", "2026-11-25T10:00:00Z").put("system", false).put("resolvable", true).put("resolved", false);
    if (position != null) {
      note.put("position", position);
    }
    return note;
  }

  private void withDiscussion(Exchange request, Consumer<JsonObject> then) {
    JsonObject discussion = discussions.get(request.group(1));
    if (discussion == null) {
      json(request, 404, new JsonObject().put("message", "404 Discussion Not Found"));
    } else {
      then.accept(discussion);
    }
  }

  private void raw(Exchange x, String path) {
    rawRequests.incrementAndGet();
    blob(x, repo, x.param("ref") + ":" + path, "text/plain; charset=utf-8",
      missing -> json(missing, 404, new JsonObject().put("message", "404 File Not Found")));
  }

  private static String decode(String segment) {
    return URLDecoder.decode(segment, StandardCharsets.UTF_8);
  }
}
