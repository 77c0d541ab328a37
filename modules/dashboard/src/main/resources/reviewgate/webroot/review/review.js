// The review dashboard's entry: routing between the list of reviews, a review's page and a draft review to approve;
// the review page's assembly (header, file list, conversation, one FileView per file) and its live events. State is
// in the store (store.js); each part re-renders itself. It talks to reviewgate only through the event-bus bridge
// (bus.js), so an agent's answer appears without reloading. Text from the server goes in as text; comment Markdown
// is sanitised (markdown.js).
import {Bus} from './bus.js';
import {badge, h, num, shortSha, when} from './dom.js';
import {FileView, GET} from './diffview.js';
import {FileTree} from './filetree.js';
import {installKeys} from './keyboard.js';
import {draftKey, ReviewStore} from './store.js';
import {COMMENT, commentForm, threadBox} from './threads.js';

const A = {
  list: 'reviewgate.review.list',
  complete: 'reviewgate.review.complete',
  events: 'reviewgate.review.events',
  drafts: 'reviewgate.review.draft_list',
  decide: 'reviewgate.review.draft_decide',
  draftEvents: 'reviewgate.review.events.drafts',
};

const main = document.getElementById('main');
const connection = document.getElementById('connection');
const announcer = document.getElementById('announcer');
const bus = new Bus((location.protocol === 'https:' ? 'wss' : 'ws') + '://' + location.host + '/eventbus/websocket');
let page = null;   // the review page while one is shown

const announce = (text) => { announcer.textContent = ''; setTimeout(() => { announcer.textContent = text; }, 50); };

