// The review dashboard: a list of reviews and a pull-request-like page per review, and the draft reviews agents ask
// the person to approve before they are posted on a forge. It talks to reviewgate only through the event-bus bridge
// (review_list, review_get, review_comment, review_complete, review_draft_list, review_draft_decide and the events),
// so an agent's answer appears without reloading. All text from the server is inserted as text, never as HTML.
import {BridgeClient} from '../console/bridge-client.js';

const A = {
  list: 'reviewgate.review.list',
  get: 'reviewgate.review.get',
  comment: 'reviewgate.review.comment',
  complete: 'reviewgate.review.complete',
  events: 'reviewgate.review.events',
  drafts: 'reviewgate.review.draft_list',
  decide: 'reviewgate.review.draft_decide',
  draftEvents: 'reviewgate.review.events.drafts',
};
const MARKERS = {insight: '💡 insight', question: '❓ question', todo: 'TODO', fixme: 'FIXME'};
const STATUS = {pending: 'Open', changes_requested: 'Changes requested', approved: 'Approved', completed: 'Completed'};

const main = document.getElementById('main');
const connection = document.getElementById('connection');
let bridge;
let page = null;               // the review page's state while one is shown
const subscribed = new Set();  // event addresses already registered on the bridge
let listeners = new Map();     // address -> current handler (replaced when the view changes)

// --- tiny DOM helper ---------------------------------------------------------------------------------------------
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}
const shortSha = (sha) => sha ? sha.slice(0, 7) : '∅';
const when = (iso) => new Date(iso).toLocaleString();
const badge = (status) => h('span', {class: 'badge status-' + status}, STATUS[status] || status);

// --- connection and routing --------------------------------------------------------------------------------------
function on(address, fn) {
  listeners.set(address, fn);
  if (!subscribed.has(address)) {
    subscribed.add(address);
    bridge.subscribe(address, (body) => listeners.get(address)?.(body));
  }
}

async function connect() {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  bridge = new BridgeClient(scheme + '://' + location.host + '/eventbus/websocket');
  await bridge.open();
  connection.textContent = 'live';
  connection.className = 'connection live';
  bridge.ws.addEventListener('close', () => {
    connection.textContent = 'disconnected — reload to reconnect';
    connection.className = 'connection down';
  });
}

