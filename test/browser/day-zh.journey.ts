import { wholeDay } from './whole-day';

/** A whole day in Chinese (whole-day.ts), as the demo's media manager: Operational reports, and staff who edit plans. */
export default wholeDay({
  lang: 'zh',
  email: 'approver@demo.mixdesk.test',
  browserLocale: 'zh-CN',
  typedFirstOfDecember: '2026-12-01',
  typedNewBudget: '12,345.67',
  activityName: '冬季推广',
});