// --- routing -----------------------------------------------------------------------------------------------------
function parseHash() {
  const [path, query] = location.hash.split('?');
  const params = new URLSearchParams(query || '');
  const review = path.match(/^#\/reviews\/([A-Za-z0-9_-]+)$/);
  const draft = path.match(/^#\/drafts\/([A-Za-z0-9_-]+)$/);
  return {review: review?.[1], draft: draft?.[1], params};
}

async function route() {
  const {review, draft, params} = parseHash();
  if (review && page?.store.id === review) { if (page.loaded) page.reveal(params); return; }
  bus.clearHandlers();
  page = null;
  try {
    // the link is read again once loaded: it may have changed meanwhile
    if (review) { page = new ReviewPage(review); await page.load(); page.reveal(parseHash().params); firstRender(); }
    else if (draft) await showDraft(draft);
    else await showList();
  } catch (e) {
    main.replaceChildren(h('p', {class: 'error', role: 'alert'}, 'Could not load: ' + (e.message || e)));
  }
}

// The first review drawn since the page loaded, once its frame is laid out: a mark benchmarks read
// (performance.getEntriesByName(FIRST_RENDER)[0].startTime is the time from navigation).
const FIRST_RENDER = 'reviewgate.first-render';
function firstRender() {
  if (performance.getEntriesByName(FIRST_RENDER).length) return;
  requestAnimationFrame(() => { if (!performance.getEntriesByName(FIRST_RENDER).length) performance.mark(FIRST_RENDER); });
}

// --- the list ----------------------------------------------------------------------------------------------------
async function showList() {
  document.title = 'reviewgate · reviews';
  const render = async () => {
    const {reviews} = await bus.request(A.list, {});
    const rows = reviews.map((r) => h('li', {class: 'review-row'},
      h('a', {href: '#/reviews/' + r.review_id, class: 'review-link'}, r.title || r.review_id),
      ' ', badge(r.status),
      r.agent_waiting ? h('span', {class: 'badge waiting'}, 'agent waiting') : null,
      h('div', {class: 'meta'},
        [r.repo, r.commit_range].filter((x) => x != null && x !== '').join(' · '),
        ` (${shortSha(r.base)}..${shortSha(r.head)}) · `,
        h('span', {class: 'add'}, '+' + num(r.counts.additions)), ' ', h('span', {class: 'del'}, '−' + num(r.counts.deletions)),
        ` in ${r.counts.files} file(s) · ${r.counts.threads} thread(s) · updated ${when(r.updated_at)}`)));
    // Drafts are served by the review role's draft service; a dashboard without it still lists the reviews.
    const {drafts} = await bus.request(A.drafts, {}).catch(() => ({drafts: []}));
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
  bus.on(A.events, () => render());
  bus.on(A.draftEvents, () => render());
  await render();
}

// --- the review page ---------------------------------------------------------------------------------------------
class ReviewPage {
  constructor(id) {
    this.store = new ReviewStore(id);
    this.views = new Map();   // path -> FileView
    this.store.on('thread', (t) => this.#thread(t));
    this.store.on('pending', () => this.#pendingCount());
  }

  async load() {
    const id = this.store.id;
    bus.on(A.events + '.' + id, (event) => this.#event(event));
    this.store.load(await bus.request(GET, {review_id: id}, 60000));
    if (this.store.hideWhitespace) await this.#showDiff(null);
    document.title = this.store.review.title + ' · reviewgate';
    this.render();
    this.loaded = true;
  }

  link(path, side, line) {
    const q = new URLSearchParams({file: path});
    if (line != null) { q.set('side', side || 'new'); q.set('line', line); }
    return '#/reviews/' + this.store.id + '?' + q;
  }

  render() {
    const s = this.store;
    const r = s.review;
    const narrow = window.matchMedia('(max-width: 800px)').matches;
    this.viewName = narrow ? 'unified' : s.view;
    const ctx = {store: s, bus, announce, view: () => this.viewName, link: (...a) => this.link(...a)};
    this.views = new Map(s.files.map((f) => [f.path, new FileView(f, ctx)]));
    this.tree = new FileTree(s, {link: (p) => this.link(p), jump: (p) => this.jump(p),
      sections: new Map([...this.views].map(([p, v]) => [p, v.element]))});
    const viewButton = (value, label, disabled = false) => h('button', {'aria-pressed': String(this.viewName === value),
      disabled: disabled || null, title: disabled ? 'Side by side needs a wider window' : null,
      onclick: () => { s.setView(value); this.render(); }}, label);
    main.replaceChildren(
      h('nav', {class: 'crumbs', 'aria-label': 'Breadcrumbs'}, h('a', {href: '#/'}, '← all reviews')),
      h('div', {class: 'review-head'},
        h('h1', {}, r.title, ' ', h('span', {class: 'review-id'}, r.id)),
        h('div', {class: 'head-line'},
          h('span', {id: 'status-badge'}, badge(r.status)),
          h('span', {id: 'waiting-badge'}, this.#waitingBadge()),
          h('span', {class: 'meta'}, [r.repo, r.commit_range].filter(Boolean).join(' · '), ' · ',
            h('code', {title: r.base || 'empty tree'}, shortSha(r.base)), '..',
            h('code', {title: r.head}, shortSha(r.head)),
            ` · +${num(sum(s.files, 'additions'))} −${num(sum(s.files, 'deletions'))} in ${s.files.length} file(s)`,
            ` · opened ${when(r.created_at)}`)),
        r.description ? h('div', {class: 'description'}, r.description) : null,
        s.sinceRound ? h('div', {class: 'banner since', role: 'status'}, `Showing only what changed since round `
          + `${s.sinceRound} (${shortSha(r.rounds[s.sinceRound - 1])}..${shortSha(r.head)}). Threads are in the full view.`) : null,
        h('div', {id: 'completion'}, this.#completionBanner()),
        h('div', {class: 'toolbar'},
          h('div', {class: 'segmented', role: 'group', 'aria-label': 'Diff view'},
            viewButton('unified', 'Unified'), viewButton('split', 'Side by side', narrow)),
          this.#whitespaceToggle(),
          this.#roundPicker(),
          h('span', {class: 'hint'}, 'Press ', h('kbd', {}, '?'), ' for keyboard shortcuts'),
          h('span', {id: 'pending-count', class: 'badge pending-badge', hidden: true}),
          h('button', {class: 'primary', id: 'complete-button', onclick: openComplete, disabled: !!r.completion},
            'Complete review…'))),
      h('div', {class: 'layout'}, this.tree.element,
        h('div', {class: 'files'}, this.#conversation(),
          s.files.length ? [...this.views.values()].map((v) => v.element) : h('p', {class: 'empty'}, 'No changes in this range.'),
          s.warnings.filter((w) => !/max_lines_per_file/.test(w)).map((w) => h('p', {class: 'warning'}, w)))));
    this.tree.apply();
    this.#pendingCount();
  }

  // The pending review in the toolbar: how many comments it holds, and the button that finishes it.
  #pendingCount() {
    const n = this.store.review.pending.length;
    const count = document.getElementById('pending-count');
    if (!count) return;
    count.hidden = !n;
    count.textContent = n ? `Pending review: ${n} comment(s)` : '';
    document.getElementById('complete-button').textContent = n ? `Finish your review (${n})…` : 'Complete review…';
  }

  // Round k of n: "all changes", or only what changed since an earlier round (the person's last one marked).
  #roundPicker() {
    const s = this.store;
    const rounds = s.review.rounds || [];
    if (!rounds.length) return null;
    const mine = s.reviewedRound();
    const select = h('select', {id: 'round-view', 'aria-label': 'Changes shown', onchange: async (e) => {
      await this.#showDiff(Number(e.target.value) || null);
      this.render();
    }}, h('option', {value: ''}, `All changes (round ${rounds.length + 1})`),
    rounds.map((head, i) => h('option', {value: i + 1, selected: s.sinceRound === i + 1 || null},
      `Since round ${i + 1} (${shortSha(head)})` + (mine === i + 1 ? ' — your last review' : ''))));
    return h('label', {class: 'round-view'}, 'Changes: ', select);
  }

  // Hide whitespace: the server's `git diff -w` of what is shown (the whole review, or since a round), remembered.
  #whitespaceToggle() {
    const s = this.store;
    return h('button', {class: 'whitespace-toggle', 'aria-pressed': String(s.hideWhitespace),
      title: 'Compare lines ignoring whitespace, as git diff -w does', onclick: async (e) => {
        e.currentTarget.disabled = true;
        s.setHideWhitespace(!s.hideWhitespace);
        try {
          await this.#showDiff(s.sinceRound);
        } catch (err) {
          s.setHideWhitespace(!s.hideWhitespace);
          announce('Could not change the whitespace view: ' + (err.message || err));
        }
        this.render();
      }}, 'Hide whitespace');
  }

  // Shows the whole review's diff, or only what changed since a round, as the whitespace choice asks.
  async #showDiff(since) {
    const s = this.store;
    const ws = s.whitespaceArgs();
    if (since) {
      s.showSince(since, (await bus.request(GET, {review_id: s.id, since_round: since, ...ws}, 60000)).diff);
      return;
    }
    const diff = s.hideWhitespace ? (await bus.request(GET, {review_id: s.id, ...ws}, 60000)).diff : null;
    s.showSince(null);
    if (diff) s.showIgnoringWhitespace(diff);
  }

  reveal(params) {
    const path = params.get('file');
    if (!path) return;
    const view = this.views.get(path) || [...this.views.values()].find((v) => v.file.old_path === path);
    if (!view) return;
    if (params.get('line')) view.reveal(params.get('side') || 'new', Number(params.get('line')));
    else this.jump(view.file.path);
  }

  jump(path) {
    const view = this.views.get(path);
    if (view.element.hidden) return;
    if (view.collapsed) view.setCollapsed(false);
    view.element.scrollIntoView({block: 'start'});
    view.element.querySelector('.file-toggle').focus({preventScroll: true});
    this.current = path;
  }

  // The file the reader is in: the one focus is in, else the last whose top is above the middle of the window.
  #currentIndex() {
    const visible = [...this.views.values()].filter((v) => !v.element.hidden);
    const focused = visible.findIndex((v) => v.element.contains(document.activeElement));
    if (focused >= 0) return [visible, focused];
    let at = -1;
    visible.forEach((v, i) => { if (v.element.getBoundingClientRect().top < window.innerHeight / 2) at = i; });
    return [visible, at];
  }

  step(delta) {
    const [visible, at] = this.#currentIndex();
    const next = visible[Math.max(0, Math.min(visible.length - 1, at + delta))];
    if (next) this.jump(next.file.path);
  }

  toggleViewed() {
    const [visible, at] = this.#currentIndex();
    const v = visible[Math.max(at, 0)];
    if (v) v.element.querySelector('input.viewed').click();
  }

  commentOnFile() {
    const [visible, at] = this.#currentIndex();
    visible[Math.max(at, 0)]?.element.querySelector('.file-comment')?.click();
  }

  #conversation() {
    const s = this.store;
    const general = s.shownThreads().filter((t) => !t.file);
    this.generalSlot = h('div', {class: 'general-threads'}, general.map((t) => threadBox(t, {store: s, bus})));
    const form = h('div', {class: 'general-form'});
    const fresh = () => form.replaceChildren(commentForm(draftKey.review(), {}, 'Comment on the review as a whole',
      {store: s, bus}, fresh, true));
    fresh();
    return h('section', {class: 'conversation', 'aria-labelledby': 'conversation-title'},
      h('h2', {id: 'conversation-title'}, 'Conversation'), this.generalSlot, form);
  }

  #waitingBadge() {
    if (!this.store.review || this.store.review.completion) return '';
    return this.store.waiting ? h('span', {class: 'badge waiting'}, 'agent is waiting for your feedback')
      : h('span', {class: 'badge idle'}, 'agent not waiting');
  }

  #completionBanner() {
    const c = this.store.review.completion;
    if (!c) return '';
    return h('div', {class: 'banner done', role: 'status'},
      h('strong', {}, 'Review completed: ' + c.label), c.notes ? h('div', {class: 'notes'}, c.notes) : null,
      h('small', {}, when(c.at)));
  }

  #thread(t) {
    if (!t.file) {
      const box = this.generalSlot.querySelector('#thread-' + CSS.escape(t.id));
      const fresh = threadBox(t, {store: this.store, bus});
      if (box) box.replaceWith(fresh); else this.generalSlot.append(fresh);
      return;
    }
    const view = this.views.get(t.file) || [...this.views.values()].find((v) => v.file.old_path === t.file);
    view?.thread(t);
  }

  #event(event) {
    const s = this.store;
    const r = s.review;
    if (!r) return;   // still loading: what it loads is newer than the event
    switch (event.type) {
      case 'comment': {
        s.putThread(event.thread);
        if (event.comment?.author === 'agent') {
          announce(`New comment from the agent on ${event.thread.file ? event.thread.file
            + (event.thread.line != null ? ' line ' + event.thread.line : '') : 'the review'}.`);
        }
        break;
      }
      case 'completed':
        if (!event.completion) { page = null; route(); break; }   // sent without completing: read it again
        r.status = 'completed';
        r.completion = event.completion;
        announce('The review was completed: ' + event.completion.label + '.');
        this.render();
        break;
      case 'pending':
        s.setPending(event.pending);
        break;
      case 'review_sent':   // the pending review's comments are in their threads now
        announce('Your review was sent to the agent.');
        page = null;
        route();
        break;
      case 'round':
        announce('The agent brought round ' + event.round + ' of this review.');
        page = null;
        route();
        break;
      case 'agent_waiting':
        s.waiting = event.waiting;
        document.getElementById('waiting-badge')?.replaceChildren(this.#waitingBadge());
        break;
      default:
        if (event.thread) s.putThread(event.thread);   // the agent's note with its approval
        if (event.status && event.status !== r.status) {
          r.status = event.status;
          document.getElementById('status-badge')?.replaceChildren(badge(r.status));
        }
    }
  }
}

