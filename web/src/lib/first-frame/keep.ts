import { currentFit, storedSession, writeFrame, type KeptFrame } from './kept-frame';
import { blankData, blankRow, scrub } from './frame-html';
import type { FrameView } from './screen';

/** A screen's data rows are marked `data-frame-row`; what changes without them (counts) `data-frame-volatile`. */
const FRAME_ROW = 'data-frame-row';
const FRAME_VOLATILE = 'data-frame-volatile';
/** A cell drawn by its value (a status chip): `data-frame-variant="<value>"`. */
const FRAME_VARIANT = 'data-frame-variant';
const FRAME_BODY = 'data-frame-body';
/** A part showing data outside the rows (a heading, totals): kept for its place, its texts blank. */
const FRAME_BLANK = 'data-frame-blank';

/** The rows' cells marked `data-frame-variant`, as drawn, by column and value: they hold no data, only its wording. */
function variantsOf(rows: readonly Element[]): Record<string, string> {
  const variants: Record<string, string> = {};
  for (const row of rows) {
    Array.from(row.children).forEach((cell, i) => {
      const value = cell.getAttribute(FRAME_VARIANT);
      if (value === null || variants[`${i}:${value}`] !== undefined) return;
      const copy = cell.cloneNode(true) as Element;
      scrub(copy);
      variants[`${i}:${value}`] = copy.innerHTML;
    });
  }
  return variants;
}

/** The page with its rows and counts taken out and the rows' container marked, one row blanked, the variants; null without rows. */
export function captureFrame(root: Element): Pick<KeptFrame, 'html' | 'row' | 'variants'> | null {
  const copy = root.cloneNode(true) as Element;
  const rows = Array.from(copy.querySelectorAll(`[${FRAME_ROW}]`));
  const first = rows[0];
  if (!first?.parentElement) return null;
  first.parentElement.setAttribute(FRAME_BODY, '');
  const row = blankRow(first);
  const variants = variantsOf(rows);
  rows.forEach((r) => r.remove());
  copy.querySelectorAll(`[${FRAME_VOLATILE}]`).forEach((e) => e.remove());
  copy.querySelectorAll(`[${FRAME_BLANK}]`).forEach(blankData);
  scrub(copy);
  return { html: copy.innerHTML, row: row.outerHTML, variants };
}

/**
 * Keeps the page as it is now as the screen's frame for the next visit (nothing when signed out or
 * rowless), for the call its rows came from (callKey).
 */
export function keepFrame(screen: string, apiUrl: string, view: FrameView, call = ''): void {
  const root = document.getElementById('root');
  const session = storedSession();
  if (!root || !session) return;
  const captured = captureFrame(root);
  if (!captured) return;
  const html = document.documentElement;
  writeFrame(screen, {
    ...currentFit(session.user),
    lang: html.lang,
    dir: html.dir === 'rtl' ? 'rtl' : 'ltr',
    view,
    apiUrl,
    call,
    ...captured,
  });
}
