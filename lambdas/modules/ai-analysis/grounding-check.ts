import { factSubjects } from './analysis-facts';
import type { Fact } from './fact-list';
import { readNumbers, type FigureKind, type Reading } from './figure-reading';
import type { Locale } from '../../shared/locales';

/**
 * The grounding check: "every number in the answer is checked against the facts
 * before it is shown". Pure. Given an answer (Hebrew or English) and the facts it was written from,
 * it finds every figure and says which fact supports it; one unsupported figure refuses the answer.
 * The rules, decided here and written in docs/ai-analytics.md "The grounding check":
 *
 * - Text is normalised first: bidi marks and isolates (U+200E/F, U+202A–E, U+2066–9, U+061C, BOM)
 *   are removed, non-breaking and thin spaces become spaces, gershayim (״ ” “) become `"`.
 * - Figures: digits with an optional decimal part, `1234.5` or with thousands commas `1,234.5`
 *   (in French `1 234,5`, in Romanian `1.234,5`: the answer's notation, figure-notation.ts);
 *   optionally abbreviated `K` (×1,000) or `M` (×1,000,000) right after (`1.2K`); then the unit:
 *   `%` / `אחוז` / `אחוזים` / `percent` → a percent; `₪` / `ש"ח` / `ILS` / `NIS` / `שקל(ים)` → ILS and
 *   `$` / `USD` / `דולר(ים)` → USD, before or after the number; `days` / `day` / `ימים` / `יום` /
 *   `jour(s)` / `zi` / `(de) zile` / `天` → days; `×` / `x` / `fois` / `ori` / `倍` → a ratio. A bare number is any fact's figure but a percent's (a percent must show `%`).
 *   Numbers written in words are not figures (the model is told to write digits).
 * - Signs are not checked: the value compared is the absolute value (an amount over budget is a
 *   negative fact; "over budget by ₪500" states it in words).
 * - Support: the figure equals the fact's absolute value rounded half-up at the figure's own shown
 *   precision: a fact of 1234.567 supports `1,234.57`, `1,235`, `1.2K`, not `1,234.56` or `1,234`.
 *   and no further than 5 % from it (MAX_ROUNDING_SHARE: CPC 0.71 is not "₪1", 1,234.57 is not "1K").
 *   The unit must agree (a percent figure only a percent fact; ₪ only an ILS fact).
 * - Citations: `[F3]` or `[F3, F7]` (a bare `F3` too) applies to the figures before it in the same
 *   sentence since the previous citation; when a figure cites, one of ITS cited facts must support it
 *   (a figure citing the wrong fact is refused even when another fact would support it; an id that
 *   names no fact is refused). A figure that cites nothing passes when any fact supports it, unless
 *   `requireCitations` is set.
 * - Not figures: the digits of fact ids; the digits of a name the facts carry (a fact's subject,
 *   `names`) written whole between double quotes (`"Search 2026"`), never the same digits outside
 *   quotes, nor inside a name quoted inexactly; list markers at a line's start (`1.`, `2)`); dates
 *   (`2026-11-25`, `25/11/2026`, `25.11.2026`) are checked apart: they pass only when they are
 *   among `dates` (the analysis's own dates: today, as of, the flight).
 */

export type FigureReason =
  | 'SUPPORTED'
  | 'NO_SUPPORTING_FACT'
  | 'CITED_FACT_DOES_NOT_SUPPORT'
  | 'UNKNOWN_FACT_ID'
  | 'NOT_CITED'
  | 'DATE_OF_THE_ANALYSIS'
  | 'DATE_NOT_IN_FACTS';

export interface CheckedFigure {
  /** The figure as written (after normalisation), unit included. */
  text: string;
  /** Its value as read: abbreviations expanded, sign dropped; a date's is NaN. */
  value: number;
  kind: FigureKind;
  currency?: 'ILS' | 'USD';
  /** The fact ids cited for it. */
  cited: string[];
  /** The supporting fact; null when none. */
  factId: string | null;
  ok: boolean;
  reason: FigureReason;
  /** Offset in the normalised text. */
  at: number;
}

export interface GroundingResult {
  ok: boolean;
  figures: CheckedFigure[];
  /** The answer after normalisation (the offsets refer to it). */
  text: string;
}

export interface GroundingOptions {
  /** ISO dates an answer may state (today, as of, the flight's start and end). */
  dates?: readonly string[];
  /** Names the answer may quote besides the facts' subjects (the activity's, the version's). */
  names?: readonly string[];
  /** A figure without a citation is refused. Default false. */
  requireCitations?: boolean;
  /** The answer's language: how its numbers are written (figure-notation.ts). Default English. */
  lang?: Locale;
}

