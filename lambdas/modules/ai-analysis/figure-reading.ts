import type { Locale } from '../../shared/locales';
import { NOTATIONS } from './figure-notation';

/**
 * The figures written in an answer, read for the grounding check (grounding-check.ts): each number
 * with its precision, its abbreviation (K, M) and its unit, written after it or, for a currency,
 * before it. The text given has its names, citations, dates and list markers masked already.
 */

export type FigureKind = 'number' | 'percent' | 'currency' | 'days' | 'ratio' | 'date';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A number in a language's notation (figure-notation.ts); the answer is normalised, so a French group is a space. */
function numberPattern(lang: Locale): RegExp {
  const { group, decimal } = NOTATIONS[lang];
  const g = escapeRe(group === '\u202f' ? ' ' : group);
  const d = escapeRe(decimal);
  return new RegExp(`(?<![\\d.,])(\\d{1,3}(?:${g}\\d{3})+(?:${d}\\d+)?|\\d+(?:${d}\\d+)?)(?!\\d)`, 'g');
}

const SCALE_AFTER = /^ ?([KkM])(?![A-Za-z\u0590-\u05FF])/;
const PERCENT_AFTER = /^ ?(%|אחוזים|אחוז|percent\b|per cent\b)/i;
const ILS_AFTER = /^ ?(₪|ש"ח|ש'ח|ILS\b|NIS\b|שקלים|שקל|שח(?![\u0590-\u05FF]))/;
const USD_AFTER = /^ ?(\$|USD\b|דולרים|דולר)/;
// Days and times in each language: French jour(s), Romanian zi / (de) zile, Chinese 天 and 倍, French fois, Romanian ori.
const DAYS_AFTER = /^ ?(days?\b|ימים|יום|jours?\b|(?:de )?zile\b|zi\b|天)/i;
const RATIO_AFTER = /^ ?(×|x(?![A-Za-z])|fois\b|ori\b|倍)/;
const ILS_BEFORE = /(₪|ILS|NIS) ?$/;
const USD_BEFORE = /(\$|USD) ?$/;

export interface Reading {
  value: number;
  decimals: number;
  scale: number;
  kind: FigureKind;
  currency?: 'ILS' | 'USD';
  start: number;
  end: number;
}

/** The unit written after a number ([end, …)) or a currency before it; how far the figure then reaches. */
function unitAround(
  masked: string,
  start: number,
  end: number,
): { kind: FigureKind; currency?: 'ILS' | 'USD'; start: number; end: number } {
  const rest = masked.slice(end);
  const before = masked.slice(Math.max(0, start - 4), start);
  const unit =
    PERCENT_AFTER.exec(rest) ??
    ILS_AFTER.exec(rest) ??
    USD_AFTER.exec(rest) ??
    DAYS_AFTER.exec(rest) ??
    RATIO_AFTER.exec(rest);
  if (unit) {
    const after = end + unit[0].length;
    if (PERCENT_AFTER.test(unit[0])) return { kind: 'percent', start, end: after };
    if (ILS_AFTER.test(unit[0])) return { kind: 'currency', currency: 'ILS', start, end: after };
    if (USD_AFTER.test(unit[0])) return { kind: 'currency', currency: 'USD', start, end: after };
    if (DAYS_AFTER.test(unit[0])) return { kind: 'days', start, end: after };
    return { kind: 'ratio', start, end: after };
  }
  if (ILS_BEFORE.test(before) || USD_BEFORE.test(before)) {
    const b = ILS_BEFORE.exec(before) ?? USD_BEFORE.exec(before)!;
    return { kind: 'currency', currency: ILS_BEFORE.test(before) ? 'ILS' : 'USD', start: start - b[0].length, end };
  }
  return { kind: 'number', start, end };
}

/** The numbers of the masked text, written in `lang`'s notation, with their scale and unit. */
export function readNumbers(masked: string, lang: Locale = 'en'): Reading[] {
  const readings: Reading[] = [];
  const { group, decimal } = NOTATIONS[lang];
  const groupRead = group === '\u202f' ? ' ' : group;
  for (const m of masked.matchAll(numberPattern(lang))) {
    const digits = m[1];
    let end = m.index + digits.length;
    const decimals = digits.includes(decimal) ? digits.length - digits.indexOf(decimal) - 1 : 0;
    let scale = 1;
    const sc = SCALE_AFTER.exec(masked.slice(end));
    if (sc) {
      scale = sc[1] === 'M' ? 1_000_000 : 1000;
      end += sc[0].length;
    }
    const { kind, currency, ...span } = unitAround(masked, m.index, end);
    const value = Number(digits.split(groupRead).join('').replace(decimal, '.')) * scale;
    readings.push({ value, decimals, scale, kind, currency, start: span.start, end: span.end });
  }
  return readings;
}
