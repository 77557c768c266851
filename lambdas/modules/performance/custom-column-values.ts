import { listCustomColumns, type CustomColumn } from '../custom-columns';
import type { UserProfile } from '../tenancy';
import {
  formulaValue,
  METRIC_NAMES,
  parseFormula,
  performanceMetrics,
  type FormulaNode,
  type PerformanceStat,
} from '../../shared/formula';
import { isClientOnly } from '../../shared/permissions';
import type { CustomColumnHead, CustomValues } from './replies';

/**
 * The company's performance-scope custom columns (docs/domain.md "Custom column") evaluated on
 * report rows and activity performance figures. Each request reads the live
 * columns once and parses each formula once (shared/formula.ts parseFormula against
 * METRIC_NAMES.performance); every row then only walks the parsed trees (formulaValue).
 *
 * The values a formula sees are the row's SHOWN figures (spend and conversion value in major units,
 * conversions with 2 decimals) and the ratios derived from them as ratios (ctr 0.05, not 5:
 * performanceMetrics), so `spend / conversions` on a row is the row's spend ÷ its conversions as
 * displayed. A totals row evaluates the formula over its summed figures, never sums per-row results.
 * `reach` is not kept by the rollups: it reads 0.
 *
 * Evaluation never throws and is bounded (the formula is at most MAX_FORMULA_LENGTH characters and
 * MAX_FORMULA_DEPTH deep, so the tree is a few hundred nodes at most): a division by zero gives 0
 * (docs/domain.md), and a result that is not a finite number (an overflow) is null, shown "—". A
 * stored formula that no longer parses (a metric renamed since it was saved) gives null on every row.
 *
 * Performance columns are agency reporting (custom-columns.ts listColumnsFor): a client-only caller
 * gets none.
 */

/** Columns one reply carries at most (a company keeps a handful). */
export const MAX_PERFORMANCE_COLUMNS = 50;

interface Compiled {
  head: CustomColumnHead;
  ast: FormulaNode | null;
}

export interface PerformanceColumns {
  heads: CustomColumnHead[];
  /** The values of every column for one row's figures, keyed by the column id. */
  valuesOf(stat: PerformanceStat): CustomValues;
}

/** One formula's value: division by zero 0, a non-finite result null, −0 as 0. Never throws. */
export function evaluateColumn(ast: FormulaNode | null, values: Readonly<Record<string, number>>): number | null {
  if (!ast) return null;
  try {
    const r = formulaValue(ast, values);
    return Number.isFinite(r) ? (r === 0 ? 0 : r) : null;
  } catch {
    return null;
  }
}

/** Parses the active performance columns once (by name, then id). Pure. */
export function compileColumns(columns: readonly CustomColumn[]): PerformanceColumns {
  const compiled: Compiled[] = columns
    .filter((c) => c.Scope === 'performance' && c.Status === 'Active')
    .sort((a, b) => a.Name.localeCompare(b.Name) || a.ID - b.ID)
    .slice(0, MAX_PERFORMANCE_COLUMNS)
    .map((c) => {
      const parsed = parseFormula(c.Formula, METRIC_NAMES.performance);
      return { head: { Id: c.ID, Name: c.Name, Format: c.Format }, ast: parsed.ok ? parsed.ast : null };
    });
  return {
    heads: compiled.map((c) => c.head),
    valuesOf(stat) {
      if (!compiled.length) return {};
      const values = performanceMetrics(stat);
      return Object.fromEntries(compiled.map((c) => [String(c.head.Id), evaluateColumn(c.ast, values)]));
    },
  };
}

const NONE: PerformanceColumns = { heads: [], valuesOf: () => ({}) };

/** The caller's performance columns: the company's live ones, none for a client-only caller (one Query). */
export async function performanceColumnsFor(caller: UserProfile): Promise<PerformanceColumns> {
  if (isClientOnly(caller.permissions)) return NONE;
  return compileColumns(await listCustomColumns(caller.companyId, 'Active'));
}
