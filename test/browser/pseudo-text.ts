import { enUS as pickerTexts } from '@mui/x-date-pickers/locales';
import type { Page } from 'playwright-core';

/**
 * What the pseudo-locale journey reads: a page's visible text and accessible names, with what came
 * from a catalogue (⟦…⟧, web/src/lib/pseudo-locale.ts) taken out. What is left with letters must be
 * data — a word the API sent or the user typed — or the locale's own formatting (month names);
 * anything else is a string written in the code.
 */

/** Turns the pseudo-locale on for every page of the context, before the console's code runs. */
export async function usePseudoLocale(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('mixdesk-pseudo', '1'));
  // tsx names the functions it compiles with a `__name` helper, which the page's evaluate lacks.
  await page.addInitScript('window.__name = (f) => f;');
}

const wordsOf = (text: string): string[] => text.match(/[\p{L}][\p{L}\p{M}'’]*/gu) ?? [];

function addStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') for (const w of wordsOf(value)) into.add(w.toLowerCase());
  else if (Array.isArray(value)) for (const v of value) addStrings(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) addStrings(v, into);
}

/** Collects every word of the API's replies and of what the page sent: the data a screen may show. */
export function collectDataWords(page: Page, apiUrl: string): Set<string> {
  const words = new Set<string>();
  page.on('request', (req) => {
    if (!req.url().startsWith(apiUrl)) return;
    try {
      addStrings(req.postDataJSON(), words);
    } catch {
      /* not JSON */
    }
  });
  page.on('response', async (res) => {
    if (!res.url().startsWith(apiUrl) || !(res.headers()['content-type'] ?? '').includes('json')) return;
    try {
      addStrings(await res.json(), words);
    } catch {
      /* a reply without a body (a redirect, a closed page) */
    }
  });
  return words;
}

/**
 * Words a page may show that no catalogue of ours holds: the product's name, Intl's month, day and
 * day-period names, and the date pickers' own texts (MUI X's catalogue of each language).
 */
function formattingWords(): Set<string> {
  // Compact figures' suffixes (₪1.5M) and the day periods of times (2:36 AM) are Intl's too.
  const words = new Set<string>(['mixdesk', 'am', 'pm', 'k', 'm', 'b', 't']);
  for (const text of Object.values(pickerTexts.components.MuiLocalizationProvider.defaultProps.localeText)) {
    const sample = typeof text === 'function' ? (text as (...a: unknown[]) => unknown)('date', null) : text;
    if (typeof sample === 'string') for (const w of wordsOf(sample)) words.add(w.toLowerCase());
  }
  for (let m = 0; m < 12; m += 1) {
    const d = new Date(Date.UTC(2026, m, 1));
    for (const month of ['long', 'short'] as const)
      for (const w of wordsOf(d.toLocaleString('en-US', { month, timeZone: 'UTC' }))) words.add(w.toLowerCase());
  }
  for (let day = 0; day < 7; day += 1) {
    const d = new Date(Date.UTC(2026, 10, 1 + day));
    for (const weekday of ['long', 'short'] as const)
      for (const w of wordsOf(d.toLocaleString('en-US', { weekday, timeZone: 'UTC' }))) words.add(w.toLowerCase());
  }
  return words;
}

/** Texts of the page (visible text, aria-label, placeholder, title, alt) outside every catalogue string. */
async function textsOutsideCatalogues(page: Page): Promise<{ where: string; text: string }[]> {
  return page.evaluate(
    ({ open, close }) => {
      const strip = (text: string) => {
        let depth = 0;
        let out = '';
        for (const ch of text) {
          if (ch === open) depth += 1;
          else if (ch === close) depth = Math.max(0, depth - 1);
          else if (depth === 0) out += ch;
        }
        return out;
      };
      const where = (el: Element) => {
        const id = el.closest('[data-testid]')?.getAttribute('data-testid');
        return `${el.tagName.toLowerCase()}${id ? ` in [data-testid=${id}]` : ''}`;
      };
      // An element with a language of its own (a language menu's "Français") is in that language on purpose.
      const shown = (el: Element) => {
        const own = el.closest('[lang]');
        return (
          el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true }) &&
          (!own || own === document.documentElement)
        );
      };
      const found: { where: string; text: string }[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName) || !shown(el)) continue;
        const text = strip(node.textContent ?? '').trim();
        if (/\p{L}/u.test(text)) found.push({ where: where(el), text });
      }
      for (const el of document.body.querySelectorAll('[aria-label],[placeholder],[title],img[alt]')) {
        if (!shown(el)) continue;
        for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
          const text = strip(el.getAttribute(attr) ?? '').trim();
          if (/\p{L}/u.test(text)) found.push({ where: `${where(el)} @${attr}`, text });
        }
      }
      return found;
    },
    { open: '⟦', close: '⟧' },
  );
}

/** What the page shows that is neither from a catalogue nor data: "where: text" lines, none when all is well. */
export async function uncataloguedTexts(page: Page, dataWords: Set<string>): Promise<string[]> {
  const allowed = formattingWords();
  const out = new Set<string>();
  for (const { where, text } of await textsOutsideCatalogues(page)) {
    const strange = wordsOf(text).filter((w) => !dataWords.has(w.toLowerCase()) && !allowed.has(w.toLowerCase()));
    if (strange.length > 0) out.add(`${where}: ${text.slice(0, 80)}`);
  }
  return [...out];
}