async function route() {
  listeners = new Map();
  page = null;
  const match = location.hash.match(/^#\/reviews\/([A-Za-z0-9_-]+)/);
  const draft = location.hash.match(/^#\/drafts\/([A-Za-z0-9_-]+)/);
  try {
    if (match) await showReview(match[1]);
    else if (draft) await showDraft(draft[1]);
    else await showList();
  } catch (e) {
    main.replaceChildren(h('p', {class: 'error', role: 'alert'}, 'Could not load: ' + (e.message || e)));
  }
}

// --- the list ----------------------------------------------------------------------------------------------------
async function showList() {
  document.title = 'reviewgate · reviews';
  const render = async () => {
    const {reviews} = await bridge.request(A.list, {});
    const rows = reviews.map((r) => h('li', {class: 'review-row'},
      h('a', {href: '#/reviews/' + r.review_id, class: 'review-link'}, r.title),
      ' ', badge(r.status),
      r.agent_waiting ? h('span', {class: 'badge waiting'}, 'agent waiting') : null,
      h('div', {class: 'meta'},
        `${r.repo} · ${r.commit_range} (${shortSha(r.base)}..${shortSha(r.head)}) · `,
        h('span', {class: 'add'}, '+' + r.counts.additions), ' ', h('span', {class: 'del'}, '−' + r.counts.deletions),
        ` in ${r.counts.files} file(s) · ${r.counts.threads} thread(s) · updated ${when(r.updated_at)}`)));
    // Drafts are served by the review role's draft service; a dashboard without it still lists the reviews.
    const {drafts} = await bridge.request(A.drafts, {}).catch(() => ({drafts: []}));
    const pending = drafts.filter((d) => d.status === 'pending');
    main.replaceChildren(
      pending.length ? h('section', {id: 'pending-drafts'}, h('h1', {}, 'Drafts awaiting your approval'),
        h('ul', {class: 'review-list'}, pending.map((d) => h('li', {class: 'review-row'},
          h('a', {href: '#/drafts/' + d.draft_id, class: 'review-link'}, draftTitle(d)),
          ' ', h('span', {class: 'badge waiting'}, 'agent waiting'),
          h('div', {class: 'meta'}, (isReview(d) ? `${d.draft.comments?.length || 0} comment(s) · verdict ${d.draft.verdict || 'comment'}`
            : d.tool)
            + ` · asked ${when(d.created_at)} · expires ${when(d.expires_at)}`))))) : null,
      h('h1', {}, 'Reviews'),
      rows.length ? h('ul', {class: 'review-list'}, rows)
        : h('p', {class: 'empty'}, 'No reviews yet. An agent opens one with the review_request tool.'));
  };
  // Listen before the first listing: a review created between the two would otherwise never show up.
  on(A.events, () => render());
  on(A.draftEvents, () => render());
  await render();
}

// --- the review page ---------------------------------------------------------------------------------------------
async function showReview(id) {
  const data = await bridge.request(A.get, {review_id: id});
  page = {
    id, review: data.review, diff: data.diff, waiting: data.agent_waiting,
    view: localStorage.getItem('reviewgate.view') || 'unified',
    threadSlots: new Map(),   // thread id -> container element
  };
  document.title = data.review.title + ' · reviewgate';
  renderReview();
  on(A.events + '.' + id, onReviewEvent);
}

function renderReview() {
  const r = page.review;
  const narrow = window.matchMedia('(max-width: 800px)').matches;
  const view = narrow ? 'unified' : page.view;
  page.threadSlots = new Map();
  const files = page.diff.files;
  main.replaceChildren(
    h('nav', {class: 'crumbs'}, h('a', {href: '#/'}, '← all reviews')),
    h('div', {class: 'review-head'},
      h('h1', {}, r.title, ' ', h('span', {class: 'review-id'}, r.id)),
      h('div', {class: 'head-line'},
        h('span', {id: 'status-badge'}, badge(r.status)),
        h('span', {id: 'waiting-badge'}, waitingBadge()),
        h('span', {class: 'meta'}, `${r.repo} · ${r.commit_range} · `,
          h('code', {title: r.base || 'empty tree'}, shortSha(r.base)), '..',
          h('code', {title: r.head}, shortSha(r.head)),
          ` · opened ${when(r.created_at)}`)),
      r.description ? h('div', {class: 'description'}, r.description) : null,
      h('div', {id: 'completion'}, completionBanner()),
      h('div', {class: 'toolbar'},
        h('div', {class: 'segmented', role: 'group', 'aria-label': 'Diff view'},
          viewButton('unified', 'Unified', view), viewButton('split', 'Side by side', view, narrow)),
        h('button', {class: 'primary', id: 'complete-button', onclick: openComplete,
          disabled: !!r.completion}, 'Complete review…'))),
    h('div', {class: 'layout'},
      h('aside', {class: 'tree', 'aria-label': 'Changed files'},
        h('h2', {}, `Files (${files.length})`), fileTree(files)),
      h('div', {class: 'files'},
        conversation(),
        files.length ? files.map((f, i) => fileBlock(f, i, view)) : h('p', {class: 'empty'}, 'No changes in this range.'),
        (page.diff.warnings || []).map((w) => h('p', {class: 'warning'}, w)))));
}

function viewButton(value, label, current, disabled = false) {
  return h('button', {'aria-pressed': String(current === value), disabled: disabled || null,
    title: disabled ? 'Side by side needs a wider window' : null,
    onclick: () => { page.view = value; localStorage.setItem('reviewgate.view', value); renderReview(); }}, label);
}

function waitingBadge() {
  if (page.review.completion) return '';
  return page.waiting ? h('span', {class: 'badge waiting'}, 'agent is waiting for your feedback')
    : h('span', {class: 'badge idle'}, 'agent not waiting');
}

function completionBanner() {
  const c = page.review.completion;
  if (!c) return '';
  return h('div', {class: 'banner done', role: 'status'},
    h('strong', {}, 'Review completed: ' + c.label), c.notes ? h('div', {class: 'notes'}, c.notes) : null,
    h('small', {}, when(c.at)));
}

// The file tree: directories as groups, each file with its +/- counts; a click jumps to the file's diff.
function fileTree(files) {
  const groups = new Map();
  files.forEach((f, i) => {
    const slash = f.path.lastIndexOf('/');
    const dir = slash < 0 ? '' : f.path.slice(0, slash);
    if (!groups.has(dir)) groups.set(dir, []);
    groups.get(dir).push({f, i, name: f.path.slice(slash + 1)});
  });
  return h('ul', {class: 'tree-root'}, [...groups.entries()].sort().map(([dir, items]) =>
    h('li', {}, dir ? h('div', {class: 'dir'}, dir + '/') : null,
      h('ul', {}, items.map(({f, i, name}) => h('li', {},
        h('a', {href: '#file-' + i, class: 'tree-file status-' + f.status,
          onclick: (e) => { e.preventDefault(); jumpTo('file-' + i); }},
          h('span', {class: 'name', title: f.path}, name),
          h('span', {class: 'counts'}, h('span', {class: 'add'}, '+' + f.additions), ' ',
            h('span', {class: 'del'}, '−' + f.deletions)))))))));
}

function jumpTo(id) {
  const el = document.getElementById(id);
  el.scrollIntoView({block: 'start'});
  el.querySelector('summary')?.focus();
}

// Threads that are not on a line: the conversation about the review as a whole.
function conversation() {
  const general = page.review.threads.filter((t) => !t.file);
  const slot = h('div', {class: 'general-threads'});
  page.threadSlots.set('__general', slot);
  general.forEach((t) => slot.append(threadBox(t)));
  return h('section', {class: 'conversation', 'aria-label': 'Conversation'},
    h('h2', {}, 'Conversation'), slot,
    page.review.completion ? null : commentForm({}, 'Comment on the review as a whole', null));
}

function fileBlock(file, index, view) {
  const markers = page.review.markers.filter((m) => m.file === file.path);
  const threads = page.review.threads.filter((t) => t.file === file.path);
  const body = file.binary ? h('p', {class: 'empty'}, 'Binary file; no text diff.')
    : view === 'split' ? splitTable(file, markers, threads) : unifiedTable(file, markers, threads);
  const fileThreadsWithoutLine = threads.filter((t) => t.line == null);
  return h('section', {class: 'file', id: 'file-' + index},
    h('details', {open: true},
      h('summary', {},
        h('span', {class: 'path'}, file.old_path && file.old_path !== file.path ? `${file.old_path} → ${file.path}` : file.path),
        h('span', {class: 'file-status'}, file.status),
        h('span', {class: 'counts'}, h('span', {class: 'add'}, '+' + file.additions), ' ',
          h('span', {class: 'del'}, '−' + file.deletions))),
      fileThreadsWithoutLine.map(threadBox),
      h('div', {class: 'diff-scroll'}, body)));
}

// Key of a diff position a thread can sit on.
const anchor = (file, line, side) => `${file}\u0000${side}\u0000${line}`;

function lineButton(file, number, side, label) {
  if (number == null) return h('td', {class: 'num'});
  return h('td', {class: 'num'}, h('button', {class: 'line-no', dataset: {file, line: number, side},
    'aria-label': `Comment on ${side === 'old' ? 'old' : 'new'} line ${number} of ${file}`,
    title: 'Comment on this line', onclick: (e) => openLineForm(e.currentTarget)}, label ?? String(number)));
}

function unifiedTable(file, markers, threads) {
  const rows = [];
  const cols = 3;
  for (const hunk of file.hunks) {
    rows.push(hunkRow(hunk, cols));
    for (const line of hunk.lines) {
      const side = line.kind === 'delete' ? 'old' : 'new';
      const number = side === 'old' ? line.old : line.new;
      rows.push(h('tr', {class: 'line ' + line.kind, dataset: {anchor: anchor(file.path, number, side)}},
        lineButton(file.path, line.old, 'old'), lineButton(file.path, line.new, 'new'),
        h('td', {class: 'code'}, h('span', {class: 'sign', 'aria-hidden': 'true'}, sign(line.kind)), line.text)));
      rows.push(...annotations(file.path, line, markers, threads, cols));
    }
  }
  return h('table', {class: 'diff unified'}, columns('num', 'num', 'code'), h('tbody', {}, rows));
}

const hunkRow = (hunk, cols) => h('tr', {class: 'hunk'}, h('td', {colspan: cols},
  `@@ -${hunk.old_start},${hunk.old_count} +${hunk.new_start},${hunk.new_count} @@ ${hunk.heading || ''}`));

function splitTable(file, markers, threads) {
  const rows = [];
  const cols = 4;
  for (const hunk of file.hunks) {
    rows.push(hunkRow(hunk, cols));
    const lines = hunk.lines;
    for (let i = 0; i < lines.length;) {
      if (lines[i].kind === 'delete' || lines[i].kind === 'add') {
        // pair a run of removals with the run of additions that follows it
        const dels = [];
        const adds = [];
        while (i < lines.length && lines[i].kind === 'delete') dels.push(lines[i++]);
        while (i < lines.length && lines[i].kind === 'add') adds.push(lines[i++]);
        for (let k = 0; k < Math.max(dels.length, adds.length); k++) {
          rows.push(splitRow(file.path, dels[k], adds[k]));
          for (const l of [dels[k], adds[k]]) if (l) rows.push(...annotations(file.path, l, markers, threads, cols));
        }
      } else {
        const l = lines[i++];
        rows.push(splitRow(file.path, l, l));
        rows.push(...annotations(file.path, l, markers, threads, cols));
      }
    }
  }
  return h('table', {class: 'diff split'}, columns('num', 'code', 'num', 'code'), h('tbody', {}, rows));
}

// A fixed table layout takes its column widths from here, not from the first (hunk) row.
const columns = (...kinds) => h('colgroup', {}, kinds.map((k) => h('col', {class: 'col-' + k})));

function splitRow(path, left, right) {
  const cell = (l, side) => l ? h('td', {class: 'code ' + (l === left && l === right ? 'context' : l.kind)},
    h('span', {class: 'sign', 'aria-hidden': 'true'}, l === left && l === right ? ' ' : sign(l.kind)), l.text)
    : h('td', {class: 'code empty-side'});
  const rightAnchor = right ? anchor(path, right.new, 'new') : anchor(path, left.old, 'old');
  return h('tr', {class: 'line', dataset: {anchor: rightAnchor}},
    lineButton(path, left ? left.old : null, 'old'), cell(left, 'old'),
    lineButton(path, right ? right.new : null, 'new'), cell(right, 'new'));
}

const sign = (kind) => kind === 'add' ? '+' : kind === 'delete' ? '−' : kind === 'no_newline' ? '\\' : ' ';

// Markers and threads that belong right under a diff line.
function annotations(path, line, markers, threads, cols) {
  const out = [];
  if (line.kind === 'add') {
    for (const m of markers.filter((m) => m.line === line.new)) {
      out.push(h('tr', {class: 'annotation marker'}, h('td', {colspan: cols},
        h('span', {class: 'marker-kind marker-' + m.kind}, MARKERS[m.kind] || m.kind), ' ', m.text)));
    }
  }
  const here = (t) => (t.side === 'old' ? line.old : line.new) === t.line
    && ((t.side === 'old') ? line.kind !== 'add' : line.kind !== 'delete');
  for (const t of threads.filter((t) => t.line != null && here(t))) {
    out.push(h('tr', {class: 'annotation'}, h('td', {colspan: cols}, threadBox(t))));
  }
  return out;
}

function threadBox(thread) {
  const list = h('ol', {class: 'comments'}, thread.comments.map(commentItem));
  const box = h('div', {class: 'thread', id: 'thread-' + thread.id, dataset: {thread: thread.id}},
    h('div', {class: 'thread-head'}, thread.file
      ? `${thread.file}${thread.line != null ? ':' + thread.line : ''}${thread.side === 'old' ? ' (old)' : ''}`
      : 'On the review', h('span', {class: 'thread-id'}, thread.id)),
    list,
    page.review.completion ? null : replyArea(thread));
  page.threadSlots.set(thread.id, list);
  return box;
}

function commentItem(c) {
  return h('li', {class: 'comment author-' + c.author, dataset: {comment: c.id}},
    h('div', {class: 'comment-head'}, h('span', {class: 'author'}, c.author === 'agent' ? '🤖 agent' : '🧑 you'),
      h('time', {datetime: c.at}, when(c.at))),
    h('div', {class: 'comment-body'}, c.body));
}

function replyArea(thread) {
  const holder = h('div', {class: 'reply'});
  const open = h('button', {class: 'reply-open', onclick: () => {
    holder.replaceChildren(commentForm({thread_id: thread.id}, 'Reply', () => holder.replaceChildren(open)));
    holder.querySelector('textarea').focus();
  }}, 'Reply…');
  holder.append(open);
  return holder;
}

// A form that sends review_comment with the given anchor; onDone runs after success or on Cancel.
function commentForm(target, label, onDone) {
  const text = h('textarea', {rows: 3, 'aria-label': label, placeholder: label + ' (Ctrl+Enter to send)', required: true});
  const error = h('p', {class: 'error', role: 'alert'});
  const send = h('button', {type: 'submit', class: 'primary'}, 'Comment');
  const form = h('form', {class: 'comment-form', onsubmit: async (e) => {
    e.preventDefault();
    const body = text.value.trim();
    if (!body) { error.textContent = 'Write a comment first.'; return; }
    send.disabled = true;
    error.textContent = '';
    try {
      await bridge.request(A.comment, {review_id: page.id, body, ...target});
      text.value = '';
      onDone?.();
    } catch (err) {
      error.textContent = 'Not sent: ' + (err.message || err);
    } finally {
      send.disabled = false;
    }
  }}, text, error, h('div', {class: 'actions'},
    onDone ? h('button', {type: 'button', onclick: () => onDone()}, 'Cancel') : null, send));
  text.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) form.requestSubmit();
    if (e.key === 'Escape' && onDone) onDone();
  });
  return form;
}

