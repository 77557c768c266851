import type { TFunction } from 'i18next';
import type { Locale } from '@server/shared/locales';
import { formatNumber, formatPercent, numberFormat, roundHalfUp } from '../../../lib/format';
import type { AnalysisFactView, AnalysisFallback, AnalysisFigureView, ChannelGroup } from '../api/ai-analytics-api';

/*
 * The analysis page's words and figures, apart from React: each key is written out whole (the
 * catalogue check finds every key the code names), and the tables are typed by the unions they
 * translate, so a metric or a fallback added on the server does not compile until it has its words.
 */

/** By the fact metrics of lambdas/modules/ai-analysis/analysis-facts.ts FactMetric (the console may not import the domain). */
const METRICS: Readonly<Record<string, string>> = {
  pacing_pct: 'aiAnalytics.metrics.pacing_pct',
  pacing_low: 'aiAnalytics.metrics.pacing_low',
  pacing_high: 'aiAnalytics.metrics.pacing_high',
  budget: 'aiAnalytics.metrics.budget',
  planned_to_date: 'aiAnalytics.metrics.planned_to_date',
  actual_to_date: 'aiAnalytics.metrics.actual_to_date',
  projected_end_spend: 'aiAnalytics.metrics.projected_end_spend',
  projected_gap: 'aiAnalytics.metrics.projected_gap',
  amount_left: 'aiAnalytics.metrics.amount_left',
  daily_spend_needed: 'aiAnalytics.metrics.daily_spend_needed',
  days_left: 'aiAnalytics.metrics.days_left',
  ctr: 'aiAnalytics.metrics.ctr',
  cpc: 'aiAnalytics.metrics.cpc',
  cpm: 'aiAnalytics.metrics.cpm',
  cpa: 'aiAnalytics.metrics.cpa',
  cvr: 'aiAnalytics.metrics.cvr',
  roas: 'aiAnalytics.metrics.roas',
  impressions: 'aiAnalytics.metrics.impressions',
  clicks: 'aiAnalytics.metrics.clicks',
  conversions: 'aiAnalytics.metrics.conversions',
  spend: 'aiAnalytics.metrics.spend',
  recent_days: 'aiAnalytics.metrics.recent_days',
  previous_days: 'aiAnalytics.metrics.previous_days',
  recent_spend: 'aiAnalytics.metrics.recent_spend',
  recent_ctr: 'aiAnalytics.metrics.recent_ctr',
  recent_cpa: 'aiAnalytics.metrics.recent_cpa',
  recent_conversions: 'aiAnalytics.metrics.recent_conversions',
  previous_spend: 'aiAnalytics.metrics.previous_spend',
  previous_ctr: 'aiAnalytics.metrics.previous_ctr',
  previous_cpa: 'aiAnalytics.metrics.previous_cpa',
  previous_conversions: 'aiAnalytics.metrics.previous_conversions',
  change_spend_pct: 'aiAnalytics.metrics.change_spend_pct',
  change_ctr_pct: 'aiAnalytics.metrics.change_ctr_pct',
  change_cpa_pct: 'aiAnalytics.metrics.change_cpa_pct',
  change_conversions_pct: 'aiAnalytics.metrics.change_conversions_pct',
  ctr_vs_plan: 'aiAnalytics.metrics.ctr_vs_plan',
  cpa_vs_plan: 'aiAnalytics.metrics.cpa_vs_plan',
  missing_days: 'aiAnalytics.metrics.missing_days',
  provisional_share_pct: 'aiAnalytics.metrics.provisional_share_pct',
  unhealthy_connectors: 'aiAnalytics.metrics.unhealthy_connectors',
};

const FALLBACKS: Readonly<Record<AnalysisFallback, string>> = {
  NO_MODEL: 'aiAnalytics.fallback.NO_MODEL',
  REFUSED_TWICE: 'aiAnalytics.fallback.REFUSED_TWICE',
  THROTTLED: 'aiAnalytics.fallback.THROTTLED',
  ACCESS_DENIED: 'aiAnalytics.fallback.ACCESS_DENIED',
  INVALID_REQUEST: 'aiAnalytics.fallback.INVALID_REQUEST',
  REFUSED: 'aiAnalytics.fallback.REFUSED',
  MALFORMED_REPLY: 'aiAnalytics.fallback.MALFORMED_REPLY',
  UNAVAILABLE: 'aiAnalytics.fallback.UNAVAILABLE',
};

