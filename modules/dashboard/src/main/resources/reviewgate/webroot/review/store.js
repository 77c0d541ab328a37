// The review page's state in one place: the review and its diff, threads, the person's drafts (open comment boxes
// and their text) and viewed marks. Drafts and viewed marks are kept per review in localStorage, so they survive a
// re-render, a view switch, live events and a reload. Parts of the page listen for what changed ('file', 'thread',
// 'review', 'viewed', 'drafts') and re-render only themselves.
const VIEW_KEY = 'reviewgate.view';
const WHITESPACE_KEY = 'reviewgate.whitespace';

export class ReviewStore {
  constructor(id) {
    this.id = id;
    this.key = 'reviewgate.page.' + id;
    this.review = null;
    this.files = [];            // the diff's files, in order; each may gain .loaded (whole diff) and .extra context
    this.waiting = false;
    this.view = localStorage.getItem(VIEW_KEY) || 'unified';
    this.hideWhitespace = localStorage.getItem(WHITESPACE_KEY) === 'hide';
    this.listeners = new Map();
    const saved = this.#read();
    this.drafts = new Map(Object.entries(saved.drafts || {}));   // key -> {target, text}
    this.viewed = new Map(Object.entries(saved.viewed || {}));   // path -> the file's blob pair when marked
    this.reviewed = saved.reviewed_round || null;
  }

  load(data) {
    this.review = data.review;
    // the person's comments the agent has not been handed yet: they may still be edited or deleted
    this.unread = new Set((data.review.queue || []).map((f) => f.comment_id).filter(Boolean));
    this.review.pending = this.review.pending || [];
    this.all = data.diff.files;
    this.sinceRound = null;
    this.files = data.diff.files;
    this.warnings = data.diff.warnings || [];
    this.waiting = data.agent_waiting;
    this.files.forEach((f, i) => { f.index_in_review = i; });
    this.emit('review');
  }

  // The rounds: the agent's new commits for the same review. A view since an earlier round shows only what changed.
  round() { return (this.review.rounds || []).length + 1; }

  showSince(round, diff) {
    this.sinceRound = round;
    this.files = round ? diff.files : this.all;
    this.files.forEach((f, i) => { f.index_in_review = i; });
  }

  // The round the person last sent something in ("changes since your last review").
  reviewedRound() { return this.reviewed; }

  markReviewed() {
    this.reviewed = this.round();
    this.#save();
  }

  on(part, fn) {
    if (!this.listeners.has(part)) this.listeners.set(part, new Set());
    this.listeners.get(part).add(fn);
  }

  emit(part, detail) { for (const fn of this.listeners.get(part) || []) fn(detail); }

  file(path) { return this.files.find((f) => f.path === path || f.old_path === path); }

  threadsOf(file) {
    if (this.sinceRound) return [];   // threads sit on the whole review's lines: the full view shows them
    return this.shownThreads().filter((t) => t.file && (t.file === file.path || t.file === file.old_path));
  }