const BIDI = /[\u200E\u200F\u202A-\u202E\u2066-\u2069\u061C\uFEFF]/g;
const SPACES = /[\u00A0\u2007\u2009\u202F]/g;
const QUOTES = /[\u05F4\u201C\u201D]/g;

export function normaliseAnswer(text: string): string {
  return text.replace(BIDI, '').replace(SPACES, ' ').replace(QUOTES, '"');
}

const CITATION = /\[\s*(F\d+(?:\s*[,;،]\s*F\d+)*)\s*\]|(?<![A-Za-z0-9])F(\d+)(?![0-9])/g;
const ISO_DATE = /(?<![\d.,])(\d{4})-(\d{2})-(\d{2})(?![\d])/g;
const DMY_DATE = /(?<![\d.,/])(\d{1,2})([./])(\d{1,2})\2(\d{4})(?![\d])/g;
const LIST_MARKER = /^([ \t]*)(\d{1,2})[.)](?=[ \t])/gm;

interface Citation {
  start: number;
  end: number;
  ids: string[];
}

/** Blank [start, end) of a working copy, keeping every offset. */
function blank(chars: string[], start: number, end: number): void {
  for (let i = start; i < end; i += 1) if (chars[i] !== '\n') chars[i] = ' ';
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** |v| rounded half-up to `decimals` at `scale` (1, 1000, 10^6). */
function shownAs(v: number, decimals: number, scale: number): number {
  const k = 10 ** decimals;
  return (Math.floor((Math.abs(v) / scale) * k + 0.5 + 1e-7) / k) * scale;
}

const sameValue = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));

function unitFits(f: Fact, r: Reading): boolean {
  switch (r.kind) {
    case 'percent':
      return f.Unit === 'percent';
    case 'currency':
      return f.Unit === 'currency' && f.Currency === r.currency;
    case 'days':
      return f.Unit === 'days';
    case 'ratio':
      return f.Unit === 'ratio';
    default:
      return f.Unit !== 'percent';
  }
}

/** Rounding may not move a figure further than this share of the fact: 0.71 is not "1", 1,234.57 is not "1K". */
export const MAX_ROUNDING_SHARE = 0.05;

function closeEnough(fact: number, figure: number): boolean {
  const v = Math.abs(fact);
  return v === 0 ? figure === 0 : Math.abs(figure - v) <= MAX_ROUNDING_SHARE * v + 1e-9;
}

const supports = (f: Fact, r: Reading) =>
  unitFits(f, r) && sameValue(shownAs(f.Value, r.decimals, r.scale), r.value) && closeEnough(f.Value, r.value);

/**
 * Names a planner chose (a line called "Search 2026"): only the exact name between double quotes
 * is not a figure, and masked before the citations so a name cannot cite either; the same digits
 * outside quotes are figures like any other (a line named "₪5,555,555" does not vouch for that sum).
 */
function maskQuotedNames(chars: string[], facts: readonly Fact[], extra: readonly string[]): void {
  const names = [...factSubjects(facts), ...extra]
    .map(normaliseAnswer)
    .filter((s) => /\d/.test(s))
    .sort((a, b) => b.length - a.length);
  for (const s of new Set(names)) {
    for (const m of chars.join('').matchAll(new RegExp(escapeRe(`"${s}"`), 'g')))
      blank(chars, m.index, m.index + m[0].length);
  }
}

/** The citations, masked (and with them the digits of fact ids). */
function takeCitations(chars: string[]): Citation[] {
  const citations: Citation[] = [];
  for (const m of chars.join('').matchAll(CITATION)) {
    const ids = m[1] !== undefined ? m[1].split(/[,;،]/).map((s) => s.trim()) : [`F${m[2]}`];
    citations.push({ start: m.index, end: m.index + m[0].length, ids });
    blank(chars, m.index, m.index + m[0].length);
  }
  return citations;
}

