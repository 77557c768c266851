import { enum as oneOf, object, optional } from 'zod/mini';
import { EXPORT_LANGUAGES } from '../../shared/export-language';
import { int, matches, requiredText, text } from '../../shared/schema-fields';

/** BillingService: the billable statement of an account and month; the account in x-account-id. */

const month = () => text(7).check(matches(/^\d{4}-(0[1-9]|1[0-2])$/, 'MONTH_FORMAT'));

/** GetBillableStatement: the statement of one calendar month ('YYYY-MM'). */
export const getBillableStatement = object({
  month: month(),
});

/**
 * MarkBillableFinal: freeze the month's statement. `version` is the statement's version as the
 * console read it (0: not final yet); a statement already final answers 409 either way.
 */
export const markBillableFinal = object({
  month: month(),
  version: optional(int()),
});

/** ExportBillableStatement: the month's statement as .xlsx, in the language of its labels (absent: English). */
export const exportBillableStatement = object({
  month: month(),
  language: optional(oneOf(EXPORT_LANGUAGES)),
});

/**
 * ReopenBillableMonth: a final month back to computed figures (Admin), with the reason recorded.
 * `version` is the final statement's as read (1), so a reopen of a month re-marked meanwhile is stale.
 */
export const reopenBillableMonth = object({
  month: month(),
  reason: requiredText(500),
  version: int(),
});
