import type { Stamped } from '../../shared/replies/reply';

/** Replies of CustomColumnsService. */

/** lambdas/modules/custom-columns/schemas.ts COLUMN_SCOPES. */
export type ColumnScope = 'mediaPlan' | 'performance';

/** A company's formula column (docs/domain.md). */
export interface CustomColumn extends Stamped {
  ID: number;
  Name: string;
  Formula: string;
  /** The metric names the formula uses (known spelling), from the parser. */
  Names: string[];
  Format: 'number' | 'currency' | 'percent';
  Scope: ColumnScope;
  Status: 'Active' | 'Archived';
}

/** CheckFormula: a bad formula is an answer, not an error. */
export interface FormulaCheck {
  Valid: boolean;
  /** '' when valid; else what is wrong, ending in "at position N". */
  Message: string;
  /** 0-based index into the formula of the problem; null when valid. */
  Position: number | null;
  /** Metric names the formula uses (their known spelling); [] when invalid. */
  Names: string[];
}