// Opens a comment form under the clicked line; one open form per line.
function openLineForm(button) {
  if (page.review.completion) return;
  const {file, line, side} = button.dataset;
  const row = button.closest('tr');
  const existing = lastAnnotation(row).nextElementSibling;
  if (existing?.classList.contains('new-comment')) { existing.querySelector('textarea').focus(); return; }
  const cols = row.children.length;
  const formRow = h('tr', {class: 'annotation new-comment'}, h('td', {colspan: cols}));
  const close = () => { formRow.remove(); button.focus(); };
  formRow.firstChild.append(commentForm({file, line: Number(line), side},
    `Comment on ${file} line ${line}${side === 'old' ? ' (old)' : ''}`, close));
  lastAnnotation(row).after(formRow);
  formRow.querySelector('textarea').focus();
}

// The last marker or thread row under a diff line (the line itself when it has none); forms go after these.
function lastAnnotation(row) {
  let last = row;
  while (last.nextElementSibling?.classList.contains('annotation')
         && !last.nextElementSibling.classList.contains('new-comment')) last = last.nextElementSibling;
  return last;
}

// --- live updates ------------------------------------------------------------------------------------------------
function onReviewEvent(event) {
  if (!page || event.review_id !== page.id) return;
  const r = page.review;
  switch (event.type) {
    case 'comment': {
      const t = event.thread;
      const i = r.threads.findIndex((x) => x.id === t.id);
      if (i >= 0) r.threads[i] = t; else r.threads.push(t);
      const list = page.threadSlots.get(t.id);
      if (list) {
        if (!list.querySelector(`[data-comment="${CSS.escape(event.comment.id)}"]`)) list.append(commentItem(event.comment));
      } else {
        placeNewThread(t);
      }
      break;
    }
    case 'completed':
      r.status = 'completed';
      r.completion = event.completion;
      renderReview();
      break;
    case 'agent_waiting':
      page.waiting = event.waiting;
      document.getElementById('waiting-badge')?.replaceChildren(waitingBadge());
      break;
    default:
      if (event.status && event.status !== r.status) {
        r.status = event.status;
        document.getElementById('status-badge')?.replaceChildren(badge(r.status));
      }
  }
}

