import type { Typed, TypedEdit } from './typed';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Sets a control's value as the browser does when someone types or chooses, so its own handlers see it. */
function enter(el: Control, value: string): boolean {
  const proto = Object.getPrototypeOf(el) as object;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  return el.value === value;
}

/**
 * Types what was typed into the first frame (typed.ts) again into the screen's own rows, found by
 * their key, through their own handlers (checks, amounts, autosave), and gives the focus back where
 * it was. Returns what could not be entered: no such row or input, or a choice the select lacks.
 */
export function typeAgain(typed: Typed, rowOf: (key: string) => Element | null): TypedEdit[] {
  const controlIn = (key: string, name: string): Control | null => {
    const row = rowOf(key);
    if (!row) return null;
    return Array.from(row.querySelectorAll<Control>('input, select, textarea')).find((c) => c.name === name) ?? null;
  };
  const missed = typed.edits.filter((edit) => {
    const el = controlIn(edit.key, edit.name);
    return !el || el.disabled || ('readOnly' in el && el.readOnly) || !enter(el, edit.value);
  });
  const f = typed.focus;
  const el = f && controlIn(f.key, f.name);
  if (el) {
    el.focus();
    if (!(el instanceof HTMLSelectElement) && f.start !== null && f.end !== null) el.setSelectionRange(f.start, f.end);
  }
  return missed;
}
