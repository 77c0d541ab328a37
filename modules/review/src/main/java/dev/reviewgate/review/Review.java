package dev.reviewgate.review;

import dev.reviewgate.core.ToolException;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One synthetic pull request, immutable: every change returns a new value, so a snapshot can be written to disk on a
 * worker thread while the event loop moves on.
 *
 * <p>{@code base} and {@code head} are the SHAs git compared when the review was created (base null: head is a root
 * commit, compared with the empty tree); they never follow a branch. {@code queue} is the feedback not yet handed to
 * the agent, oldest first. {@code rounds} are the heads of the earlier rounds, oldest first: when the agent brings
 * new commits for the same review, {@code head} moves on and the old one is kept there. {@code pending} is the
 * person's pending review: comments held for them alone until they finish it ({@link #finish}).
 */
public record Review(
  String id,
  String repo,
  String title,
  String description,
  String commitRange,
  String base,
  String head,
  Instant createdAt,
  Instant updatedAt,
  ReviewStatus status,
  Completion completion,
  List<FileStat> files,
  List<Marker> markers,
  List<ReviewThread> threads,
  List<Feedback> queue,
  long nextSeq,
  long commentCount,
  List<WaitTask> tasks,
  List<String> rounds,
  List<PendingComment> pending) {

  public Review {
    rounds = List.copyOf(rounds);
    files = List.copyOf(files);
    markers = List.copyOf(markers);
    threads = List.copyOf(threads);
    queue = List.copyOf(queue);
    tasks = List.copyOf(tasks);
    pending = List.copyOf(pending);
  }

  public static Review create(String id, String repo, String title, String description, String commitRange,
                              String base, String head, List<FileStat> files, List<Marker> markers,
                              Instant now) {
    return new Review(id, repo, title, description, commitRange, base, head, now, now, ReviewStatus.PENDING,
      null, files, markers, List.of(), List.of(), 1, 0, List.of(), List.of(), List.of());
  }

  /** The result of adding a comment: the new review, and the thread and comment as stored. */
  public record Commented(Review review, ReviewThread thread, ReviewComment comment) {
  }

  /**
   * Adds a comment: to thread {@code threadId} when given, else to a new thread on {@code file}/{@code line}/{@code side}
   * (all null for a comment on the review as a whole). A person's comment is also queued as feedback for the agent.
   */
  public Commented comment(Author author, String body, String threadId, String file, Integer line, String side,
                           Instant now) {
    return comment(author, body, threadId, new Anchor(file, null, line, side), now);
  }

  /** Adds a comment to thread {@code threadId} when given, else to a new thread at {@code anchor}. */
  public Commented comment(Author author, String body, String threadId, Anchor anchor, Instant now) {
    if (completion != null) {
      throw ToolException.conflict("review " + id + " is completed; it takes no more comments. Request a new review "
        + "for further changes.");
    }
    return added(author, body, threadId, anchor, now);
  }

  private Commented added(Author author, String body, String threadId, Anchor anchor, Instant now) {
    return added(author, body, threadId, anchor, now, author == Author.PERSON);
  }

  /** Adds a comment; {@code queued}: also as feedback of its own for the agent (not so in a pending review's batch). */
  private Commented added(Author author, String body, String threadId, Anchor anchor, Instant now, boolean queued) {
    String file = anchor.file();
    ReviewComment comment = new ReviewComment("c" + (commentCount + 1), author, body, now);
    List<ReviewThread> all = new ArrayList<>(threads);
    ReviewThread thread;
    if (threadId != null) {
      int index = threadIndex(threadId);
      thread = all.get(index).with(comment);
      all.set(index, thread);
    } else {
      if (file != null && !changes(file)) {
        throw ToolException.invalid("file '" + file + "' is not part of review " + id + "; comment on one of its "
          + "changed files, or omit file to comment on the review as a whole.");
      }
      thread = new ReviewThread("t" + (all.size() + 1), file, anchor.startLine(), anchor.line(), anchor.side(),
        List.of(comment), false);
      all.add(thread);
    }
    List<Feedback> newQueue = queue;
    long seq = nextSeq;
    if (queued) {
      newQueue = append(queue, Feedback.comment(seq++, thread, comment));
    }
    Review next = new Review(id, repo, title, description, commitRange, base, head, createdAt, now, status,
      completion, files, markers, all, newQueue, seq, commentCount + 1, tasks, rounds, pending);
    return new Commented(next, thread, comment);
  }

  /**
   * The person changes ({@code body}) or deletes ({@code body} null) their own comment, while the agent has not
   * read it yet: its queued feedback changes or goes with it. A thread keeps its id when its last comment goes.
   */
  public Commented revise(String threadId, String commentId, String body, Instant now) {
    if (completion != null) {
      throw ToolException.conflict("review " + id + " is completed; its comments no longer change.");
    }
    ReviewThread thread = thread(threadId);
    ReviewComment old = thread.comments().stream().filter(c -> c.id().equals(commentId)).findFirst()
      .orElseThrow(() -> ToolException.notFound("comment '" + commentId + "' is not in thread " + threadId + "."));
    if (old.author() != Author.PERSON) {
      throw ToolException.notAllowed("comment " + commentId + " is the agent's; only your own comments change.");
    }
    int queued = -1;
    for (int i = 0; i < queue.size(); i++) {
      if (commentId.equals(queue.get(i).commentId())) {
        queued = i;
      }
    }
    if (queued < 0) {
      throw ToolException.conflict("the agent has read comment " + commentId + " already; reply in the thread to "
        + "correct it.");
    }
    ReviewComment revised = body == null ? null : new ReviewComment(old.id(), old.author(), body, old.at());
    ReviewThread next = thread.replacing(commentId, revised);
    List<Feedback> newQueue = new ArrayList<>(queue);
    if (revised == null) {
      newQueue.remove(queued);
    } else {
      newQueue.set(queued, Feedback.comment(queue.get(queued).seq(), next, revised));
    }
    return new Commented(withThread(next, newQueue, now), next, revised);
  }

  /** The person marks a thread resolved or not. */
  public Commented resolve(String threadId, boolean resolved, Instant now) {
    ReviewThread next = thread(threadId).resolved(resolved);
    return new Commented(withThread(next, queue, now), next, null);
  }

  private Review withThread(ReviewThread changed, List<Feedback> newQueue, Instant now) {
    List<ReviewThread> all = new ArrayList<>(threads);
    all.set(threadIndex(changed.id()), changed);
    return new Review(id, repo, title, description, commitRange, base, head, createdAt, now, status,
      completion, files, markers, all, newQueue, nextSeq, commentCount, tasks, rounds, pending);
  }

  /** A change to the person's pending review: the review, and the pending comment as it is now (null: gone). */
  public record Held(Review review, PendingComment comment) {
  }

  /**
   * The person adds a comment to their pending review ("Start a review"): kept here, shown to them only, and handed to
   * the agent with the others when they finish the review. Checked as a comment would be, so that finishing cannot
   * fail on it later.
   */
  public Held hold(String body, String threadId, Anchor anchor, Instant now) {
    if (completion != null) {
      throw ToolException.conflict("review " + id + " is completed; it takes no more comments. Request a new review "
        + "for further changes.");
    }
    if (threadId != null) {
      thread(threadId);
    } else if (anchor.file() != null && !changes(anchor.file())) {
      throw ToolException.invalid("file '" + anchor.file() + "' is not part of review " + id + "; comment on one of "
        + "its changed files, or omit file to comment on the review as a whole.");
    }
    String pid;
    do {
      pid = "p" + java.util.UUID.randomUUID().toString().substring(0, 8);
    } while (held(pid) >= 0);
    PendingComment comment = new PendingComment(pid, threadId, threadId == null ? anchor : Anchor.REVIEW, body, now);
    return new Held(withPending(append(pending, comment), now), comment);
  }

  /** The person changes ({@code body}) or deletes ({@code body} null) a comment of their pending review. */
  public Held reviseHeld(String commentId, String body, Instant now) {
    int at = held(commentId);
    if (at < 0) {
      throw ToolException.notFound("comment '" + commentId + "' is not in your pending review; it may have been "
        + "sent or discarded (reload the page).");
    }
    List<PendingComment> all = new ArrayList<>(pending);
    PendingComment changed = body == null ? null : pending.get(at).withBody(body);
    if (changed == null) {
      all.remove(at);
    } else {
      all.set(at, changed);
    }
    return new Held(withPending(all, now), changed);
  }

  /** The person drops their pending review: none of its comments reaches the agent. */
  public Review discardHeld(Instant now) {
    return withPending(List.of(), now);
  }

  /** Where pending comment {@code commentId} is in the pending review; -1 when it is not there. */
  public int held(String commentId) {
    for (int i = 0; i < pending.size(); i++) {
      if (pending.get(i).id().equals(commentId)) {
        return i;
      }
    }
    return -1;
  }

  private Review withPending(List<PendingComment> newPending, Instant now) {
    return new Review(id, repo, title, description, commitRange, base, head, createdAt, now, status,
      completion, files, markers, threads, queue, nextSeq, commentCount, tasks, rounds, newPending);
  }

  /**
   * The person finishes their pending review: its comments join their threads and reach the agent as one feedback
   * item, with {@code summary}. With an {@code action} the review is also completed (the summary is the completion's
   * notes); without one (the verdict "comment") it stays open and a summary is a comment on the review as a whole.
   * With no pending comments this is a plain completion.
   */
  public Review finish(CompletionAction action, String summary, Instant now) {
    String notes = summary == null ? "" : summary;
    if (pending.isEmpty() && action != null) {
      return complete(action, notes, now);
    }
    if (completion != null) {
      throw ToolException.conflict("review " + id + " was already completed with '" + completion.action().label()
        + "'.");
    }
    if (pending.isEmpty() && notes.isBlank()) {
      throw ToolException.invalid("your pending review has no comments and you gave no summary: there is nothing to "
        + "send. Add comments to it, write a summary, or complete the review with a verdict.");
    }
    Review at = this;
    List<Feedback> batch = new ArrayList<>();
    for (PendingComment p : pending) {
      Commented done = at.added(Author.PERSON, p.body(), p.threadId(), p.anchor(), now, false);
      batch.add(Feedback.comment(0, done.thread(), done.comment()));
      at = done.review();
    }
    if (action == null && !notes.isBlank()) {
      Commented done = at.added(Author.PERSON, notes, null, Anchor.REVIEW, now, false);
      batch.add(Feedback.comment(0, done.thread(), done.comment()));
      at = done.review();
    }
    Completion done = action == null ? null : new Completion(action, notes, now);
    return new Review(id, repo, title, description, commitRange, base, head, createdAt, now,
      done == null ? status : ReviewStatus.COMPLETED, done, files, markers, at.threads, append(queue,
      Feedback.review(nextSeq, batch, done, now)), nextSeq + 1, at.commentCount, tasks, rounds, List.of());
  }

  /** The person completes the review; the completion is queued for the agent like a comment. */
  public Review complete(CompletionAction action, String notes, Instant now) {
    if (completion != null) {
      throw ToolException.conflict("review " + id + " was already completed with '" + completion.action().label()
        + "'.");
    }
    Completion done = new Completion(action, notes == null ? "" : notes, now);
    return new Review(id, repo, title, description, commitRange, base, head, createdAt, now,
      ReviewStatus.COMPLETED, done, files, markers, threads, append(queue, Feedback.completion(nextSeq, done)),
      nextSeq + 1, commentCount, tasks, rounds, pending);
  }

  /**
   * The agent marks the review approved or changes requested. After the person completed it, only one change is left:
   * when they requested changes, the agent reports them done with approved (the completion stays on record).
   */
  public Review withStatus(ReviewStatus newStatus, Instant now) {
    if (completion != null && !(newStatus == ReviewStatus.APPROVED && completion.action() == CompletionAction.REQUEST_CHANGES
        && status == ReviewStatus.COMPLETED)) {
      throw ToolException.conflict("review " + id + " is completed ('" + completion.action().label() + "') and its "
        + "status is " + status.wire() + "; it no longer changes. Request a new review for further work.");
    }
    return new Review(id, repo, title, description, commitRange, base, head, createdAt, now, newStatus,
      completion, files, markers, threads, queue, nextSeq, commentCount, tasks, rounds, pending);
  }

  /**
   * As {@link #withStatus(ReviewStatus, Instant)}, with the agent's note (null or blank: none) kept as its comment on
   * the review as a whole, so that the person reads why (also after completing the review, when the agent reports
   * the requested changes done).
   */
  public Commented withStatus(ReviewStatus newStatus, String note, Instant now) {
    Review next = withStatus(newStatus, now);
    return note == null || note.isBlank() ? new Commented(next, null, null)
      : next.added(Author.AGENT, note, null, Anchor.REVIEW, now);
  }

  /** The queue without its oldest item (after that item was handed to the agent). */
  public Review dequeue(Instant now) {
    return new Review(id, repo, title, description, commitRange, base, head, createdAt, now, status,
      completion, files, markers, threads, queue.subList(1, queue.size()), nextSeq, commentCount, tasks, rounds, pending);
  }

  /** The task now waiting for this review's next feedback, if any (at most one works at a time). */
  public java.util.Optional<WaitTask> workingTask() {
    return tasks.stream().filter(WaitTask::working).findFirst();
  }

  public java.util.Optional<WaitTask> task(String taskId) {
    return tasks.stream().filter(task -> task.id().equals(taskId)).findFirst();
  }

  /**
   * Adds a working task; a task that was working ends {@code completed} with {@code supersededResult} (its agent
   * reads that it was superseded). Only the newest {@code keptTasks} tasks are kept ({@code review.keptTasks}), so that
   * a review's document stays small however often its agent waits.
   */
  public Review startTask(WaitTask task, JsonObject supersededResult, int keptTasks, Instant now) {
    List<WaitTask> all = new ArrayList<>();
    for (WaitTask existing : tasks) {
      all.add(existing.working() ? existing.ended(WaitTask.COMPLETED, supersededResult, now) : existing);
    }
    all.add(task);
    return withTasks(all.subList(Math.max(0, all.size() - keptTasks), all.size()), queue, now);
  }

  /** Ends task {@code taskId} (if it still works) with {@code status} and {@code result}; the queue is unchanged. */
  public Review endTask(String taskId, String status, JsonObject result, Instant now) {
    List<WaitTask> all = new ArrayList<>();
    for (WaitTask existing : tasks) {
      all.add(existing.id().equals(taskId) && existing.working() ? existing.ended(status, result, now) : existing);
    }
    return withTasks(all, queue, now);
  }

  /** Hands the oldest queued item to working task {@code taskId}: the item leaves the queue as the task completes. */
  public Review deliverToTask(String taskId, JsonObject result, Instant now) {
    return endTask(taskId, WaitTask.COMPLETED, result, now).withTasks(null, queue.subList(1, queue.size()), now);
  }

  private Review withTasks(List<WaitTask> newTasks, List<Feedback> newQueue, Instant now) {
    return new Review(id, repo, title, description, commitRange, base, head, createdAt, now, status,
      completion, files, markers, threads, newQueue, nextSeq, commentCount, newTasks == null ? tasks : newTasks,
      rounds, pending);
  }

  /**
   * A new round: the agent's new commits for the same review. {@code newHead} (compared with the same base) becomes
   * the head with its files and markers, and the old head is kept as the last earlier round. A completed review opens
   * again, pending, for the person to look at the new commits; threads stay where they were written.
   */
  public Review newRound(String newHead, List<FileStat> newFiles, List<Marker> newMarkers, Instant now) {
    if (newHead.equals(head)) {
      throw ToolException.invalid("the review's head is already " + head + "; commit the changes first, then call "
        + "new_round with the new head.");
    }
    List<String> heads = append(rounds, head);
    return new Review(id, repo, title, description, commitRange, base, newHead, createdAt, now, ReviewStatus.PENDING,
      null, newFiles, newMarkers, threads, queue, nextSeq, commentCount, tasks, heads, pending);
  }

  /** The head of round {@code round} (1 is the first; the current round is {@code rounds().size() + 1}). */
  public String headOfRound(int round) {
    if (round < 1 || round > rounds.size() + 1) {
      throw ToolException.invalid("review " + id + " has " + (rounds.size() + 1) + " round(s); round " + round
        + " is not one of them.");
    }
    return round == rounds.size() + 1 ? head : rounds.get(round - 1);
  }

  /** The SHAs this review compares, pinned at creation. */
  public PinnedRange range() {
    return new PinnedRange(repo, base, head);
  }

  /** True when {@code path} is one of the review's changed files, by its new or its old path. */
  public boolean changes(String path) {
    return files.stream().anyMatch(f -> f.path().equals(path) || path.equals(f.oldPath()));
  }

  public ReviewThread thread(String threadId) {
    return threads.get(threadIndex(threadId));
  }

  private int threadIndex(String threadId) {
    for (int i = 0; i < threads.size(); i++) {
      if (threads.get(i).id().equals(threadId)) {
        return i;
      }
    }
    throw ToolException.notFound("thread '" + threadId + "' not found in review " + id + "; review_status lists "
      + "its threads.");
  }

  private static <T> List<T> append(List<T> list, T item) {
    List<T> all = new ArrayList<>(list);
    all.add(item);
    return all;
  }
}
