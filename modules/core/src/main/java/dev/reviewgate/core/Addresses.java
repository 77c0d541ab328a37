package dev.reviewgate.core;

/**
 * Event-bus addresses: {@code reviewgate.<area>.<op>}. Every front-end and backend refers to these constants;
 * the tool catalog names the same strings, and {@code CatalogTest} checks that they agree.
 */
public final class Addresses {

  public static final String PREFIX = "reviewgate.";

  public static final String DIFF_PARSE = "reviewgate.diff.parse";

  public static final String GIT_REPOS = "reviewgate.git.repos";
  public static final String GIT_RESOLVE = "reviewgate.git.resolve";
  public static final String GIT_LOG = "reviewgate.git.log";
  public static final String GIT_CHANGED_FILES = "reviewgate.git.changed_files";
  public static final String GIT_DIFF = "reviewgate.git.diff";
  public static final String GIT_DIFF_STAT = "reviewgate.git.diff_stat";
  public static final String GIT_SHOW_FILE = "reviewgate.git.show_file";
  public static final String GIT_GREP = "reviewgate.git.grep";

  public static final String GITHUB_PR_GET = "reviewgate.github.pr.get";
  public static final String GITHUB_PR_LIST = "reviewgate.github.pr.list";
  public static final String GITHUB_PR_DIFF = "reviewgate.github.pr.diff";
  public static final String GITHUB_PR_UPDATE_STATE = "reviewgate.github.pr.update_state";

  public static final String ADO_PR_DIFF = "reviewgate.ado.pr.diff";
  public static final String ADO_PR_GET = "reviewgate.ado.pr.get";
  public static final String ADO_PR_LIST = "reviewgate.ado.pr.list";
  public static final String ADO_PR_ITERATIONS = "reviewgate.ado.pr.iterations";

  public static final String GITLAB_MR_LIST = "reviewgate.gitlab.mr.list";
  public static final String GITLAB_MR_GET = "reviewgate.gitlab.mr.get";
  public static final String GITLAB_MR_VERSIONS = "reviewgate.gitlab.mr.versions";
  public static final String GITLAB_MR_DIFF = "reviewgate.gitlab.mr.diff";

  public static final String GITEA_PR_LIST = "reviewgate.gitea.pr.list";
  public static final String GITEA_PR_GET = "reviewgate.gitea.pr.get";
  public static final String GITEA_PR_DIFF = "reviewgate.gitea.pr.diff";
  public static final String BITBUCKET_PR_LIST = "reviewgate.bitbucket.pr.list";
  public static final String BITBUCKET_PR_GET = "reviewgate.bitbucket.pr.get";
  public static final String BITBUCKET_PR_DIFF = "reviewgate.bitbucket.pr.diff";

  public static final String PR_THREADS_LIST = "reviewgate.pr.threads.list";
  public static final String PR_REVIEW = "reviewgate.pr.review";
  public static final String PR_REPLY = "reviewgate.pr.reply";
  public static final String PR_RESOLVE = "reviewgate.pr.resolve";

  public static final String REVIEW_REQUEST = "reviewgate.review.request";
  public static final String REVIEW_UPDATE = "reviewgate.review.update";
  public static final String REVIEW_STATUS = "reviewgate.review.status";
  public static final String REVIEW_LIST = "reviewgate.review.list";
  public static final String REVIEW_GET = "reviewgate.review.get";
  public static final String REVIEW_COMMENT = "reviewgate.review.comment";
  public static final String REVIEW_COMPLETE = "reviewgate.review.complete";
  public static final String REVIEW_PUBLISH = "reviewgate.review.publish";
  public static final String REVIEW_DRAFT_LIST = "reviewgate.review.draft_list";
  public static final String REVIEW_DRAFT_DECIDE = "reviewgate.review.draft_decide";

  /**
   * Internal (outside the catalog, never permitted on a bridge): the durable tasks of the review service, asked by
   * the MCP front-ends for {@code tasks/get}, {@code tasks/update} and {@code tasks/cancel}. Body
   * {@code {"action": "get"|"update"|"cancel", "task_id": "…", "input_responses": {…}}}; reply: the task
   * ({@code task_id, status, created_at, updated_at, ttl_ms, result | tool_error}); 404 when there is no such task.
   */
  public static final String REVIEW_TASKS = "reviewgate.review.tasks";

  /**
   * Internal (outside the catalog, never bridged): drafts of a review to be posted on a forge that the person approves
   * in the dashboard, for MCP clients that cannot ask their user (no elicitation). Body {@code {"action": "submit",
   * "tool", "arguments", "draft", "editable"}} (a held reply until the person decides, or {@code {"task": …}} for a
   * caller that takes tasks), or the {@link #REVIEW_TASKS} actions for a draft's task id ({@code draft.<id>}).
   */
  public static final String REVIEW_DRAFTS = "reviewgate.review.drafts";

  /**
   * Internal (outside the catalog, never bridged): {@code git_diff}'s arguments (repo and the commits, context_lines;
   * no shaping) answered with the diff model itself (diff's {@code DiffCodec}: the object in-process, its bytes and
   * offsets between nodes), built as xdiff writes it, for backends that would otherwise parse git_diff's text.
   */
  public static final String GIT_DIFF_MODEL = "reviewgate.git.diff.model";

  /** Published on when a draft awaiting the person's approval appears or is decided: {@code {"type": "draft", …}}. */
  public static final String DRAFT_EVENTS = "reviewgate.review.events.drafts";

  /** Task ids that name a draft awaiting approval start with this; every other durable task is a review's wait. */
  public static final String DRAFT_TASK_PREFIX = "draft.";

  /** The internal address that answers for a durable task id: {@link #REVIEW_DRAFTS} or {@link #REVIEW_TASKS}. */
  public static String taskAddress(String taskId) {
    return taskId != null && taskId.startsWith(DRAFT_TASK_PREFIX) ? REVIEW_DRAFTS : REVIEW_TASKS;
  }

  /**
   * Delivery-options header of a tool call from a client that can take a task (MCP tasks extension): a backend whose
   * tool supports tasks may then answer at once with {@code {"task": {…}}} (the shape {@link #REVIEW_TASKS} replies)
   * instead of holding the call.
   */
  public static final String TASK_HEADER = "reviewgate-task";

  /**
   * Internal (outside the catalog, never bridged): the pull-request review that {@code review_publish} would post for
   * these arguments, without posting it ({@code {"draft": {commit_id, verdict, body, comments, …}}}), for the person to
   * approve first ({@code confirm: true}).
   */
  public static final String REVIEW_PUBLISH_PREVIEW = "reviewgate.review.publish.preview";

  /** Summary of every review change is published here; per-review detail on {@link #reviewEvents(String)}. */
  public static final String REVIEW_EVENTS = "reviewgate.review.events";

  /**
   * Published with {@code {"callId": "…"}} when a front-end abandons a call (MCP cancellation, a closed stream).
   * A backend doing long work may listen and stop the work whose request carried that {@link #CALL_ID_HEADER}.
   */
  public static final String CANCEL = "reviewgate.cancel";

  /** Delivery-options header naming one call, matched against {@link #CANCEL} messages. */
  public static final String CALL_ID_HEADER = "reviewgate-call-id";

  public static String reviewEvents(String reviewId) {
    return REVIEW_EVENTS + "." + reviewId;
  }

  private Addresses() {
  }
}
