import { compileColumns } from '../../lambdas/modules/performance/custom-column-values';
import type { CustomColumn } from '../../lambdas/modules/custom-columns/store.dynamodb';

/** The performance custom columns' evaluation (pure): parsed once, 0 on a division by zero, null when not finite or unparseable. */
const column = (ID: number, Name: string, Formula: string, over: Partial<CustomColumn> = {}): CustomColumn => ({
  ID,
  Name,
  Formula,
  Names: [],
  Format: 'number',
  Scope: 'performance',
  Status: 'Active',
  version: 1,
  createdAt: '',
  createdBy: '',
  updatedAt: '',
  updatedBy: '',
  ...over,
});
const stat = { impressions: 2000, clicks: 40, spend: 150, conversions: 4, conversionValue: 600, videoViews: 10 };

describe('compileColumns', () => {
  it("evaluates live performance columns only, by name, over the row's figures and derived ratios", () => {
    const big = '9'.repeat(240);
    const cols = compileColumns([
      column(3, 'CPA', 'spend / conversions'),
      column(1, 'CTR %', 'clicks / impressions * 100', { Format: 'percent' }),
      column(2, 'Per zero', 'spend / (clicks - 40)'),
      column(4, 'Overflow', `${big} * ${big}`),
      column(5, 'Renamed metric', 'spend / oldMetric'),
      column(6, 'Plan only', 'net * 2', { Scope: 'mediaPlan' }),
      column(7, 'Archived', 'spend', { Status: 'Archived' }),
      column(8, 'ROAS minus', 'roas - cpa / cpc'),
    ]);
    expect(cols.heads.map((h) => h.Id)).toEqual([3, 1, 4, 2, 5, 8]);
    const v = cols.valuesOf(stat);
    expect(v).toEqual({
      3: 37.5, // 150 / 4
      1: 2, // 40 / 2000 × 100
      2: 0, // a division by zero gives 0 (docs/domain.md)
      4: null, // 1e480: not a finite number
      5: null, // no longer parses
      8: 4 - 37.5 / 3.75, // roas 600/150 = 4; cpa 37.5; cpc 150/40 = 3.75
    });
  });

  it('gives no values without columns', () => {
    expect(compileColumns([]).valuesOf(stat)).toEqual({});
  });
});