const sum = (files, key) => files.reduce((n, f) => n + (f[key] || 0), 0);

// --- a draft review to approve --------------------------------------------------------------------------------------
const isReview = (d) => (d.editable_field || 'body') === 'body';
const draftTitle = (d) => (d.tool === 'review_publish' ? 'Publish review ' + (d.draft.review_id || '')
  : isReview(d) ? 'Review' : 'Change (' + (d.draft.action || d.tool) + ')')
  + (d.draft.pr_number ? ' on pull request #' + d.draft.pr_number : '')
  + (d.draft.owner && d.draft.repo ? ` (${d.draft.owner}/${d.draft.repo})` : '');

async function showDraft(id) {
  const render = async () => {
    const {drafts} = await bus.request(A.drafts, {draft_id: id});
    if (!drafts.length) {
      main.replaceChildren(h('nav', {class: 'crumbs'}, h('a', {href: '#/'}, '← all reviews')),
        h('p', {class: 'empty'}, `No draft ${id}: it may have expired.`));
      return;
    }
    renderDraft(drafts[0]);
  };
  bus.on(A.draftEvents, (event) => { if (event.draft_id === id) render(); });
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
      const {draft: decided} = await bus.request(A.decide, args);
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
    review ? h('table', {class: 'draft-comments', 'aria-label': 'Comments of the draft review'},
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
  // With a pending review the dialog finishes it: its comments go with the verdict, or alone ("Comment").
  const n = page.store.review.pending.length;
  document.getElementById('complete-title').textContent = n ? 'Finish your review' : 'Complete review';
  document.getElementById('complete-pending').hidden = !n;
  document.getElementById('complete-pending').textContent = n ? `${n} pending comment(s) go to the agent with this.` : '';
  document.getElementById('complete-comment').hidden = !n;
  document.getElementById('complete-discard').hidden = !n;
  document.getElementById('complete-submit').textContent = n ? 'Submit review' : 'Complete review';
  const form = document.getElementById('complete-form');
  if (!n && form.elements.action.value === 'comment') form.elements.action.value = 'request_changes';
  document.querySelector('#complete-form textarea').placeholder = n ? 'Optional: a summary for the agent'
    : 'Optional: what to focus on';
  dialog.showModal();
}
document.getElementById('complete-cancel').addEventListener('click', () => dialog.close());
document.getElementById('complete-discard').addEventListener('click', async () => {
  if (!confirm('Discard your pending review? Its comments are deleted and never reach the agent.')) return;
  try {
    page.store.applyReply(await bus.request(COMMENT, {review_id: page.store.id, action: 'discard'}));
    dialog.close();
  } catch (err) {
    document.getElementById('complete-error').textContent = 'Not discarded: ' + (err.message || err);
  }
});
document.getElementById('complete-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const form = e.currentTarget;
  const submit = document.getElementById('complete-submit');
  submit.disabled = true;
  try {
    await bus.request(A.complete, {review_id: page.store.id, action: form.elements.action.value,
      notes: form.elements.notes.value.trim()});
    dialog.close();
    form.reset();
  } catch (err) {
    document.getElementById('complete-error').textContent = 'Not completed: ' + (err.message || err);
  } finally {
    submit.disabled = false;
  }
});

