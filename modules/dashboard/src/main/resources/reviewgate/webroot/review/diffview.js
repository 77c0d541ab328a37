// One file of the review: its heading (a heading element, counts, viewed mark, file comment, link), and its diff as a
// unified or side by side table. Rows render lazily, a chunk at a time as the reader scrolls (so a 12,000-line file
// stays responsive), never by dropping lines: a file the server cut says so on the file and offers "Load diff".
// Threads sit under their line; a thread on a line the diff does not show appears above the diff with its own lines
// read from the file at that revision. Syntax tokens come from highlight.js; changed words from the server.
import {h, num, plural} from './dom.js';
import {draftKey} from './store.js';
import {anchorLabel, commentForm, threadBox} from './threads.js';

export const GET = 'reviewgate.review.get';
const CHUNK = 400;          // rows rendered at a time
const EXPAND = 20;          // context lines one click on an expander shows
const CONTEXT = 3;          // lines shown around a thread outside the diff
const MAX_HIGHLIGHT = 2000; // longer lines are shown without syntax tokens
const ROW_PX = 18;          // the height of a diff row (12px text, line height 1.5)

const LANGUAGES = {c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hpp: 'cpp', java: 'java', py: 'python',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascript', ts: 'typescript', tsx: 'typescript',
  go: 'go', rs: 'rust', rb: 'ruby', sh: 'bash', bash: 'bash', json: 'json', yml: 'yaml', yaml: 'yaml', xml: 'xml',
  html: 'xml', css: 'css', md: 'markdown', kt: 'kotlin', swift: 'swift', sql: 'sql', php: 'php', cs: 'csharp',
  lua: 'lua', pl: 'perl', r: 'r', scss: 'scss', less: 'less', ini: 'ini', toml: 'ini', mk: 'makefile'};

export function languageOf(path) {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name === 'Makefile') return 'makefile';
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  const lang = LANGUAGES[ext];
  return lang && window.hljs?.getLanguage(lang) ? lang : null;
}

const sign = (kind) => kind === 'add' ? '+' : kind === 'delete' ? '−' : kind === 'no_newline' ? '\\' : ' ';
const spot = (side, line) => side + ':' + line;

export class FileView {
  constructor(file, ctx) {
    this.file = file;
    this.ctx = ctx;                    // {store, bus, announce}
    this.store = ctx.store;
    this.collapsed = this.store.isViewed(file);
    this.outside = new Map();          // thread id -> context lines read from the file
    this.element = h('section', {class: 'file', id: 'file-' + file.index_in_review, dataset: {path: file.path}});
    this.render();
  }

  // Re-renders this file only; drafts come back from the store, and so does the caret of the box being typed in.
  render() {
    const typing = this.element.contains(document.activeElement) ? document.activeElement : null;
    const caret = typing?.dataset?.draft ? [typing.dataset.draft, typing.selectionStart] : null;
    this.#render();
    if (caret) {
      const box = this.element.querySelector(`textarea[data-draft="${CSS.escape(caret[0])}"]`);
      box?.focus();
      box?.setSelectionRange(caret[1], caret[1]);
    }
  }