const GROUPS: Readonly<Record<ChannelGroup, string>> = {
  Search: 'aiAnalytics.groups.Search',
  Social: 'aiAnalytics.groups.Social',
  Video: 'aiAnalytics.groups.Video',
  Display: 'aiAnalytics.groups.Display',
  Offline: 'aiAnalytics.groups.Offline',
};

const SUBJECT_KINDS: Readonly<Record<AnalysisFactView['SubjectKind'], string>> = {
  plan: 'aiAnalytics.subjectKinds.plan',
  line: 'aiAnalytics.subjectKinds.line',
  group: 'aiAnalytics.subjectKinds.group',
};

const VERSION_STATUSES: Readonly<Record<number, string>> = {
  1: 'aiAnalytics.versionStatus.1',
  2: 'aiAnalytics.versionStatus.2',
  3: 'aiAnalytics.versionStatus.3',
  4: 'aiAnalytics.versionStatus.4',
};

/** A fact's metric in the user's language; an unknown one (a newer server) as its English label. */
export const metricText = (f: Pick<AnalysisFactView, 'Metric' | 'Text'>, t: TFunction): string =>
  Object.hasOwn(METRICS, f.Metric) ? t(METRICS[f.Metric]) : f.Text;

export const fallbackText = (fallback: AnalysisFallback, t: TFunction): string =>
  Object.hasOwn(FALLBACKS, fallback) ? t(FALLBACKS[fallback]) : fallback;

export const groupText = (group: string, t: TFunction): string =>
  Object.hasOwn(GROUPS, group) ? t(GROUPS[group as ChannelGroup]) : group;

export const subjectKindText = (kind: AnalysisFactView['SubjectKind'], t: TFunction): string =>
  t(SUBJECT_KINDS[kind] ?? kind);

export const versionStatusText = (status: number, fallback: string, t: TFunction): string =>
  VERSION_STATUSES[status] ? t(VERSION_STATUSES[status]) : fallback;

/** The subject of a fact as the table shows it: a channel group translated, a plan or a line by its name. */
export const subjectText = (f: AnalysisFactView, t: TFunction): string =>
  f.SubjectKind === 'group' ? groupText(f.Subject, t) : f.Subject;

/**
 * A fact's value as the console writes figures: money with its currency and 2 decimals, a
 * percent with 2 decimals and %, counts with thousands separators (a fractional count, e.g.
 * conversions, keeps its decimals), a ratio with ×, days as a whole count.
 */
export function factValueText(
  f: Pick<AnalysisFactView, 'Value' | 'Unit' | 'Currency'>,
  locale: string,
  t: TFunction,
): string {
  switch (f.Unit) {
    case 'currency':
      return f.Currency
        ? numberFormat(locale, {
            style: 'currency',
            currency: f.Currency,
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          }).format(roundHalfUp(f.Value, 2))
        : formatNumber(f.Value, locale);
    case 'percent':
      return formatPercent(f.Value, locale);
    case 'ratio':
      return `${formatNumber(f.Value, locale)}×`;
    case 'days':
      return f.Value === 1
        ? t('aiAnalytics.oneDay')
        : t('aiAnalytics.days', { n: numberFormat(locale, { maximumFractionDigits: 0 }).format(f.Value) });
    default:
      return numberFormat(locale, { maximumFractionDigits: 2 }).format(roundHalfUp(f.Value, 2));
  }
}

const HEBREW = /[\u0590-\u05FF]/;

/**
 * The direction to isolate a figure in: left to right for digits, signs and Latin units (87.5%,
 * ₪1,234.50, 1.62×) so RTL text cannot reorder them; a figure with a Hebrew word ("12 ימים") keeps
 * its own direction (undefined: the isolate's first strong letter), or it would read backwards.
 */
export const figureDir = (text: string): 'ltr' | undefined => (HEBREW.test(text) ? undefined : 'ltr');

/** A part of the answer: plain text, a figure with the fact it was traced to (null: none), or the fact ids cited (`[F3, F7]`). */
export type AnswerPart =
  | { kind: 'text'; text: string }
  | { kind: 'figure'; text: string; factId: string | null }
  | { kind: 'cite'; text: string; ids: string[] };

