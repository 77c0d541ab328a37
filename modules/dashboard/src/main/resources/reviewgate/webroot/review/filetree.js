// The list of changed files beside the diff: grouped by directory, with +/- counts, the viewed marks and their
// progress, and a filter (words of the path, an extension such as .c, and "hide viewed") that hides files in the
// list and in the diff alike. The list is one Tab stop; arrow keys move inside it (roving tabindex).
import {h, num} from './dom.js';

export class FileTree {
  constructor(store, ctx) {
    this.store = store;
    this.ctx = ctx;                  // {link(path), jump(path), sections: Map path -> element}
    this.query = '';
    this.hideViewed = false;
    this.progress = h('div', {class: 'progress', role: 'status'});
    this.list = h('ul', {class: 'tree-root', onkeydown: (e) => this.#rove(e)});
    const filter = h('input', {type: 'search', class: 'file-filter', placeholder: 'Filter files (path, .ext)',
      'aria-label': 'Filter files by path or extension', oninput: (e) => { this.query = e.target.value; this.apply(); }});
    const hide = h('label', {class: 'hide-viewed'}, h('input', {type: 'checkbox',
      onchange: (e) => { this.hideViewed = e.target.checked; this.apply(); }}), ' Hide viewed');
    this.element = h('nav', {class: 'tree', 'aria-label': 'Changed files'},
      h('h2', {}, `Files (${store.files.length})`), this.progress, filter, hide, this.list);
    this.render();
    store.on('viewed', () => { this.#progress(); this.#marks(); this.apply(); });
  }

  render() {
    const groups = new Map();
    for (const f of this.store.files) {
      const slash = f.path.lastIndexOf('/');
      const dir = slash < 0 ? '' : f.path.slice(0, slash);
      if (!groups.has(dir)) groups.set(dir, []);
      groups.get(dir).push(f);
    }
    let first = true;
    this.list.replaceChildren(...[...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([dir, files]) =>
      h('li', {class: 'tree-dir'}, dir ? h('div', {class: 'dir'}, dir + '/') : null,
        h('ul', {}, files.map((f) => {
          const link = h('a', {href: this.ctx.link(f.path), class: 'tree-file status-' + f.status, tabindex: first ? 0 : -1,
            dataset: {path: f.path}, onclick: (e) => { e.preventDefault(); this.ctx.jump(f.path); }},
          h('span', {class: 'mark', 'aria-hidden': 'true'}),
          h('span', {class: 'name', title: f.path}, f.path.slice(f.path.lastIndexOf('/') + 1)),
          h('span', {class: 'counts'}, h('span', {class: 'add'}, '+' + num(f.additions)), ' ',
            h('span', {class: 'del'}, '−' + num(f.deletions))));
          first = false;
          return h('li', {}, link);
        })))));
    this.#progress();
    this.#marks();
  }

  // A file passes when every word of the filter is in its path (".c" means the extension) and, with "hide viewed",
  // when it is not viewed.
  matches(f) {
    if (this.hideViewed && this.store.isViewed(f)) return false;
    return this.query.trim().toLowerCase().split(/\s+/).filter(Boolean).every((word) => {
      const path = f.path.toLowerCase();
      if (/^\*?\.[\w+-]+$/.test(word)) return path.endsWith(word.replace(/^\*/, ''));
      return path.includes(word) || (f.old_path || '').toLowerCase().includes(word);
    });
  }

  apply() {
    for (const f of this.store.files) {
      const show = this.matches(f);
      const link = this.list.querySelector(`a[data-path="${CSS.escape(f.path)}"]`);
      if (link) link.parentElement.hidden = !show;
      const section = this.ctx.sections.get(f.path);
      if (section) section.hidden = !show;
    }
    for (const dir of this.list.querySelectorAll('li.tree-dir')) {
      dir.hidden = ![...dir.querySelectorAll('li')].some((li) => !li.hidden);
    }
  }

  #progress() {
    const done = this.store.viewedCount();
    const all = this.store.files.length;
    this.progress.replaceChildren(h('progress', {max: all, value: done, 'aria-hidden': 'true'}),
      h('span', {class: 'progress-text'}, `${done} of ${all} files viewed`));
  }

  #marks() {
    for (const f of this.store.files) {
      const link = this.list.querySelector(`a[data-path="${CSS.escape(f.path)}"]`);
      if (!link) continue;
      const viewed = this.store.isViewed(f);
      link.classList.toggle('is-viewed', viewed);
      link.querySelector('.mark').textContent = viewed ? '✓' : '';
      link.setAttribute('aria-label', `${f.path}, +${f.additions} −${f.deletions}${viewed ? ', viewed' : ''}`);
    }
  }

  #rove(e) {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const links = [...this.list.querySelectorAll('a.tree-file')].filter((a) => !a.closest('[hidden]'));
    let i = links.indexOf(document.activeElement);
    if (i < 0) return;
    e.preventDefault();
    i = e.key === 'ArrowDown' ? Math.min(links.length - 1, i + 1) : e.key === 'ArrowUp' ? Math.max(0, i - 1)
      : e.key === 'Home' ? 0 : links.length - 1;
    links.forEach((a) => { a.tabIndex = -1; });
    links[i].tabIndex = 0;
    links[i].focus();
  }
}
