// Threads and the comment form. A form is the view of a draft in the store: its text is saved as it is typed, so
// re-rendering a thread or a file (a live event, a view switch, a reload) brings the same box back with the same text.
// Sending calls review_comment with the draft's target (a line or range, a file, the review, or a thread to reply in).
import {h, when} from './dom.js';
import {commentBody} from './markdown.js';
import {draftKey} from './store.js';

export const COMMENT = 'reviewgate.review.comment';

export function anchorLabel(t) {
  if (!t.file) return 'On the review';
  if (t.line == null) return t.file + ' (whole file)';
  const lines = t.start_line != null ? `${t.start_line}–${t.line}` : String(t.line);
  return `${t.file}:${lines}${t.side === 'old' ? ' (old)' : ''}`;
}

export function threadBox(thread, ctx) {
  if (!thread.comments.length) return h('div', {id: 'thread-' + thread.id, hidden: true});   // its comments deleted
  const original = ctx.linesOf?.(thread);
  const done = !!ctx.store.review.completion;
  const resolve = done || thread.pending ? null : h('button', {class: 'resolve', onclick: () => act(ctx, {
    action: thread.resolved ? 'unresolve' : 'resolve', thread_id: thread.id})}, thread.resolved ? 'Unresolve' : 'Resolve');
  const comments = [h('ol', {class: 'comments'}, thread.comments.map((c) => commentItem(c, original, thread, ctx))),
    thread.pending ? null : replyArea(thread, ctx)];
  return h('div', {class: 'thread' + (thread.resolved ? ' resolved' : ''), id: 'thread-' + thread.id,
    dataset: {thread: thread.id}, role: 'group', 'aria-label': 'Thread on ' + anchorLabel(thread)},
  h('div', {class: 'thread-head'}, h('span', {}, anchorLabel(thread)),
    h('span', {class: 'thread-tools'}, resolve, thread.pending ? null : h('span', {class: 'thread-id'}, thread.id))),
  thread.resolved ? h('details', {}, h('summary', {}, `Resolved · ${thread.comments.length} comment(s)`), comments)
    : comments);
}

// A change to a thread (resolve, delete): the answer's thread replaces the one shown.
async function act(ctx, args) {
  try {
    const reply = await ctx.bus.request(COMMENT, {review_id: ctx.store.id, ...args});
    ctx.store.applyReply(reply);
  } catch (err) {
    ctx.announce?.('Not done: ' + (err.message || err));
    alert('Not done: ' + (err.message || err));
  }
}

export function commentItem(c, original, thread, ctx) {
  const mine = thread && c.author === 'person' && (c.pending || ctx.store.unread.has(c.id)) && !ctx.store.review.completion;
  const key = draftKey.edit(c.id);
  const body = h('div', {class: 'comment-text'});
  const show = () => body.replaceChildren(commentBody(c.body, original));
  // a held comment is named by its id alone: it is in no thread yet
  const which = c.pending ? {comment_id: c.id} : {thread_id: thread.id, comment_id: c.id};
  const edit = () => body.replaceChildren(commentForm(key, {action: 'edit', ...which},
    'Edit your comment', {...ctx, initialText: c.body}, show));
  if (mine && ctx.store.draft(key)) edit(); else show();
  return h('li', {class: 'comment author-' + c.author, dataset: {comment: c.id}},
    h('div', {class: 'comment-head'}, h('span', {class: 'author'}, c.author === 'agent' ? '🤖 agent' : '🧑 you'),
      h('time', {datetime: c.at}, when(c.at)),
      c.pending ? h('span', {class: 'badge pending-badge', title: 'In your pending review: the agent sees it once you '
        + 'finish the review'}, 'Pending') : null,
      mine ? h('span', {class: 'comment-tools', title: c.pending ? 'In your pending review' : 'The agent has not read it yet'},
        h('button', {class: 'edit', onclick: () => { edit(); body.querySelector('textarea').focus(); }}, 'Edit'),
        h('button', {class: 'delete', onclick: () => {
          if (confirm('Delete this comment? The agent has not read it yet.')) {
            act(ctx, {action: 'delete', ...which});
          }
        }}, 'Delete')) : null),
    body);
}

