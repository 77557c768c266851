import type { InsertionOrderDocument } from '../../lambdas/modules/orders/io-document';

/**
 * An insertion order of 50 lines over three months (March–May 2026), for the document's tests and
 * its bench. Line i (1…50) has 100·i + 0.25 in March, 50·i in April and, when i is even, 10.50 in
 * May; so, by hand: March 100·1275 + 50·0.25 = 127,512.50; April 50·1275 = 63,750.00; May
 * 25·10.50 = 262.50; in all 191,525.00. Line i's total is 150·i + 0.25 (+ 10.50 when even).
 */
export const SAMPLE_PERIODS = ['2026-03', '2026-04', '2026-05'];
export const SAMPLE_TOTALS = { '2026-03': 127_512.5, '2026-04': 63_750, '2026-05': 262.5, all: 191_525 };

export function sampleOrder(language: 'he' | 'en' | 'fr' | 'ro' | 'zh', logo?: Uint8Array): InsertionOrderDocument {
  const he = language === 'he';
  const lines = Array.from({ length: 50 }, (_, k) => {
    const i = k + 1;
    const amounts: Record<string, number> = { '2026-03': 100 * i + 0.25, '2026-04': 50 * i };
    if (i % 2 === 0) amounts['2026-05'] = 10.5;
    return {
      name: he ? `קמפיין חורף ${i}` : `Winter campaign ${i}`,
      channelType: he ? 'חיפוש ממומן' : 'Paid search',
      startDate: '2026-03-01',
      endDate: '2026-05-31',
      amounts,
      total: 150 * i + 0.25 + (i % 2 === 0 ? 10.5 : 0),
    };
  });
  return {
    language,
    agency: {
      name: he ? 'סוכנות הדגמה' : 'Demo Agency',
      address: he ? 'רחוב הרצל 1, תל אביב' : '1 Herzl St, Tel Aviv',
      ...(logo ? { logo: { bytes: logo, type: 'image/png' as const } } : {}),
    },
    vendor: {
      name: he ? 'ידיעות תקשורת בע"מ' : 'Northwind Media Ltd',
      taxId: '514231234',
      address: he ? 'דרך מנחם בגין 5, תל אביב' : '5 Begin Rd, Tel Aviv',
      contactNames: he ? ['דנה כהן', 'Avi Levi'] : ['Dana Cohen', 'Avi Levi'],
    },
    order: {
      number: 'IO-2026-0042',
      version: 2,
      date: '2026-02-20',
      currency: 2,
      paymentTerms: { Kind: 'eom_plus', Days: 30 },
      instructions: he
        ? 'נא לאשר את ההזמנה בתוך שלושה ימי עבודה ולשלוח חשבונית לכל חודש בנפרד.'
        : 'Please confirm the order within three working days and send one invoice per month.',
      terms: he ? 'המחירים אינם כוללים מע"מ.' : 'Prices exclude VAT.',
    },
    accountName: he ? 'לקוח הדגמה' : 'Demo Client',
    activityName: he ? 'השקת אביב' : 'Spring launch',
    periods: SAMPLE_PERIODS,
    lines,
    totals: {
      periods: {
        '2026-03': SAMPLE_TOTALS['2026-03'],
        '2026-04': SAMPLE_TOTALS['2026-04'],
        '2026-05': SAMPLE_TOTALS['2026-05'],
      },
      total: SAMPLE_TOTALS.all,
    },
  };
}
