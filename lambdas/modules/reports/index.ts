/** What other modules may use of reports: nothing else of this folder. */
export { asksMonthToDate, daysIn, lastOfMonth, periodAsked, type Period } from './periods';