function replyArea(thread, ctx) {
  const key = draftKey.reply(thread.id);
  const holder = h('div', {class: 'reply'});
  const closed = () => {
    holder.replaceChildren(ctx.store.review.completion ? '' : h('button', {class: 'reply-open', onclick: () => {
      holder.replaceChildren(commentForm(key, {thread_id: thread.id}, 'Reply', ctx, closed));
      holder.querySelector('textarea').focus();
    }}, 'Reply…'));
  };
  if (ctx.store.draft(key)) holder.append(commentForm(key, {thread_id: thread.id}, 'Reply', ctx, closed));
  else closed();
  return holder;
}

// A form bound to draft `key`; `onClose` runs after it was sent or cancelled (the draft is gone by then). A
// `lasting` form (the review's own box) stays open and offers no Cancel.
export function commentForm(key, target, label, ctx, onClose, lasting = false) {
  const {store, bus} = ctx;
  const draft = store.openDraft(key, target);
  if (!draft.text && ctx.initialText) store.writeDraft(key, ctx.initialText);
  const done = !!store.review.completion;
  const text = h('textarea', {rows: 3, 'aria-label': label, placeholder: label + ' (Markdown; Ctrl+Enter to send)',
    readonly: done || null, dataset: {draft: key}});
  text.value = draft.text;
  text.addEventListener('input', () => store.writeDraft(key, text.value));
  const error = h('p', {class: 'error', role: 'alert'});
  const send = h('button', {type: 'submit', class: 'primary', disabled: done || null}, 'Comment');
  // A new comment or a reply may instead go into the pending review, sent with the others when it is finished.
  const holding = store.review.pending.length > 0;
  const hold = target.action ? null : h('button', {type: 'submit', class: 'hold', disabled: done || null,
    title: 'Held for you alone until you finish your review'}, holding ? 'Add to review' : 'Start a review');
  if (hold) send.textContent = 'Add single comment';
  // A live event may have drawn this draft's box again meanwhile: closing closes whichever box shows it now.
  const close = () => {
    store.dropDraft(key);
    for (const box of document.querySelectorAll('form.comment-form')) {
      if (box.draftKey === key) box.closeBox();
    }
  };
  const original = target.line != null && target.side !== 'old' ? ctx.linesOf?.(target) : null;
  const suggest = original ? h('button', {type: 'button', class: 'suggest', title: 'Suggest a replacement for these lines',
    onclick: () => {
      const block = '```suggestion\n' + original.join('\n') + '\n```\n';
      const at = text.selectionStart ?? text.value.length;
      text.value = text.value.slice(0, at) + block + text.value.slice(at);
      store.writeDraft(key, text.value);
      text.focus();
    }}, 'Suggest a change') : null;
  const form = h('form', {class: 'comment-form', onsubmit: async (e) => {
    e.preventDefault();
    const body = text.value.trim();
    if (!body) { error.textContent = 'Write a comment first.'; return; }
    const held = !!hold && e.submitter === hold;
    send.disabled = true;
    if (hold) hold.disabled = true;
    error.textContent = '';
    try {
      const reply = await bus.request(COMMENT, {review_id: store.id, body, ...target, ...(held ? {pending: true} : {})});
      close();
      store.markReviewed();
      if (!target.action && !held && !reply.delivered) store.unread.add(reply.comment.id);
      store.applyReply(reply);
    } catch (err) {
      error.textContent = 'Not sent: ' + (err.message || err) + '. Your text is kept.';
      send.disabled = false;
      if (hold) hold.disabled = false;
    }
  }},
  done ? h('p', {class: 'warning'}, 'The review was completed; nothing more can be sent. Your text is kept here.') : null,
  text, error, h('div', {class: 'actions'}, suggest,
    lasting && !done ? null : h('button', {type: 'button', onclick: () => {
      if (!text.value.trim() || confirm('Discard this comment?')) close();
    }}, done ? 'Discard' : 'Cancel'), hold, send));
  form.draftKey = key;
  form.closeBox = () => onClose?.();
  text.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (hold && holding) form.requestSubmit(hold); else form.requestSubmit();   // as GitHub: into the open review
    }
    if (e.key === 'Escape' && !text.value.trim()) close();
  });
  return form;
}