/** The dates, masked, each a figure that passes only when it is one of the analysis's own dates. */
function takeDates(chars: string[], dates: readonly string[]): CheckedFigure[] {
  const figures: CheckedFigure[] = [];
  const allowedDates = new Set(dates);
  const dateFigure = (iso: string, raw: string, at: number): CheckedFigure => {
    const ok = allowedDates.has(iso);
    return {
      text: raw,
      value: Number.NaN,
      kind: 'date',
      cited: [],
      factId: null,
      ok,
      reason: ok ? 'DATE_OF_THE_ANALYSIS' : 'DATE_NOT_IN_FACTS',
      at,
    };
  };
  for (const m of chars.join('').matchAll(ISO_DATE)) {
    figures.push(dateFigure(m[0], m[0], m.index));
    blank(chars, m.index, m.index + m[0].length);
  }
  for (const m of chars.join('').matchAll(DMY_DATE)) {
    const iso = `${m[4]}-${m[3].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
    figures.push(dateFigure(iso, m[0], m.index));
    blank(chars, m.index, m.index + m[0].length);
  }
  return figures;
}

/** Each figure's citation: the first citation after it in the same sentence. */
function citationsOfFigures(
  masked: string,
  readings: readonly Reading[],
  citations: readonly Citation[],
): (r: Reading) => Citation | undefined {
  const sentenceText = readings.reduce(
    (acc, r) => acc.slice(0, r.start) + ' '.repeat(r.end - r.start) + acc.slice(r.end),
    masked,
  );
  return (r) => {
    const c = citations.find((x) => x.start >= r.end);
    if (!c) return undefined;
    return /[.!?;\n。！？；]/.test(sentenceText.slice(r.end, c.start)) ? undefined : c;
  };
}

/** Whether one figure stands: its cited facts (or, citing none, any fact) must support it. */
function checkedFigure(
  r: Reading,
  text: string,
  cited: string[],
  facts: readonly Fact[],
  byId: ReadonlyMap<string, Fact>,
  requireCitations: boolean | undefined,
): CheckedFigure {
  const base = {
    text: text.slice(r.start, r.end),
    value: r.value,
    kind: r.kind,
    cited,
    at: r.start,
    ...(r.currency ? { currency: r.currency } : {}),
  };
  const anySupport = facts.find((f) => supports(f, r));
  let factId: string | null = null;
  let reason: FigureReason;
  if (cited.some((id) => !byId.has(id))) reason = 'UNKNOWN_FACT_ID';
  else if (cited.length > 0) {
    const mine = cited.map((id) => byId.get(id)!).find((f) => supports(f, r));
    if (mine) {
      factId = mine.Id;
      reason = 'SUPPORTED';
    } else reason = anySupport ? 'CITED_FACT_DOES_NOT_SUPPORT' : 'NO_SUPPORTING_FACT';
  } else if (anySupport) {
    factId = anySupport.Id;
    reason = requireCitations ? 'NOT_CITED' : 'SUPPORTED';
  } else reason = 'NO_SUPPORTING_FACT';
  return { ...base, factId, ok: reason === 'SUPPORTED', reason };
}

export function checkGrounding(answer: string, facts: readonly Fact[], opts: GroundingOptions = {}): GroundingResult {
  const text = normaliseAnswer(answer);
  const chars = text.split(''); // UTF-16 code units: the offsets of the regexps below
  const byId = new Map(facts.map((f) => [f.Id, f]));

  // Masked in this order, each step on what the previous ones left: names, citations, dates, list markers.
  maskQuotedNames(chars, facts, opts.names ?? []);
  const citations = takeCitations(chars);
  const figures = takeDates(chars, opts.dates ?? []);
  for (const m of chars.join('').matchAll(LIST_MARKER)) blank(chars, m.index + m[1].length, m.index + m[0].length);

  const masked = chars.join('');
  const readings = readNumbers(masked, opts.lang);
  const citationOf = citationsOfFigures(masked, readings, citations);
  for (const r of readings)
    figures.push(checkedFigure(r, text, citationOf(r)?.ids ?? [], facts, byId, opts.requireCitations));
  figures.sort((a, b) => a.at - b.at);
  return { ok: figures.every((f) => f.ok), figures, text };
}

/** The refusals, one line each, in English: what the retry tells the model. */
export function refusalReasons(result: GroundingResult): string[] {
  return result.figures
    .filter((f) => !f.ok)
    .map((f) => {
      switch (f.reason) {
        case 'CITED_FACT_DOES_NOT_SUPPORT':
          return `"${f.text}" cites ${f.cited.join(', ')}, which does not state that figure: cite the fact that does, with its exact rounding`;
        case 'UNKNOWN_FACT_ID':
          return `"${f.text}" cites ${f.cited.join(', ')}: there is no such fact id`;
        case 'NOT_CITED':
          return `"${f.text}" cites no fact id`;
        case 'DATE_NOT_IN_FACTS':
          return `the date "${f.text}" is not a date of this analysis`;
        default:
          return `"${f.text}" is not a figure of any fact: state only the facts' figures, rounded half-up, each with its fact id`;
      }
    });
}