/** A citation as the grounding check reads it (`[F3]`, `[F3, F7]`, `;` or the Arabic comma), with the space before it. */
const CITATION = /\s*\[\s*(F\d+(?:\s*[,;،]\s*F\d+)*)\s*\]/g;

/** Plain text cut into its text and its citations: a reader sees a sentence, the ids become small references. */
function withCitations(text: string): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let cursor = 0;
  for (const m of text.matchAll(CITATION)) {
    if (m.index > cursor) parts.push({ kind: 'text', text: text.slice(cursor, m.index) });
    parts.push({ kind: 'cite', text: m[0], ids: m[1].split(/[,;،]/).map((id) => id.trim()) });
    cursor = m.index + m[0].length;
  }
  if (cursor < text.length) parts.push({ kind: 'text', text: text.slice(cursor) });
  return parts;
}

/**
 * The answer cut into its text, its figures and its citations. Each figure is found at its offsets
 * (At, Length into Text); a figure whose offsets do not hold its text (or overlap the one before) is
 * looked for from where the previous one ended, and left as plain text when it is not there — the
 * answer is shown whole either way, never with a figure linked to the wrong place.
 */
export function answerParts(text: string, figures: readonly AnalysisFigureView[]): AnswerPart[] {
  const parts: AnswerPart[] = [];
  const plain = (t: string) => parts.push(...withCitations(t));
  let cursor = 0;
  const sorted = [...figures].sort((a, b) => a.At - b.At);
  for (const f of sorted) {
    if (!f.Text) continue;
    const at = f.At >= cursor && text.slice(f.At, f.At + f.Length) === f.Text ? f.At : text.indexOf(f.Text, cursor);
    if (at < 0) continue;
    const length = at === f.At ? f.Length : f.Text.length;
    if (at > cursor) plain(text.slice(cursor, at));
    parts.push({ kind: 'figure', text: text.slice(at, at + length), factId: f.FactId });
    cursor = at + length;
  }
  if (cursor < text.length) plain(text.slice(cursor));
  return parts;
}

const HEBREW_LETTERS = /[\u05D0-\u05EA]/g;
/**
 * A quoted name (a line, the plan): "…" on one line, letters of one script only, its quotes not
 * glued to a Hebrew letter (ש"ח, צה"ל: a gershayim, not a quote).
 */
const QUOTED_NAME = /(?<![\u05D0-\u05EA])(?:"[^"\n\u05D0-\u05EA]*"|"[^"\nA-Za-z]*")(?![\u05D0-\u05EA])/g;
const LATIN_LETTERS = /[A-Za-z]/g;

/** Plain text cut at its quoted names ("…", one script), each to be isolated with its quotes. */
export function nameRuns(text: string): { text: string; name: boolean }[] {
  const runs: { text: string; name: boolean }[] = [];
  let cursor = 0;
  for (const m of text.matchAll(QUOTED_NAME)) {
    if (m[0].length <= 2) continue;
    if (m.index > cursor) runs.push({ text: text.slice(cursor, m.index), name: false });
    runs.push({ text: m[0], name: true });
    cursor = m.index + m[0].length;
  }
  if (cursor < text.length) runs.push({ text: text.slice(cursor), name: false });
  return runs;
}

/**
 * The language an answer is written in, by its letters (fact ids and quoted names aside): a model may answer in
 * another language than the one asked, and the answer is laid out by its own (an English answer
 * left to right in the Hebrew console); a tie keeps the language asked. Only Hebrew and the rest are
 * told apart: an answer asked in French, Romanian or Chinese keeps that language unless Hebrew
 * letters are the more.
 */
export function answerLang(text: string, asked: Locale): Locale {
  const letters = text.replace(CITATION, ' ').replace(QUOTED_NAME, ' ');
  const hebrew = letters.match(HEBREW_LETTERS)?.length ?? 0;
  const latin = letters.match(LATIN_LETTERS)?.length ?? 0;
  if (asked !== 'he' && asked !== 'en') return hebrew > latin ? 'he' : asked;
  return hebrew === latin ? asked : hebrew > latin ? 'he' : 'en';
}
