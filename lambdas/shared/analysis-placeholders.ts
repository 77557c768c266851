/**
 * The placeholders of a channel group's analysis prompt (GroupPropmts, as the API spells it): `{{name}}`
 * in a prompt is replaced by the analysed activity's figure before the prompt is sent
 * (lambdas/modules/ai-analysis/group-prompts.ts fills them from the facts of lambdas/modules/ai-analysis/analysis-facts.ts).
 * Checked at save like a custom column's formula: an unknown name is refused naming it
 * (FIELD_INVALID, reason UNKNOWN_PLACEHOLDER). Shared with the console (its prompt editor lists
 * them): no server imports.
 */
export const ANALYSIS_PLACEHOLDERS = [
  'activityName',
  'versionName',
  'channelGroup',
  'currency',
  'budget',
  'plannedToDate',
  'actualToDate',
  'pacing',
  'projectedEndSpend',
  'amountLeft',
  'dailyNeeded',
  'daysLeft',
  'ctr',
  'cpc',
  'cpm',
  'cpa',
  'cvr',
  'roas',
  'impressions',
  'clicks',
  'conversions',
  'provisionalShare',
  'pacingLow',
  'pacingHigh',
] as const;

export type AnalysisPlaceholder = (typeof ANALYSIS_PLACEHOLDERS)[number];

/** `{{ name }}`: a word of letters, digits and underscores between double braces, spaces allowed inside. */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

const KNOWN: ReadonlySet<string> = new Set(ANALYSIS_PLACEHOLDERS);

export const isAnalysisPlaceholder = (name: string): name is AnalysisPlaceholder => KNOWN.has(name);

/** The names a prompt uses, in order of first use, each once. */
export function placeholdersIn(prompt: string): string[] {
  const seen = new Set<string>();
  for (const m of prompt.matchAll(PLACEHOLDER)) seen.add(m[1]);
  return [...seen];
}

/** The names a prompt uses that are not placeholders (an empty list: the prompt may be saved). */
export function unknownPlaceholders(prompt: string): string[] {
  return placeholdersIn(prompt).filter((n) => !KNOWN.has(n));
}

/**
 * Text a user chose (an activity's or a line's name) as the model must read it: data, never
 * instructions. A JSON string — quoted, its quotes, backslashes and line breaks escaped — with `<`, `>`
 * and `&` as \u escapes, so no name can open or close a tag of the message (the facts block) or
 * end its own quotes.
 */
export function quotedData(text: string): string {
  return JSON.stringify(text).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The prompt with every known `{{name}}` replaced by `valueOf(name, after)` (`after`: the template's
 * text that follows it, so a unit the template already writes is not said twice); unknown names are
 * left as written. One pass over the template: a `{{name}}` inside a filled value is not filled again.
 */
export function fillPlaceholders(
  prompt: string,
  valueOf: (name: AnalysisPlaceholder, after: string) => string,
): string {
  return prompt.replace(PLACEHOLDER, (whole, name: string, at: number) =>
    isAnalysisPlaceholder(name) ? valueOf(name, prompt.slice(at + whole.length)) : whole,
  );
}
