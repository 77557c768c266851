import type { FlowchartDocument } from '../../lambdas/modules/flowchart-documents';
import { flowchart } from '../../lambdas/shared/flowchart';
import type { ExportLanguage } from '../../lambdas/shared/export-language';

/**
 * A flowchart of 50 lines over three months (March–May 2026), for the flowchart PDF's tests and its
 * bench. Line i (1…50) has 100·i in March, 50·i in April and, when i is even, 10.50 in May; odd
 * lines are Search, even lines Social. So, by hand: Search (i = 1, 3 … 49, Σi = 625) 62,500.00 /
 * 31,250.00 / 0.00, in all 93,750.00; Social (Σi = 650) 65,000.00 / 32,500.00 / 262.50, in all
 * 97,762.50; the months 127,500.00 / 63,750.00 / 262.50, in all 191,512.50. Today is 15 April.
 */
export const FLOW_SAMPLE_TODAY = '2026-04-15';

export function sampleFlowchart(
  language: ExportLanguage,
  logo?: Uint8Array,
  grain: 'month' | 'week' = 'month',
): FlowchartDocument {
  const he = language === 'he';
  const lines = Array.from({ length: 50 }, (_, k) => {
    const i = k + 1;
    const split: Record<string, number> = { '2026-03': 100 * i, '2026-04': 50 * i, '2026-05': i % 2 === 0 ? 10.5 : 0 };
    return {
      id: i,
      name: he ? `קמפיין חורף ${i}` : `Winter campaign ${i}`,
      budget: 150 * i + (i % 2 === 0 ? 10.5 : 0),
      startDate: '2026-03-01',
      endDate: '2026-05-31',
      monthlySplit: split,
    };
  });
  const search = { key: 'Search', label: he ? 'חיפוש' : 'Search', rank: 0 };
  const social = { key: 'Social', label: he ? 'רשתות חברתיות' : 'Social', rank: 1 };
  return {
    language,
    agency: {
      name: he ? 'סוכנות הדגמה' : 'Demo Agency',
      ...(logo ? { logo: { bytes: logo, type: 'image/png' as const } } : {}),
    },
    title: he ? 'השקת אביב · גרסה 3' : 'Spring launch · Version 3',
    facts: he
      ? [
          ['סוכנות', 'סוכנות הדגמה'],
          ['לקוח', 'לקוח הדגמה'],
          ['מטבע', 'ILS'],
        ]
      : [
          ['Agency', 'Demo Agency'],
          ['Account', 'Demo Client'],
          ['Currency', 'ILS'],
        ],
    chart: flowchart(lines, {
      grain,
      weekStart: 0,
      today: FLOW_SAMPLE_TODAY,
      groupOf: (l) => (l.id % 2 === 1 ? search : social),
    }),
  };
}