// A thread that did not exist when the page was drawn: put it under its line without redrawing the page.
function placeNewThread(t) {
  if (!t.file) { page.threadSlots.get('__general')?.append(threadBox(t)); return; }
  const key = anchor(t.file, t.line, t.side || 'new');
  const row = [...document.querySelectorAll('tr.line')].find((tr) => tr.dataset.anchor === key);
  if (!row) { renderReview(); return; }
  lastAnnotation(row).after(h('tr', {class: 'annotation'}, h('td', {colspan: row.children.length}, threadBox(t))));
}

// --- a draft review to approve --------------------------------------------------------------------------------------
const isReview = (d) => (d.editable_field || 'body') === 'body';
const draftTitle = (d) => (d.tool === 'review_publish' ? 'Publish review ' + (d.draft.review_id || '')
  : isReview(d) ? 'Review' : 'Change (' + (d.draft.action || d.tool) + ')')
  + (d.draft.pr_number ? ' on pull request #' + d.draft.pr_number : '')
  + (d.draft.owner && d.draft.repo ? ` (${d.draft.owner}/${d.draft.repo})` : '');

async function showDraft(id) {
  const render = async () => {
    const {drafts} = await bridge.request(A.drafts, {draft_id: id});
    if (!drafts.length) {
      main.replaceChildren(h('nav', {class: 'crumbs'}, h('a', {href: '#/'}, '← all reviews')),
        h('p', {class: 'empty'}, `No draft ${id}: it may have expired.`));
      return;
    }
    renderDraft(drafts[0]);
  };
  on(A.draftEvents, (event) => { if (event.draft_id === id) render(); });
  await render();
}

