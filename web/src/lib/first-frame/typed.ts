/**
 * What is typed into an editable first frame (draw.ts) before the console starts: each input's last
 * value by its row's key and its name, in the order first typed, and where the caret was. Kept in
 * the page until the console's screen takes it, once, and types it again into its own rows
 * (type-again.ts): nothing typed into the frame is dropped without the user being told.
 */
export interface TypedEdit {
  key: string;
  name: string;
  value: string;
}

export interface Typed {
  edits: TypedEdit[];
  /** The input that had the focus, and its selection. */
  focus: { key: string; name: string; start: number | null; end: number | null } | null;
}

const SLOT = '__mixdeskTyped';
type Slot = { [SLOT]?: Typed };

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const CONTROLS = 'input, select, textarea';

/** The row's key and the control's name of an event's target in the frame, or null. */
function controlOf(target: EventTarget | null): { el: Control; key: string; name: string } | null {
  if (!(target instanceof Element) || !target.matches(CONTROLS)) return null;
  const key = target.closest('[data-frame-key]')?.getAttribute('data-frame-key');
  const name = target.getAttribute('name');
  return key && name ? { el: target as Control, key, name } : null;
}

const caret = (el: Control) =>
  el instanceof HTMLSelectElement ? { start: null, end: null } : { start: el.selectionStart, end: el.selectionEnd };

/** Follows what is typed into the frame's rows from now on (its inputs name their field; its rows carry `data-frame-key`). */
export function recordTyped(frame: HTMLElement): void {
  const typed: Typed = { edits: [], focus: null };
  (window as Slot)[SLOT] = typed;
  const onEdit = (e: Event) => {
    const c = controlOf(e.target);
    if (!c) return;
    const edit = { key: c.key, name: c.name, value: c.el.value };
    const i = typed.edits.findIndex((x) => x.key === c.key && x.name === c.name);
    if (i >= 0) typed.edits[i] = edit;
    else typed.edits.push(edit);
  };
  const onCaret = (e: Event) => {
    const c = controlOf(e.target);
    if (c) typed.focus = { key: c.key, name: c.name, ...caret(c.el) };
  };
  for (const type of ['input', 'change']) frame.addEventListener(type, onEdit, true);
  for (const type of ['input', 'focusin', 'keyup', 'mouseup', 'select']) frame.addEventListener(type, onCaret, true);
  // Focus that leaves for another part of the page is not given back. The frame's removal blurs its
  // input too (toward nothing): that is not a leaving.
  frame.addEventListener('focusout', (e) => {
    if (e.relatedTarget !== null) typed.focus = null;
  });
}

/** What was typed into the frame, once; null when nothing was (or it was taken). */
export function takeTyped(): Typed | null {
  if (typeof window === 'undefined') return null;
  const slot = window as Slot;
  const typed = slot[SLOT];
  delete slot[SLOT];
  return typed && (typed.edits.length > 0 || typed.focus) ? typed : null;
}
