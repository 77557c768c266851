import { _default, enum as oneOf, maxLength, minLength, object, optional, string } from 'zod/mini';
import { MAX_FORMULA_LENGTH } from '../../shared/formula';
import { hasHiddenCharacters } from '../../shared/normalise-text';
import { bool, id, int, preprocess, requiredText, rule } from '../../shared/schema-fields';

export const COLUMN_FORMATS = ['number', 'currency', 'percent'] as const;
/** Where a column shows: the media plan grid, or the performance report. */
export const COLUMN_SCOPES = ['mediaPlan', 'performance'] as const;
export type ColumnScope = (typeof COLUMN_SCOPES)[number];

/**
 * Formulas are not trimmed: the positions the parser reports must point into the text the console
 * shows. A formula of blanks only is refused by the parser ("Expected a number, a name or '('").
 */
const formula = (max: number) =>
  string()
    .check(maxLength(max, `must be at most ${max} characters`))
    // Not cleaned (positions), so refused instead: nothing the console would not show.
    .check(rule((s: string) => !hasHiddenCharacters(s), 'HIDDEN_CHARACTERS'));

export const customColumnInput = object({
  ID: _default(int(), 0),
  Name: requiredText(100),
  Formula: formula(MAX_FORMULA_LENGTH).check(minLength(1, 'is required')),
  Format: _default(oneOf(COLUMN_FORMATS), 'number'),
  Scope: oneOf(COLUMN_SCOPES),
  version: optional(int()),
});

export const saveCustomColumn = object({ customColumn: customColumnInput });
export const customColumnIdInput = object({ customColumnId: id() });
export const getCustomColumnsList = object({
  scope: optional(preprocess((v) => (v === '' || v === null ? undefined : v), optional(oneOf(COLUMN_SCOPES)))),
  /** true: the archived (deleted, restorable) columns instead of the active ones. */
  archived: _default(optional(bool()), false),
});

/**
 * The console's live check. A formula longer than the saved limit is still answered (Valid false,
 * with the position), so typing past the limit shows a message; only absurd input is a 400.
 */
export const checkFormula = object({
  formula: formula(MAX_FORMULA_LENGTH * 4),
  scope: oneOf(COLUMN_SCOPES),
});