function renderDraft(d) {
  const draft = d.draft;
  const pending = d.status === 'pending';
  document.title = draftTitle(d) + ' · reviewgate';
  // A review's draft shows its verdict, body and comments; any other (a merge) its text as the server words it.
  const field = d.editable_field || 'body';
  const review = isReview(d);
  const body = pending && d.editable
    ? h('textarea', {id: 'draft-body', rows: 6, 'aria-label': review ? 'Review body' : field}, draft[field] || '')
    : h('div', {class: 'description', id: 'draft-body'}, draft[field] || '(none)');
  const error = h('p', {class: 'error', id: 'draft-error', role: 'alert'});
  const decide = async (decision) => {
    const args = {draft_id: d.draft_id, decision};
    if (decision === 'approve' && d.editable) args.body = document.getElementById('draft-body').value;
    main.querySelectorAll('.draft-actions button').forEach((b) => { b.disabled = true; });
    try {
      const {draft: decided} = await bridge.request(A.decide, args);
      renderDraft(decided);
    } catch (err) {
      error.textContent = 'Not decided: ' + (err.message || err);
      main.querySelectorAll('.draft-actions button').forEach((b) => { b.disabled = false; });
    }
  };
  const comments = draft.comments || [];
  main.replaceChildren(
    h('nav', {class: 'crumbs'}, h('a', {href: '#/'}, '← all reviews')),
    h('div', {class: 'review-head'},
      h('h1', {}, draftTitle(d), ' ', h('span', {class: 'review-id'}, d.draft_id)),
      h('div', {class: 'head-line'}, h('span', {class: 'badge draft-status', id: 'draft-status'}, d.status),
        h('span', {class: 'meta'}, `${d.tool} · asked ${when(d.created_at)}`
          + (pending ? ` · expires ${when(d.expires_at)}` : ''))),
      h('p', {}, pending ? (review ? 'An agent asks to post this review.' : 'An agent asks to make this change.')
        + ' Nothing is sent unless you approve it.' : null)),
    review ? null : h('pre', {class: 'description', id: 'draft-shown'}, d.shown || ''),
    review ? h('h2', {}, 'Verdict') : null, review ? h('p', {id: 'draft-verdict'}, draft.verdict || 'comment') : null,
    h('h2', {}, (review ? 'Body' : field) + (pending && d.editable ? ' (you may edit it before approving)' : '')), body,
    review ? h('h2', {}, `Comments (${comments.length})`) : null,
    review ? h('table', {class: 'draft-comments'},
      h('thead', {}, h('tr', {}, h('th', {}, 'Path'), h('th', {}, 'Line'), h('th', {}, 'Side'), h('th', {}, 'Comment'))),
      h('tbody', {}, comments.map((c) => h('tr', {class: 'draft-comment'},
        h('td', {}, h('code', {}, c.path)),
        h('td', {}, c.line == null ? 'file' : (c.start_line != null ? c.start_line + '–' : '') + c.line),
        h('td', {}, c.line == null ? '' : (c.side || 'new')),
        h('td', {class: 'draft-comment-body'}, c.body))))) : null,
    pending
      ? h('div', {class: 'draft-actions toolbar'},
        h('button', {id: 'draft-decline', onclick: () => decide('decline')}, 'Decline'),
        h('button', {class: 'primary', id: 'draft-approve', onclick: () => decide('approve')}, review ? 'Approve and post' : 'Approve'))
      : h('div', {class: 'banner done', role: 'status', id: 'draft-outcome'},
        h('strong', {}, 'Draft ' + d.status), d.outcome ? h('div', {class: 'notes'}, d.outcome) : null,
        d.url ? h('div', {}, h('a', {href: d.url, rel: 'noopener noreferrer'}, d.url)) : null),
    error);
}