  putThread(thread) {
    const all = this.review.threads;
    const i = all.findIndex((t) => t.id === thread.id);
    if (i >= 0) all[i] = thread; else all.push(thread);
    this.emit('thread', this.#withPending(thread));
  }

  // --- the pending review: comments held on the server for the person alone until they finish it ----------------
  // A held reply shows at the end of its thread; a held new comment as a thread of its own, marked pending.
  shownThreads() {
    const news = this.review.pending.filter((p) => !p.thread_id).map(pendingThread);
    return [...this.review.threads.map((t) => this.#withPending(t)), ...news];
  }

  #withPending(thread) {
    const held = this.review.pending.filter((p) => p.thread_id === thread.id).map(pendingComment);
    return held.length ? {...thread, comments: [...thread.comments, ...held]} : thread;
  }

  // The answer to a change: a thread (a comment sent) or the pending review as it is now.
  applyReply(reply) {
    if (reply.pending) this.setPending(reply.pending); else this.putThread(reply.thread);
  }

  // Every thread a held comment was or is in is drawn again (one whose last held comment went is drawn empty).
  setPending(pending) {
    const before = this.review.pending;
    this.review.pending = pending;
    const threads = new Map();
    for (const p of [...before, ...pending]) {
      if (p.thread_id) {
        const t = this.review.threads.find((x) => x.id === p.thread_id);
        if (t) threads.set(t.id, this.#withPending(t));
      } else {
        const now = pending.find((x) => x.id === p.id);
        threads.set('pending-' + p.id, now ? pendingThread(now) : {...pendingThread(p), comments: []});
      }
    }
    threads.forEach((t) => this.emit('thread', t));
    this.emit('pending', pending);
  }

  setView(view) {
    this.view = view;
    localStorage.setItem(VIEW_KEY, view);
    this.emit('review');
  }

  // --- hide whitespace: the diff shown is git's `git diff -w`, computed by the server ------------------------------
  // The whole review's files stay in `all`: viewed marks are bound to the full diff, whatever is shown.
  setHideWhitespace(on) {
    this.hideWhitespace = on;
    localStorage.setItem(WHITESPACE_KEY, on ? 'hide' : 'show');
  }

  // What a diff request adds to ask for the diff as shown.
  whitespaceArgs() { return this.hideWhitespace ? {ignore_whitespace: 'all'} : {}; }

  // The full view with whitespace ignored: git's -w files, in the review's order. A file git leaves out (only its
  // whitespace changed) stays listed without hunks, so that its threads, drafts and viewed mark stay reachable.
  showIgnoringWhitespace(diff) {
    const shown = new Map(diff.files.map((f) => [f.path, f]));
    this.files = this.all.map((f) => shown.get(f.path) || {...f, hunks: [], additions: 0, deletions: 0, cut: false,
      whitespace_only: true});
    this.files.forEach((f, i) => { f.index_in_review = i; });
  }

  // --- drafts: what the person is writing, by where it goes -----------------------------------------------------
  draft(key) { return this.drafts.get(key); }

  openDraft(key, target) {
    if (!this.drafts.has(key)) this.drafts.set(key, {target, text: ''});
    this.#save();
    return this.drafts.get(key);
  }

  writeDraft(key, text) {
    const d = this.drafts.get(key);
    if (!d) return;
    d.text = text;
    this.#save();
  }

  dropDraft(key) {
    this.drafts.delete(key);
    this.#save();
  }

  draftsOf(file) {
    return [...this.drafts.entries()].filter(([, d]) => d.target.file && (d.target.file === file.path
      || d.target.file === file.old_path));
  }

  unsent() { return [...this.drafts.values()].filter((d) => d.text.trim()).length; }

  // --- viewed marks: a mark holds while the file's content is the one marked ------------------------------------
  // Marks are of the whole review's files, also when a view since an earlier round shows another diff of them.
  isViewed(file) { return this.viewed.get(file.path) === fingerprint(this.#whole(file)); }

  setViewed(file, on) {
    if (on) this.viewed.set(file.path, fingerprint(this.#whole(file))); else this.viewed.delete(file.path);
    this.#save();
    this.emit('viewed', file);
  }

  viewedCount() { return this.files.filter((f) => this.isViewed(f)).length; }

  #whole(file) { return this.all.find((f) => f.path === file.path) || file; }

  #read() {
    try { return JSON.parse(localStorage.getItem(this.key) || '{}'); } catch { return {}; }
  }

  #save() {
    localStorage.setItem(this.key, JSON.stringify({drafts: Object.fromEntries(this.drafts),
      viewed: Object.fromEntries(this.viewed), reviewed_round: this.reviewed}));
  }
}

const pendingComment = (p) => ({id: p.id, author: 'person', body: p.body, at: p.at, pending: true});
const pendingThread = (p) => ({id: 'pending-' + p.id, file: p.file, start_line: p.start_line, line: p.line,
  side: p.side, comments: [pendingComment(p)], resolved: false, pending: true});

// What a viewed mark is bound to: the blob pair git names for the file (a later change to the file gives another).
const fingerprint = (file) => (file.index || '') + ' ' + file.additions + ' ' + file.deletions;

export const draftKey = {
  review: () => 'review',
  file: (path) => 'file\u0000' + path,
  line: (path, side, start, line) => ['line', path, side, start ?? line, line].join('\u0000'),
  reply: (threadId) => 'reply\u0000' + threadId,
  edit: (commentId) => 'edit\u0000' + commentId,
};
