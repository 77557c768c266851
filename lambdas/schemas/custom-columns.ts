import { enum as oneOf, object, preprocess, string } from 'zod';
import { MAX_FORMULA_LENGTH } from '../shared/formula';
import { hasHiddenCharacters } from '../shared/normalise-text';
import { bool, id, int, requiredText } from './fields';

export const COLUMN_FORMATS = ['number', 'currency', 'percent'] as const;
/** Where a column shows: the media plan grid, or the performance report. */
export const COLUMN_SCOPES = ['mediaPlan', 'performance'] as const;
export type ColumnScope = (typeof COLUMN_SCOPES)[number];

/**
 * Formulas are not trimmed: the positions the parser reports must point into the text the console
 * shows. A formula of blanks only is refused by the parser ("Expected a number, a name or '('").
 */
const formula = (max: number) =>
  string().max(max, `must be at most ${max} characters`)
    // Not cleaned (positions), so refused instead: nothing the console would not show.
    .refine((s) => !hasHiddenCharacters(s), 'may not hold control, bidi-override or unpaired surrogate characters');

export const customColumnInput = object({
  ID: int().default(0),
  Name: requiredText(100),
  Formula: formula(MAX_FORMULA_LENGTH).min(1, 'is required'),
  Format: oneOf(COLUMN_FORMATS).default('number'),
  Scope: oneOf(COLUMN_SCOPES),
  version: int().optional(),
});

export const saveCustomColumn = object({ customColumn: customColumnInput });
export const customColumnIdInput = object({ customColumnId: id() });
export const getCustomColumnsList = object({
  scope: preprocess((v) => (v === '' || v === null ? undefined : v), oneOf(COLUMN_SCOPES).optional()),
  /** true: the archived (deleted, restorable) columns instead of the active ones. */
  archived: bool().optional().default(false),
});

/**
 * The console's live check. A formula longer than the saved limit is still answered (Valid false,
 * with the position), so typing past the limit shows a message; only absurd input is a 400.
 */
export const checkFormula = object({
  formula: formula(MAX_FORMULA_LENGTH * 4),
  scope: oneOf(COLUMN_SCOPES),
});