// --- completing ---------------------------------------------------------------------------------------------------
const dialog = document.getElementById('complete-dialog');
function openComplete() {
  document.getElementById('complete-error').textContent = '';
  dialog.showModal();
}
document.getElementById('complete-cancel').addEventListener('click', () => dialog.close());
document.getElementById('complete-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const form = e.currentTarget;
  const action = form.elements.action.value;
  const notes = form.elements.notes.value.trim();
  const submit = document.getElementById('complete-submit');
  submit.disabled = true;
  try {
    await bridge.request(A.complete, {review_id: page.id, action, notes});
    dialog.close();
    form.reset();
  } catch (err) {
    document.getElementById('complete-error').textContent = 'Not completed: ' + (err.message || err);
  } finally {
    submit.disabled = false;
  }
});

// --- start --------------------------------------------------------------------------------------------------------
window.addEventListener('hashchange', route);
connect().then(route).catch((e) => {
  connection.textContent = 'offline';
  connection.className = 'connection down';
  // The bridge refuses a browser without the person's session cookie (set by the link 'reviewgate open' prints);
  // a browser cannot tell that refusal from a server that is down, so say both.
  const review = location.hash.match(/^#\/reviews\/([A-Za-z0-9_-]+)/);
  main.replaceChildren(
    h('p', {class: 'error', role: 'alert'}, String(e.message || e)),
    h('p', {id: 'sign-in'}, 'Not signed in? Run ', h('code', {}, 'reviewgate open' + (review ? ' ' + review[1] : '')),
      ' in a terminal: it opens a one-time sign-in link for this dashboard. Otherwise the server may have stopped.'));
});