// --- start --------------------------------------------------------------------------------------------------------
// Unsent text is kept in the browser, but a person leaving the page should still hear that it was not sent.
window.addEventListener('beforeunload', (e) => {
  if (page?.store.unsent()) { e.preventDefault(); e.returnValue = ''; }
});
const STATES = {live: 'live', back: 'live', down: 'connection lost — reconnecting…',
  refused: 'connection lost — reconnecting. If reviewgate restarted, run `reviewgate open` to sign in again; '
    + 'your unsent comments are kept.'};
bus.onState((state) => {
  connection.textContent = STATES[state];
  connection.className = 'connection ' + (state === 'live' || state === 'back' ? 'live' : 'down');
  if (state === 'back') { page = null; route(); }
});
installKeys(() => page);
window.addEventListener('hashchange', route);
bus.open().then(route).catch((e) => {
  connection.textContent = 'offline';
  connection.className = 'connection down';
  // The bridge refuses a browser without the person's session cookie (set by the link 'reviewgate open' prints);
  // a browser cannot tell that refusal from a server that is down, so say both.
  const {review} = parseHash();
  main.replaceChildren(
    h('p', {class: 'error', role: 'alert'}, String(e.message || e)),
    h('p', {id: 'sign-in'}, 'Not signed in? Run ', h('code', {}, 'reviewgate open' + (review ? ' ' + review : '')),
      ' in a terminal: it opens a one-time sign-in link for this dashboard. Otherwise the server may have stopped.'));
});
