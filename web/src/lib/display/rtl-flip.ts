import cssjanus from 'cssjanus';
import type { StylisElement as Element, StylisPlugin as Middleware } from '@emotion/cache';
import { COMMENT, DECLARATION, KEYFRAMES, MEDIA, RULESET, SUPPORTS } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * The right-to-left flip of every left/right style, as stylis-plugin-rtl makes it, for much less
 * work. That plugin writes each rule back to text, runs cssjanus's ~30 expressions over the whole
 * of it and parses the result again; most of a page's first-render style work in Hebrew was that.
 * Here cssjanus sees one declaration at a time, only one that it could change, and each distinct
 * declaration once. The result is the plugin's, declaration for declaration (rtl-flip.test.ts
 * compares the two over the console's own styles): the same declarations are flipped (those of
 * rules at the top, in a rule or in @media; @keyframes and @supports blocks are still the plugin's
 * whole), and in the same order against the vendor prefixer, which is why there are two.
 */

/**
 * Whether cssjanus could change a declaration ("prop:value;"): a side, a direction, a cursor, a
 * shadow or a translation anywhere in it; two or more radii; four margins, paddings, widths, styles
 * or colours (it swaps the 2nd and 4th); a background's percentage. A superset of what it changes:
 * any other declaration it gives back as it is.
 */
const ANYWHERE = /left|right|ltr|rtl|resize|shadow|translate|\/\*/i;
const FOUR_VALUES = /margin|padding|border-width|border-style|-color/i;
function mayFlip(declaration: string): boolean {
  if (ANYWHERE.test(declaration)) return true;
  const values = declaration
    .slice(declaration.indexOf(':') + 1)
    .trim()
    .split(/\s+/).length;
  if (/border-radius/i.test(declaration)) return values >= 2;
  if (FOUR_VALUES.test(declaration)) return values >= 4;
  return /background/i.test(declaration) && declaration.includes('%');
}

const NO_FLIP = /@noflip/i;

const flippedText = new Map<string, string>();
const done = new WeakSet<Element>();

function flipText(declaration: string): string {
  let out = flippedText.get(declaration);
  if (out === undefined) {
    out = mayFlip(declaration) ? cssjanus.transform(declaration) : declaration;
    flippedText.set(declaration, out);
  }
  return out;
}

/** Whether stylis-plugin-rtl flips this declaration's rule (it flips a rule at the top, in a rule or in @media). */
function inFlippedRule(declaration: Element): boolean {
  const rule = declaration.root;
  if (!rule || rule.type !== RULESET) return false;
  const parent = rule.parent;
  return !parent || parent.type === MEDIA || parent.type === RULESET;
}

/** Before the prefixer: a declaration flipped in place, so the prefixer prefixes the flipped one. */
export const rtlDeclarations: Middleware = (element, index, siblings) => {
  if (element.type !== DECLARATION || done.has(element) || !inFlippedRule(element)) return undefined;
  // cssjanus leaves the declaration after a `/* @noflip */` as it is (MUI's ripple has one).
  const before = siblings[index - 1];
  if (before?.type === COMMENT && NO_FLIP.test(before.value)) return undefined;
  // A rule's copy (the prefixer's, for ::placeholder) shares its declarations: flip each once.
  done.add(element);
  const text = flipText(element.value);
  if (text === element.value) return undefined;
  const colon = text.indexOf(':');
  element.value = text;
  element.props = text.slice(0, colon);
  element.children = text.slice(colon + 1, -1);
  element.length = colon;
  return undefined;
};

/** After the prefixer, as the plugin ran: @keyframes and @supports blocks flipped whole by it. */
export const rtlBlocks: Middleware = (element, index, children, callback) =>
  element.type === KEYFRAMES || element.type === SUPPORTS ? rtlPlugin(element, index, children, callback) : undefined;
