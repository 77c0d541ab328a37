// Comment text: Markdown rendered by marked and sanitised by DOMPurify (raw HTML in a comment is shown as text, never
// run), and ```suggestion blocks shown as a small diff of the lines they replace. The libraries come from WebJars
// (index.html loads them); without them the text is shown as plain text.
import {h} from './dom.js';

const SUGGESTION = /^[ \t]*```suggestion[ \t]*\r?\n([\s\S]*?)^[ \t]*```[ \t]*$/gm;
const ESCAPES = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};
const escape = (text) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

let parser = null;
function markdown() {
  if (!parser && window.marked && window.DOMPurify) {
    parser = new window.marked.Marked({gfm: true, breaks: true,
      renderer: {html: (token) => escape(token.text ?? token.raw ?? '')}});
    window.DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') { node.setAttribute('rel', 'noopener noreferrer'); node.setAttribute('target', '_blank'); }
    });
  }
  return parser;
}

function markdownBlock(text) {
  const md = markdown();
  const box = h('div', {class: 'markdown'});
  if (!md) { box.textContent = text; box.classList.add('plain'); return box; }
  box.innerHTML = window.DOMPurify.sanitize(md.parse(text), {FORBID_TAGS: ['style', 'img', 'form', 'input',
    'button', 'textarea', 'select', 'iframe'], FORBID_ATTR: ['style']});
  return box;
}

// The body of a comment; `original` gives the lines a suggestion replaces (array of text) when known.
export function commentBody(text, original) {
  const parts = [];
  let last = 0;
  for (const m of text.matchAll(SUGGESTION)) {
    if (m.index > last) parts.push(markdownBlock(text.slice(last, m.index)));
    parts.push(suggestionBlock(original || [], m[1].replace(/\r?\n$/, '').split(/\r?\n/)));
    last = m.index + m[0].length;
  }
  if (last < text.length || !parts.length) parts.push(markdownBlock(text.slice(last)));
  return h('div', {class: 'comment-body'}, parts);
}

function suggestionBlock(before, after) {
  const row = (kind, text) => h('tr', {class: kind}, h('td', {class: 'code', 'data-sign': kind === 'add' ? '+' : '−'}, text));
  const replacement = after.length === 1 && after[0] === '' ? [] : after;
  return h('figure', {class: 'suggestion'}, h('figcaption', {}, 'Suggested change'),
    h('table', {class: 'diff suggestion-diff', 'aria-label': 'Suggested change'},
      h('tbody', {}, before.map((t) => row('delete', t)), replacement.map((t) => row('add', t)))));
}
