import type { KeptFrame } from './kept-frame';
import { parseFrame } from './frame-html';
import type { FrameCell, FrameRow } from './screen';
import { recordTyped } from './typed';

const FRAME_BODY = '[data-frame-body]';
const CONTROLS = 'input, select, textarea';

const controlNamed = (row: Element, name: string) =>
  Array.from(row.querySelectorAll(CONTROLS)).find((c) => c.getAttribute('name') === name) ?? null;

/** The choices of the pattern row's selects, by name: a drawn row's select holds only its own until it is opened. */
type Choices = Map<string, Element[]>;

/** Takes the options out of the pattern row's selects (thousands of elements over 200 rows), by the select's name. */
function takeChoices(row: Element): Choices {
  const choices: Choices = new Map();
  for (const select of Array.from(row.querySelectorAll('select'))) {
    choices.set(select.getAttribute('name') ?? '', Array.from(select.children));
    select.replaceChildren();
  }
  return choices;
}

/** The select shows `value`: a copy of its choice of that value, or one made for it (a choice no longer offered). */
function choose(select: Element, value: string, option: string | undefined, choices: Choices): void {
  const offered = choices.get(select.getAttribute('name') ?? '')?.find((o) => o.getAttribute('value') === value);
  const chosen = (offered?.cloneNode(true) as Element | undefined) ?? select.ownerDocument.createElement('option');
  if (!offered) {
    chosen.setAttribute('value', value);
    chosen.textContent = option ?? '';
  }
  chosen.setAttribute('selected', '');
  select.replaceChildren(chosen);
}

/** A select of the frame being opened gets every choice of its column, its own kept where it is not one. */
function offerAll(select: HTMLSelectElement, choices: Choices): void {
  const all = choices.get(select.name);
  if (!all || select.hasAttribute('data-frame-offered')) return;
  select.setAttribute('data-frame-offered', '');
  const value = select.value;
  const own = select.options[0];
  const copies = all.map((o) => o.cloneNode(true) as HTMLOptionElement);
  if (own && !copies.some((o) => o.value === value)) copies.unshift(own);
  select.replaceChildren(...copies);
  select.value = value;
}

/** A value cell: the row's input or select of that name shows the value (as attributes: the frame is markup). */
function fillControl(row: Element, cell: { name: string; value: string; option?: string }, choices: Choices): void {
  const control = controlNamed(row, cell.name);
  if (control?.tagName === 'SELECT') choose(control, cell.value, cell.option, choices);
  else if (control?.tagName === 'TEXTAREA') control.textContent = cell.value;
  else control?.setAttribute('value', cell.value);
}

/** The row's controls labelled from the frame's `data-frame-labels` (by name, `#` the row's number), as the screen labels them. */
function label(row: Element, labels: Record<string, string>, n: number): void {
  for (const c of Array.from(row.querySelectorAll(CONTROLS))) {
    const text = labels[c.getAttribute('name') ?? ''];
    if (typeof text === 'string') c.setAttribute('aria-label', text.replace('#', String(n)));
  }
}

function filledRow(row: Element, cells: readonly FrameCell[], kept: KeptFrame, choices: Choices): Element {
  const copy = row.cloneNode(true) as Element;
  cells.forEach((cell, i) => {
    if (cell && 'name' in cell) return fillControl(copy, cell, choices);
    const el = copy.children[i];
    if (!cell || !el) return;
    if ('variant' in cell) {
      el.replaceChildren(parseFrame(kept.variants[`${i}:${cell.variant}`] ?? ''));
      return;
    }
    const holder = el.querySelector('a, button') ?? el;
    holder.textContent = cell.text;
    if (cell.href && holder.tagName === 'A') holder.setAttribute('href', cell.href);
  });
  return copy;
}

function labelsOf(page: ParentNode): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(
      page.querySelector('[data-frame-labels]')?.getAttribute('data-frame-labels') ?? '{}',
    );
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * An editable frame answers only in its rows' inputs and selects: a click anywhere else (a link, a
 * button) does nothing until the console has started, and what is typed is kept for the console.
 */
function answerOnlyInputs(frame: HTMLElement, choices: Choices): void {
  // Only the rows' controls are handed to the console: the others cannot be changed meanwhile.
  for (const c of Array.from(frame.querySelectorAll(CONTROLS))) {
    if (c.closest('[data-frame-key]')) continue;
    c.setAttribute(c.tagName === 'SELECT' ? 'disabled' : 'readonly', '');
  }
  const open = (e: Event) => {
    if (e.target instanceof HTMLSelectElement) offerAll(e.target, choices);
  };
  frame.addEventListener('mousedown', open, true);
  frame.addEventListener('focusin', open, true);
  frame.addEventListener(
    'click',
    (e) => {
      if (e.target instanceof Element && e.target.closest(CONTROLS)) return;
      e.preventDefault();
      e.stopPropagation();
    },
    true,
  );
  frame.addEventListener('submit', (e) => e.preventDefault(), true);
  recordTyped(frame);
}

/**
 * Draws the kept frame with these rows in place of the root's content (its styles are the kept
 * ones, already in the page), busy until the console's first render replaces it: React clears the
 * root it renders into. Inert, unless `editable` (its rows' inputs can be typed into). False when the
 * frame has no place for rows.
 */
export function drawFrame(
  root: HTMLElement,
  kept: KeptFrame,
  rows: readonly (FrameCell[] | FrameRow)[],
  editable = false,
): boolean {
  const page = parseFrame(kept.html);
  const body = page.querySelector(FRAME_BODY);
  const row = parseFrame(kept.row).firstElementChild;
  if (!body || !row) return false;
  const labels = labelsOf(page);
  const choices = takeChoices(row);
  rows.forEach((r, i) => {
    const drawn = filledRow(row, Array.isArray(r) ? r : r.cells, kept, choices);
    if (!Array.isArray(r)) drawn.setAttribute('data-frame-key', r.key);
    label(drawn, labels, i + 1);
    body.appendChild(drawn);
  });
  const frame = document.createElement('div');
  frame.setAttribute('data-first-frame', '');
  frame.setAttribute('aria-busy', 'true');
  frame.style.display = 'contents';
  frame.appendChild(page);
  if (editable) answerOnlyInputs(frame, choices);
  else frame.setAttribute('inert', '');
  document.documentElement.lang = kept.lang;
  document.documentElement.dir = kept.dir;
  // The boot bar stays on top: the page is still loading.
  const bar = root.querySelector('.boot-bar');
  root.replaceChildren(frame);
  if (bar) frame.appendChild(bar);
  return true;
}
