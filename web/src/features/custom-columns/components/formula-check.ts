import { MAX_FORMULA_LENGTH, METRIC_NAMES, parseFormula } from '@server/shared/formula';
import { reasonText } from '../../../lib/api-error-text';
import { i18n } from '../../../lib/i18n';
import type { ColumnScope } from '../api/custom-columns-api';

export { MAX_FORMULA_LENGTH, METRIC_NAMES };

export type LocalCheck =
  | { state: 'empty' }
  | { state: 'ok'; names: string[] }
  | { state: 'tooLong'; position: number }
  | { state: 'error'; message: string; position: number };

/**
 * The instant check while typing: the same parser the server saves with (lambdas/shared/formula.ts),
 * against the metric names of the scope. The parser's reason becomes a message in the user's language
 * and a position (0-based) the dialog points at.
 */
export function checkLocally(formula: string, scope: ColumnScope): LocalCheck {
  if (!formula.trim()) return { state: 'empty' };
  if (formula.length > MAX_FORMULA_LENGTH) return { state: 'tooLong', position: MAX_FORMULA_LENGTH };
  const r = parseFormula(formula, METRIC_NAMES[scope]);
  if (r.ok) return { state: 'ok', names: r.names };
  // The parser's reason in the user's language (apiErrors.reasons.FORMULA_*); the dialog says the position itself.
  const message = reasonText({ ...r.error.params, reason: r.error.reason }, i18n.t) ?? stripPosition(r.error.message);
  return { state: 'error', message, position: r.error.position };
}

/** "Unknown name 'x' at position 4" → "Unknown name 'x'". */
export const stripPosition = (message: string) => message.replace(/\s+at position \d+\s*$/, '');

/**
 * Where a clicked metric name goes: at the caret (or over the selection), with a space either side
 * when the neighbours are not already blanks or brackets. Returns the new text and caret.
 */
export function insertName(text: string, name: string, start: number, end = start): { text: string; caret: number } {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const padLeft = before && !/[\s(]$/.test(before) ? ' ' : '';
  const padRight = after && !/^[\s)]/.test(after) ? ' ' : '';
  const inserted = `${padLeft}${name}${padRight}`;
  return { text: before + inserted + after, caret: before.length + padLeft.length + name.length };
}
