/**
 * The markup of a kept frame: what is taken out when it is kept and when it is drawn. The page's
 * markup is React's (no handler or script is ever in it); the scrub holds either way, since the
 * frame comes back from storage.
 */
const NEVER = 'script, iframe, object, embed, link, meta, base';
/** Attributes of the row kept: they may name the row's data (its ids, its labels, its links). */
const ROW_ATTRIBUTES = /^(id|href|title|aria-label|aria-labelledby|aria-describedby|data-(?!frame-).*)$/;

/** Removes what must not be drawn: elements that run or load, handlers, test ids, object URLs of a past visit. */
export function scrub(root: ParentNode): void {
  root.querySelectorAll(NEVER).forEach((e) => e.remove());
  for (const el of Array.from(root.querySelectorAll('*'))) {
    for (const { name, value } of Array.from(el.attributes)) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on') || lower === 'data-testid' || lower === 'srcdoc') el.removeAttribute(name);
      else if ((lower === 'src' || lower === 'href') && /^\s*(blob|javascript|data):/i.test(value))
        el.removeAttribute(name);
    }
  }
}

/** A row of the screen with its texts, links and labels taken out: what the frame's rows are drawn from. */
export function blankRow(row: Element): Element {
  const copy = row.cloneNode(true) as Element;
  for (const el of [copy, ...Array.from(copy.querySelectorAll('*'))]) {
    for (const { name } of Array.from(el.attributes)) if (ROW_ATTRIBUTES.test(name)) el.removeAttribute(name);
  }
  // A cell's text goes; its icons stay (the actions), as the frame draws them for every row.
  for (const cell of Array.from(copy.children)) {
    if (cell.querySelector('svg')) continue;
    const holder = cell.querySelector('a, button');
    if (holder) holder.textContent = '';
    else cell.textContent = '';
  }
  return copy;
}

/** Parsed without running or loading anything, then scrubbed. */
export function parseFrame(html: string): DocumentFragment {
  const t = document.createElement('template');
  t.innerHTML = html;
  scrub(t.content);
  return t.content;
}
