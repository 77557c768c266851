import type { KeptFrame } from './kept-frame';
import { parseFrame } from './frame-html';
import type { FrameCell } from './screen';

const FRAME_BODY = '[data-frame-body]';

function filledRow(row: Element, cells: readonly FrameCell[], variants: KeptFrame['variants']): Element {
  const copy = row.cloneNode(true) as Element;
  cells.forEach((cell, i) => {
    const el = copy.children[i];
    if (!cell || !el) return;
    if ('variant' in cell) {
      el.replaceChildren(parseFrame(variants[`${i}:${cell.variant}`] ?? ''));
      return;
    }
    const holder = el.querySelector('a, button') ?? el;
    holder.textContent = cell.text;
    if (cell.href && holder.tagName === 'A') holder.setAttribute('href', cell.href);
  });
  return copy;
}

/**
 * Draws the kept frame with these rows in place of the root's content (its styles are the kept
 * ones, already in the page), inert and busy until the console's first render replaces it: React
 * clears the root it renders into. False when the frame has no place for rows.
 */
export function drawFrame(root: HTMLElement, kept: KeptFrame, rows: readonly FrameCell[][]): boolean {
  const page = parseFrame(kept.html);
  const body = page.querySelector(FRAME_BODY);
  const row = parseFrame(kept.row).firstElementChild;
  if (!body || !row) return false;
  for (const cells of rows) body.appendChild(filledRow(row, cells, kept.variants));
  const frame = document.createElement('div');
  frame.setAttribute('data-first-frame', '');
  frame.setAttribute('aria-busy', 'true');
  frame.setAttribute('inert', '');
  frame.style.display = 'contents';
  frame.appendChild(page);
  document.documentElement.lang = kept.lang;
  document.documentElement.dir = kept.dir;
  // The boot bar stays on top: the page is still loading, and nothing in the frame can be used yet.
  const bar = root.querySelector('.boot-bar');
  root.replaceChildren(frame);
  if (bar) frame.appendChild(bar);
  return true;
}