  #render() {
    const f = this.file;
    this.observer?.disconnect();
    this.lang = languageOf(f.path);
    this.view = this.ctx.view();
    // looked up once per render, not once per line
    this.threads = this.store.threadsOf(f).filter((t) => t.line != null);
    this.markers = new Map();
    for (const m of this.store.review.markers) {
      if (m.file === f.path) this.markers.set(m.line, [...(this.markers.get(m.line) || []), m]);
    }
    this.items = this.#items();
    this.limit = Math.min(this.items.length, Math.max(CHUNK, this.#lastNeeded() + 1));
    this.rendered = 0;
    const toggle = h('button', {class: 'file-toggle', 'aria-expanded': String(!this.collapsed),
      'aria-controls': this.element.id + '-body', onclick: () => this.setCollapsed(!this.collapsed)},
    h('span', {class: 'chevron', 'aria-hidden': 'true'}, this.collapsed ? '▸' : '▾'),
    h('span', {class: 'path'}, f.old_path && f.old_path !== f.path ? `${f.old_path} → ${f.path}` : f.path));
    const viewed = h('input', {type: 'checkbox', class: 'viewed', checked: this.store.isViewed(f) || null,
      onchange: (e) => { this.store.setViewed(f, e.target.checked); this.setCollapsed(e.target.checked); }});
    const head = h('div', {class: 'file-head'},
      h('h3', {class: 'file-title'}, toggle),
      h('span', {class: 'file-status'}, f.status + (f.similarity != null && f.status !== 'modified'
        ? ` (${f.similarity}% similar)` : '')),
      h('span', {class: 'counts', 'aria-label': `${num(f.additions)} added, ${num(f.deletions)} removed`},
        h('span', {class: 'add'}, '+' + num(f.additions)), ' ', h('span', {class: 'del'}, '−' + num(f.deletions))),
      h('a', {class: 'file-link', href: this.ctx.link(f.path), title: 'Link to this file'}, '#'),
      this.store.review.completion ? null : h('button', {class: 'file-comment', onclick: () => this.#openFileForm()},
        'Comment on file'),
      h('label', {class: 'viewed-label'}, viewed, ' Viewed'));
    this.body = h('div', {class: 'file-body', id: this.element.id + '-body', hidden: this.collapsed || null});
    this.element.replaceChildren(head, this.body);
    this.#renderBody();
  }

  setCollapsed(on) {
    this.collapsed = on;
    this.body.hidden = on;
    const toggle = this.element.querySelector('.file-toggle');
    toggle.setAttribute('aria-expanded', String(!on));
    toggle.querySelector('.chevron').textContent = on ? '▸' : '▾';
  }

  // Shows a line (a deep link): renders up to it, opens the file, scrolls and focuses it.
  reveal(side, line) {
    const at = this.lineIndex.get(spot(side, line)) ?? this.lineIndex.get(spot(side === 'old' ? 'new' : 'old', line));
    if (this.collapsed) this.setCollapsed(false);
    if (at == null) { this.element.scrollIntoView({block: 'start'}); return false; }
    this.#renderTo(at + 1);
    const button = this.body.querySelector(`button.line-no[data-side="${side}"][data-line="${line}"]`);
    const row = button?.closest('tr');
    this.body.querySelectorAll('tr.target').forEach((r) => r.classList.remove('target'));
    row?.classList.add('target');
    row?.scrollIntoView({block: 'center'});
    if (button) this.#focusLine(button);
    return !!row;
  }

  // A thread changed or arrived: re-render its box in place, else re-render this file (placing it).
  thread(thread) {
    const box = this.element.querySelector('#thread-' + CSS.escape(thread.id));
    if (box) { box.replaceWith(threadBox(thread, this.#threadCtx())); return; }
    this.render();
  }

  // --- the row model -------------------------------------------------------------------------------------------
  #items() {
    const f = this.file;
    const items = [];
    this.lineIndex = new Map();
    const hunks = f.hunks || [];
    hunks.forEach((hunk, i) => {
      const prev = hunks[i - 1];
      const prevEnd = prev ? prev.new_start + prev.new_count : 1;
      const hidden = hunk.new_start - prevEnd;
      items.push({type: 'hunk', hunk, i, hidden: this.#expandable() ? hidden : 0});
      const lines = hunk.lines;
      if (this.view === 'split') {
        for (let k = 0; k < lines.length;) {
          if (lines[k].kind === 'delete' || lines[k].kind === 'add') {
            const dels = [];
            const adds = [];
            while (k < lines.length && lines[k].kind === 'delete') dels.push(lines[k++]);
            while (k < lines.length && lines[k].kind === 'add') adds.push(lines[k++]);
            for (let p = 0; p < Math.max(dels.length, adds.length); p++) this.#push(items, {type: 'pair', left: dels[p], right: adds[p]});
          } else {
            const l = lines[k++];
            this.#push(items, {type: 'pair', left: l, right: l});
          }
        }
      } else {
        lines.forEach((l) => this.#push(items, {type: 'line', l}));
      }
    });
    if (hunks.length && this.#expandable() && f.status !== 'added' && !f.cut && !f.at_end) items.push({type: 'tail'});
    return items;
  }

  #push(items, item) {
    const index = items.length;
    for (const l of [item.l, item.left, item.right]) {
      if (!l) continue;
      if (l.old != null && l.kind !== 'add') this.lineIndex.set(spot('old', l.old), index);
      if (l.new != null && l.kind !== 'delete') this.lineIndex.set(spot('new', l.new), index);
    }
    items.push(item);
  }

  #expandable() { return this.file.status !== 'deleted' && !this.file.binary; }

  // The last row a thread or a draft needs: rendering goes at least that far, so nothing waits behind a scroll.
  #lastNeeded() {
    let last = -1;
    for (const t of this.store.threadsOf(this.file)) {
      const at = t.line != null ? this.lineIndex.get(spot(t.side || 'new', t.line)) : undefined;
      if (at != null) last = Math.max(last, at);
    }
    for (const [, d] of this.store.draftsOf(this.file)) {
      const at = d.target.line != null ? this.lineIndex.get(spot(d.target.side, d.target.line)) : undefined;
      if (at != null) last = Math.max(last, at);
    }
    return last;
  }

  // --- rendering -----------------------------------------------------------------------------------------------
  #renderBody() {
    const f = this.file;
    this.drafts = this.store.draftsOf(f).filter(([, d]) => d.target.line != null);
    const parts = [];
    if (f.cut && !f.loaded_whole) parts.push(this.#cutNotice());
    const threads = this.store.threadsOf(f);
    parts.push(h('div', {class: 'file-threads'}, threads.filter((t) => t.line == null)
      .map((t) => threadBox(t, this.#threadCtx()))));
    const fileDraft = this.store.draft(draftKey.file(f.path));
    if (fileDraft) parts.push(this.#fileForm());
    const outside = threads.filter((t) => t.line != null && !this.lineIndex.has(spot(t.side || 'new', t.line)));
    if (outside.length) {
      parts.push(h('div', {class: 'outside'}, h('h4', {}, 'Comments on lines the diff does not show'),
        outside.map((t) => this.#outsideThread(t))));
    }
    if (f.binary) parts.push(h('p', {class: 'empty'}, 'Binary file; no text diff.'));
    else if (!(f.hunks || []).length) parts.push(h('p', {class: 'empty'}, this.#noHunks()));
    else {
      this.tbody = h('tbody', {});
      const cols = this.view === 'split' ? ['num', 'code', 'num', 'code'] : ['num', 'num', 'code'];
      this.table = h('table', {class: 'diff ' + this.view, 'aria-label': 'Diff of ' + f.path,
        onkeydown: (e) => this.#rove(e)},
      h('colgroup', {}, cols.map((k) => h('col', {class: 'col-' + k}))), this.tbody);
      parts.push(h('div', {class: 'diff-scroll'}, this.table));
      this.#renderTo(this.limit);
      const first = this.tbody.querySelector('button.line-no, tr.expander button');
      if (first) first.tabIndex = 0;
    }
    this.body.replaceChildren(...parts);
  }

  #noHunks() {
    const f = this.file;
    if (f.whitespace_only) return 'Only whitespace changed in this file (whitespace is hidden).';
    if (f.status === 'renamed' || f.status === 'copied') return `${f.status === 'renamed' ? 'Renamed' : 'Copied'} without changes`
      + (f.similarity != null ? ` (${f.similarity}% similar).` : '.');
    if (f.old_mode && f.new_mode && f.old_mode !== f.new_mode) return `Mode changed from ${f.old_mode} to ${f.new_mode}.`;
    if (f.status === 'added') return 'Empty file added.';
    if (f.status === 'deleted') return 'Empty file deleted.';
    return 'No changes to show.';
  }

  #cutNotice() {
    const f = this.file;
    const shown = (f.shown_additions ?? 0) + (f.shown_deletions ?? 0);
    const all = f.additions + f.deletions;
    const button = h('button', {class: 'load-diff', onclick: () => this.#loadWhole(button)}, 'Load diff');
    return h('div', {class: 'cut-notice', role: 'note'},
      `Only part of this file's diff is shown: ${num(shown)} of ${plural(all, 'changed line')}`
      + (f.omitted_hunks ? `, ${plural(f.omitted_hunks, 'hunk')} not loaded` : '') + '. ', button);
  }

  async #loadWhole(button) {
    button.disabled = true;
    button.textContent = 'Loading…';
    try {
      const {diff} = await this.ctx.bus.request(GET, {review_id: this.store.id, file: this.file.path,
        ...this.store.whitespaceArgs()}, 60000);
      const whole = diff.files.find((x) => x.path === this.file.path);
      Object.assign(this.file, {hunks: whole.hunks, cut: whole.cut, loaded_whole: !whole.cut,
        shown_additions: whole.shown_additions, shown_deletions: whole.shown_deletions, omitted_hunks: whole.omitted_hunks});
      this.render();
    } catch (err) {
      button.disabled = false;
      button.textContent = 'Load diff (failed: ' + (err.message || err) + ')';
    }
  }

  #renderTo(limit) {
    if (!this.tbody) return;
    const end = Math.min(Math.max(limit, this.rendered), this.items.length);
    if (end <= this.rendered && this.rendered > 0) return;
    this.tbody.querySelector('tr.more')?.remove();
    const frag = document.createDocumentFragment();
    for (let i = this.rendered; i < end; i++) this.#renderItem(this.items[i], frag);
    this.rendered = end;
    if (end < this.items.length) frag.append(this.#moreRow());
    else if (this.file.cut && !this.file.loaded_whole) frag.append(h('tr', {class: 'cut-end'}, h('td', {colspan: this.#cols()},
      this.#cutNotice())));
    this.tbody.append(frag);
  }

  // The rows not rendered yet: one row as tall as they will be, so that rendering them moves nothing below, and
  // rendered a chunk at a time while it is in or near the window (or at once, with its button).
  #moreRow() {
    const left = this.items.length - this.rendered;
    const button = h('button', {tabindex: -1, onclick: () => this.#renderTo(this.rendered + CHUNK)},
      `Show ${plural(Math.min(left, CHUNK), 'more row')} (${num(left)} left)`);
    const row = h('tr', {class: 'more'}, h('td', {colspan: this.#cols(), style: `height: ${left * ROW_PX}px`}, button));
    this.observer = this.observer || new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) this.#renderTo(this.rendered + CHUNK);
    }, {rootMargin: '0px 0px 600px 0px'});
    this.observer.disconnect();
    requestAnimationFrame(() => { if (row.isConnected) this.observer.observe(row); });
    return row;
  }

  #cols() { return this.view === 'split' ? 4 : 3; }

  #renderItem(item, out) {
    if (item.type === 'hunk') { out.append(...this.#hunkRows(item)); return; }
    if (item.type === 'tail') { out.append(this.#expander('below', this.file.hunks.length - 1, null)); return; }
    const lines = item.type === 'line' ? [item.l] : [item.left, item.right].filter((l, i, a) => l && a.indexOf(l) === i);
    out.append(item.type === 'line' ? this.#unifiedRow(item.l) : this.#splitRow(item.left, item.right));
    for (const l of lines) this.#annotations(l, out);
  }

  #hunkRows(item) {
    const {hunk, i, hidden} = item;
    const rows = [];
    if (hidden > 0) rows.push(this.#expander('above', i, hidden));
    rows.push(h('tr', {class: 'hunk'}, h('td', {colspan: this.#cols()},
      `@@ -${hunk.old_start},${hunk.old_count} +${hunk.new_start},${hunk.new_count} @@ ${hunk.heading || ''}`)));
    return rows;
  }

  #expander(where, i, hidden) {
    const buttons = where === 'below'
      ? [h('button', {tabindex: -1, onclick: () => this.#expand(i, 'down', EXPAND)}, `↓ Show ${EXPAND} more lines`)]
      : [hidden > EXPAND ? h('button', {tabindex: -1, onclick: () => this.#expand(i, 'up', EXPAND)}, `↑ Show ${EXPAND} more lines`) : null,
        hidden > EXPAND && i > 0 ? h('button', {tabindex: -1, onclick: () => this.#expand(i - 1, 'down', EXPAND)}, `↓ Show ${EXPAND} more lines`) : null,
        h('button', {tabindex: -1, onclick: () => this.#expand(i, 'up', hidden)}, `↕ Show all ${plural(hidden, 'hidden line')}`)];
    return h('tr', {class: 'expander'}, h('td', {colspan: this.#cols()}, buttons));
  }

  // Reads hidden lines of the new side from the server and joins them to hunk i (above or below it).
  async #expand(i, direction, count) {
    const hunks = this.file.hunks;
    const hunk = hunks[i];
    let start;
    let end;
    if (direction === 'up') {
      const prev = hunks[i - 1];
      const floor = prev ? prev.new_start + prev.new_count : 1;
      end = hunk.new_start - 1;
      start = Math.max(floor, end - count + 1);
    } else {
      const next = hunks[i + 1];
      start = hunk.new_start + hunk.new_count;
      end = next ? Math.min(next.new_start - 1, start + count - 1) : start + count - 1;
    }
    if (end < start) return;
    try {
      const {lines} = await this.ctx.bus.request(GET, {review_id: this.store.id, file: this.file.path, side: 'new',
        start_line: start, end_line: end});
      const delta = hunk.new_start - hunk.old_start + (direction === 'down' ? hunk.new_count - hunk.old_count : 0);
      const context = lines.lines.map((text, k) => ({kind: 'context', new: lines.start_line + k,
        old: lines.start_line + k - delta, text}));
      if (direction === 'up') {
        hunk.lines.unshift(...context);
        hunk.new_start -= context.length; hunk.old_start -= context.length;
      } else {
        const tail = hunk.lines.length && hunk.lines[hunk.lines.length - 1].kind === 'no_newline' ? hunk.lines.pop() : null;
        hunk.lines.push(...context);
        if (tail) hunk.lines.push(tail);
        if (!hunks[i + 1] && context.length < end - start + 1) this.file.at_end = true;
      }
      hunk.new_count += context.length; hunk.old_count += context.length;
      const other = direction === 'up' ? hunks[i - 1] : hunks[i + 1];
      const [a, b] = direction === 'up' ? [other, hunk] : [hunk, other];
      if (a && b && a.new_start + a.new_count >= b.new_start) {
        a.lines.push(...b.lines);
        a.new_count = b.new_start + b.new_count - a.new_start;
        a.old_count = b.old_start + b.old_count - a.old_start;
        hunks.splice(hunks.indexOf(b), 1);
      }
      this.render();
    } catch (err) {
      this.ctx.announce('Could not show more lines: ' + (err.message || err));
    }
  }

  #lineButton(l, side) {
    const n = l ? (side === 'old' ? l.old : l.new) : null;
    if (n == null || (side === 'old' && l.kind === 'add') || (side === 'new' && l.kind === 'delete')) return h('td', {class: 'num'});
    return h('td', {class: 'num'}, h('button', {class: 'line-no', tabindex: -1, dataset: {file: this.file.path, side, line: n},
      'aria-label': `${side === 'old' ? 'Old' : 'New'} line ${n}: comment (Shift for a range)`,
      onclick: (e) => this.#lineClicked(e.currentTarget, e.shiftKey)}, String(n)));
  }

  #code(l, cls) {
    const text = h('span', {class: 'text'});
    if (this.lang && l.text.length <= MAX_HIGHLIGHT && l.kind !== 'no_newline') {
      text.innerHTML = window.hljs.highlight(l.text, {language: this.lang, ignoreIllegals: true}).value;
    } else {
      text.textContent = l.text;
    }
    if (l.words) markWords(text, l.words);
    return h('td', {class: 'code ' + cls, 'data-sign': sign(cls === 'context' ? 'context' : l.kind)}, text);
  }

  #unifiedRow(l) {
    return h('tr', {class: 'line ' + l.kind}, this.#lineButton(l.kind === 'add' ? null : l, 'old'),
      this.#lineButton(l.kind === 'delete' ? null : l, 'new'), this.#code(l, l.kind));
  }

  #splitRow(left, right) {
    const same = left === right;
    const cell = (l, kind) => l ? this.#code(l, same ? 'context' : kind) : h('td', {class: 'code empty-side'});
    return h('tr', {class: 'line' + (same ? ' context' : '')}, this.#lineButton(left, 'old'), cell(left, left?.kind),
      this.#lineButton(right, 'new'), cell(right, right?.kind));
  }

  // Markers, threads and open drafts that belong under a diff line.
  #annotations(l, out) {
    const cols = this.#cols();
    const sides = [];
    if (l.kind !== 'add' && l.old != null) sides.push(['old', l.old]);
    if (l.kind !== 'delete' && l.new != null) sides.push(['new', l.new]);
    if (l.kind === 'add') {
      for (const m of this.markers.get(l.new) || []) {
        out.append(h('tr', {class: 'annotation marker'}, h('td', {colspan: cols},
          h('span', {class: 'marker-kind marker-' + m.kind}, MARKERS[m.kind] || m.kind), ' ', m.text)));
      }
    }
    for (const [side, n] of sides) {
      if (this.view === 'split' && l.kind === 'context' && side === 'old') continue;
      for (const t of this.threads) {
        const ts = t.side || 'new';
        const here = t.line === n && (ts === side || (this.view === 'split' && l.kind === 'context'));
        if (here) out.append(h('tr', {class: 'annotation'}, h('td', {colspan: cols}, threadBox(t, this.#threadCtx()))));
      }
      for (const [key, d] of this.drafts) {
        if (d.target.line === n && d.target.side === side) out.append(this.#formRow(key, d.target));
      }
    }
  }

  #threadCtx() { return {...this.ctx, linesOf: (t) => this.linesOf(t)}; }

  // The text of lines start_line..line of a thread or target, from the diff as loaded (for suggestions).
  linesOf(t) {
    if (t.line == null) return null;
    const side = t.side || 'new';
    const texts = [];
    for (let n = t.start_line ?? t.line; n <= t.line; n++) {
      const at = this.lineIndex.get(spot(side, n));
      if (at == null) return null;
      const item = this.items[at];
      const l = [item.l, item.left, item.right].find((x) => x && (side === 'old' ? x.old === n && x.kind !== 'add'
        : x.new === n && x.kind !== 'delete'));
      if (!l) return null;
      texts.push(l.text);
    }
    return texts;
  }

  #formRow(key, target) {
    const row = h('tr', {class: 'annotation new-comment', dataset: {draft: key}}, h('td', {colspan: this.#cols()}));
    const label = `Comment on ${anchorLabel(target)}`;
    row.firstChild.append(h('div', {class: 'form-head'}, label, ' ',
      h('a', {href: this.ctx.link(this.file.path, target.side, target.line), class: 'line-link'}, 'link')),
    commentForm(key, target, label, this.#threadCtx(), () => row.remove()));
    return row;
  }

  #lineClicked(button, extend) {
    if (this.store.review.completion) return;
    const side = button.dataset.side;
    const line = Number(button.dataset.line);
    const from = this.selection && extend && this.selection.side === side ? this.selection.line : null;
    this.selection = {side, line};
    const start = from != null ? Math.min(from, line) : null;
    const end = from != null ? Math.max(from, line) : line;
    const target = {file: this.file.path, side, line: end};
    if (start != null && start !== end) target.start_line = start;
    const key = draftKey.line(this.file.path, side, target.start_line, end);
    if (from != null) {
      // the single-line box the first click opened becomes this range's box
      const single = draftKey.line(this.file.path, side, null, from);
      const text = this.store.draft(single)?.text;
      if (single !== key && !text?.trim()) {
        this.store.dropDraft(single);
        this.body.querySelector(`tr.new-comment[data-draft="${CSS.escape(single)}"]`)?.remove();
      }
    }
    const existing = this.body.querySelector(`tr.new-comment[data-draft="${CSS.escape(key)}"]`);
    if (existing) { existing.querySelector('textarea').focus(); return; }
    this.store.openDraft(key, target);
    const endButton = this.body.querySelector(`button.line-no[data-side="${side}"][data-line="${end}"]`);
    let last = endButton.closest('tr');
    while (last.nextElementSibling?.classList.contains('annotation')) last = last.nextElementSibling;
    const row = this.#formRow(key, target);
    last.after(row);
    row.querySelector('textarea').focus();
  }

  #fileForm() {
    const key = draftKey.file(this.file.path);
    const holder = h('div', {class: 'file-form'});
    holder.append(commentForm(key, {file: this.file.path}, 'Comment on ' + this.file.path + ' as a whole',
      this.#threadCtx(), () => holder.remove()));
    return holder;
  }

  #openFileForm() {
    if (this.collapsed) this.setCollapsed(false);
    let form = this.body.querySelector('.file-form');
    if (!form) {
      this.store.openDraft(draftKey.file(this.file.path), {file: this.file.path});
      form = this.#fileForm();
      this.body.querySelector('.file-threads').after(form);
    }
    form.querySelector('textarea').focus();
  }

  // A thread on a line the diff does not show: the lines around it, read from the file at that side's commit.
  #outsideThread(t) {
    const side = t.side || 'new';
    const holder = h('div', {class: 'outside-thread'});
    const table = h('table', {class: 'diff unified context-lines', 'aria-label': `Lines around ${anchorLabel(t)}`},
      h('colgroup', {}, h('col', {class: 'col-num'}), h('col', {class: 'col-code'})), h('tbody', {},
        h('tr', {}, h('td', {colspan: 2, class: 'loading'}, 'Reading the lines…'))));
    const show = (lines) => {
      table.tBodies[0].replaceChildren(...lines.lines.map((text, k) => {
        const n = lines.start_line + k;
        const target = n >= (t.start_line ?? t.line) && n <= t.line;
        return h('tr', {class: 'line context' + (target ? ' target' : '')}, h('td', {class: 'num'}, String(n)),
          this.#code({kind: 'context', text}, 'context'));
      }));
    };
    const known = this.outside.get(t.id);
    if (known) show(known);
    else {
      this.ctx.bus.request(GET, {review_id: this.store.id, file: t.file, side,
        start_line: Math.max(1, (t.start_line ?? t.line) - CONTEXT), end_line: t.line + CONTEXT})
        .then(({lines}) => { this.outside.set(t.id, lines); show(lines); })
        .catch((err) => table.tBodies[0].replaceChildren(h('tr', {}, h('td', {colspan: 2, class: 'error'},
          'Could not read the lines: ' + (err.message || err)))));
    }
    holder.append(h('div', {class: 'diff-scroll'}, table), threadBox(t, this.#threadCtx()));
    return holder;
  }

  // --- keyboard inside the table: one Tab stop, arrows move (roving tabindex) ---------------------------------
  #rove(e) {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End', 'ArrowLeft', 'ArrowRight'].includes(e.key)) return;
    const current = e.target.closest('button');
    if (!current || e.target.closest('tr.annotation')) return;
    const all = [...this.tbody.querySelectorAll('tr:not(.annotation) button')];
    let i = all.indexOf(current);
    if (i < 0) return;
    e.preventDefault();
    if (e.key === 'ArrowDown') i = Math.min(all.length - 1, i + 1);
    else if (e.key === 'ArrowUp') i = Math.max(0, i - 1);
    else if (e.key === 'Home') i = 0;
    else if (e.key === 'End') i = all.length - 1;
    else {
      const row = [...current.closest('tr').querySelectorAll('button')];
      const j = row.indexOf(current) + (e.key === 'ArrowRight' ? 1 : -1);
      if (j < 0 || j >= row.length) return;
      i = all.indexOf(row[j]);
    }
    this.#focusLine(all[i]);
  }

  #focusLine(button) {
    this.tbody?.querySelectorAll('button[tabindex="0"]').forEach((b) => { b.tabIndex = -1; });
    button.tabIndex = 0;
    button.focus({preventScroll: false});
  }
}

const MARKERS = {insight: '💡 insight', question: '❓ question', todo: 'TODO', fixme: 'FIXME'};

// Wraps the characters [from, to) of each range in <mark>, across the syntax tokens' elements.
export function markWords(root, ranges) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes = [];
  let offset = 0;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) { nodes.push([n, offset]); offset += n.data.length; }
  // right to left: wrapping splits a text node, and the part left of the cut keeps its offsets
  for (const [from, to] of [...ranges].reverse()) {
    for (const [node, start] of [...nodes].reverse()) {
      const end = start + node.data.length;
      const a = Math.max(from, start);
      const b = Math.min(to, end);
      if (a >= b) continue;
      const range = document.createRange();
      range.setStart(node, a - start);
      range.setEnd(node, b - start);
      range.surroundContents(h('mark', {class: 'word'}));
    }
  }
}
