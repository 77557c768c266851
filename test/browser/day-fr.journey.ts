import { wholeDay } from './whole-day';

/** A whole day in French (whole-day.ts), as the demo's analyst: Operational reports, and staff who edit plans. */
export default wholeDay({
  lang: 'fr',
  email: 'analyst@demo.mixdesk.test',
  browserLocale: 'fr-FR',
  typedFirstOfDecember: '01/12/2026',
  typedNewBudget: '12 345,67',
  activityName: "Campagne d'hiver",
});
