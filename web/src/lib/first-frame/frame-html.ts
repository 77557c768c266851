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

/** Takes out the attributes that may name data (ids, labels, links) and what inputs hold. */
function dropDataAttributes(root: Element): void {
  for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
    for (const { name } of Array.from(el.attributes)) if (ROW_ATTRIBUTES.test(name)) el.removeAttribute(name);
    if (el.tagName === 'INPUT') el.removeAttribute('value');
    else if (el.tagName === 'TEXTAREA') el.textContent = '';
    else if (el.tagName === 'OPTION') el.removeAttribute('selected');
  }
}

/**
 * A row of the screen with its texts, links, labels and what its inputs hold taken out: what the
 * frame's rows are drawn from. Its inputs and selects stay (a select's choices are the screen's,
 * not the row's), and so do its icons.
 */
export function blankRow(row: Element): Element {
  const copy = row.cloneNode(true) as Element;
  // A choice only this row offers (a select's option for a value no longer offered) is the row's data.
  copy.querySelectorAll('[data-frame-own]').forEach((e) => e.remove());
  dropDataAttributes(copy);
  // The grid's one tab stop (its current cell) would be one per row.
  copy.querySelectorAll('[tabindex="0"]').forEach((e) => e.setAttribute('tabindex', '-1'));
  // A cell's text goes; its icons (the actions) and inputs stay, as the frame draws them for every row.
  for (const cell of Array.from(copy.children)) {
    if (cell.querySelector('svg, input, select, textarea')) continue;
    const holder = cell.querySelector('a, button');
    if (holder) holder.textContent = '';
    else cell.textContent = '';
  }
  return copy;
}

/**
 * A part of the page that shows data outside the rows (a heading, the totals), marked
 * `data-frame-blank`: kept for its place on the page, every text of it a blank of one space.
 */
export function blankData(part: Element): void {
  dropDataAttributes(part);
  const walker = part.ownerDocument.createTreeWalker(part, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.nodeValue?.trim()) n.nodeValue = '\u00a0';
}

/** Parsed without running or loading anything, then scrubbed. */
export function parseFrame(html: string): DocumentFragment {
  const t = document.createElement('template');
  t.innerHTML = html;
  scrub(t.content);
  return t.content;
}
