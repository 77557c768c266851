import type { TFunction } from 'i18next';

/** The Excel sheet's words (flowchart-export.ts) in the user's language. */
export const sheetLabels = (t: TFunction, plan = t('flowchart.plan')) => ({
  sheet: t('flowchart.sheet'),
  plan,
  account: t('flowchart.account'),
  version: t('flowchart.version'),
  currency: t('flowchart.currency'),
  line: t('flowchart.line'),
  total: t('flowchart.total'),
  today: t('flowchart.today'),
});
