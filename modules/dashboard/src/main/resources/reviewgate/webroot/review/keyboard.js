// Keyboard shortcuts of the review page: j / n next file, k / p previous file, v mark the current file viewed,
// c comment on the current file, ? this help. Keys typed into a text field are left alone.
import {h} from './dom.js';

const KEYS = [['j or n', 'next file'], ['k or p', 'previous file'], ['v', 'mark the current file viewed'],
  ['c', 'comment on the current file'], ['Shift + click a line number', 'comment on the lines from the one clicked before'],
  ['↑ ↓ in a diff or the file list', 'move between lines or files'], ['Ctrl + Enter', 'send the comment'], ['?', 'this help']];

export function installKeys(page) {
  const help = h('dialog', {id: 'keys-help', 'aria-labelledby': 'keys-title'},
    h('h2', {id: 'keys-title'}, 'Keyboard shortcuts'),
    h('table', {class: 'keys', 'aria-label': 'Keyboard shortcuts'}, h('tbody', {}, KEYS.map(([k, what]) =>
      h('tr', {}, h('th', {scope: 'row'}, h('kbd', {}, k)), h('td', {}, what))))),
    h('div', {class: 'actions'}, h('button', {onclick: () => help.close()}, 'Close')));
  document.body.append(help);
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.target.closest?.('input, textarea, select, [contenteditable]')) return;
    if (document.querySelector('dialog[open]') && e.key !== '?') return;
    const active = page();
    if (e.key === '?') { e.preventDefault(); help.open ? help.close() : help.showModal(); return; }
    if (!active) return;
    if (e.key === 'j' || e.key === 'n') { e.preventDefault(); active.step(1); }
    if (e.key === 'k' || e.key === 'p') { e.preventDefault(); active.step(-1); }
    if (e.key === 'v') { e.preventDefault(); active.toggleViewed(); }
    if (e.key === 'c') { e.preventDefault(); active.commentOnFile(); }
  });
}
