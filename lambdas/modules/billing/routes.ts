import { exportBillableStatement, getBillableStatement, markBillableFinal, reopenBillableMonth } from './schemas';
import type { BillableStatementView } from './replies';
import type { ExportedFile } from '../media-plans/replies/plans';
import { replyOf, route } from '../../kit/route';

/**
 * BillingService: the billable statement of an account and month (docs/domain.md).
 * Permissions (docs/pacing-and-billing.md "Billable statement routes"): reading takes either report
 * permission (OperationalReports or ManagementReports) and access to the account; marking a month
 * final takes ManagementReports (it freezes what the agency bills) and access to the account.
 */
export const getBillableStatementRoute = /* @__PURE__ */ route({
  service: 'BillingService',
  method: 'GetBillableStatement',
  access: 'read',
  requires: 'reports',
  accountScope: 'required',
  input: getBillableStatement,
  reply: replyOf<BillableStatementView>,
  summary:
    "The account's (and its sub-accounts') billable statement of a month: per plan line net actual, management and system fees, creatives; the setup fees, subtotal, VAT and total in the account currency; the exchange-rate effect apart; final (the stored snapshot) or not final with the reasons",
});

export const markBillableFinalRoute = /* @__PURE__ */ route({
  service: 'BillingService',
  method: 'MarkBillableFinal',
  access: 'write',
  requires: 'managementReports',
  accountScope: 'required',
  input: markBillableFinal,
  reply: replyOf<BillableStatementView>,
  summary:
    'Marks a month final: refused (BILLABLE_NOT_FINAL) while its data is provisional or a feeding connector is not healthy or behind; stores the statement as billed (a second mark: BILLABLE_ALREADY_FINAL), with an audit entry',
});

export const exportBillableStatementRoute = /* @__PURE__ */ route({
  service: 'BillingService',
  method: 'ExportBillableStatement',
  access: 'read',
  requires: 'reports',
  accountScope: 'required',
  input: exportBillableStatement,
  reply: replyOf<ExportedFile>,
  summary:
    "The month's billable statement as an .xlsx workbook (the plan export's writer and labels), the same figures as GetBillableStatement; Hebrew sheets right to left",
});

export const reopenBillableMonthRoute = /* @__PURE__ */ route({
  service: 'BillingService',
  method: 'ReopenBillableMonth',
  access: 'write',
  requires: 'admin',
  accountScope: 'required',
  input: reopenBillableMonth,
  reply: replyOf<BillableStatementView>,
  summary:
    'Reopens a final month (Admin only) with a reason: the stored snapshot is removed and the month is computed again until marked final again; the reason and the billed figures are in its History',
});

export const BILLING_SERVICE_ROUTES = [
  getBillableStatementRoute,
  markBillableFinalRoute,
  exportBillableStatementRoute,
  reopenBillableMonthRoute,
] as const;
