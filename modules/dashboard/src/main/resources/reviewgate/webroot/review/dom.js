// Small DOM helpers shared by the page's modules: element building (text from the server always goes in as text,
// never as HTML), dates, short SHAs and status badges.
export function h(tag, attrs = {}, ...children) {
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

export const STATUS = {pending: 'Open', changes_requested: 'Changes requested', approved: 'Approved', completed: 'Completed'};
export const shortSha = (sha) => sha ? sha.slice(0, 7) : '∅';
export const when = (iso) => new Date(iso).toLocaleString();
export const badge = (status) => h('span', {class: 'badge status-' + status}, STATUS[status] || status);
export const plural = (n, one, many = one + 's') => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
export const num = (n) => Number(n).toLocaleString('en-US');
