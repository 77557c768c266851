import { minorToNumber, type Minor } from '../../shared/money';
import type { BillableLineView, BillableNotFinalReason, BillableStatementView } from './replies';
import type { billableStatement, NotFinalReason } from './billable';
import type { StatementLine } from './statement-reads';

/** A computed billable statement as the reply shows it. Pure. */

const money = (m: Minor) => minorToNumber(m);

function reasonView(r: NotFinalReason): BillableNotFinalReason {
  switch (r.code) {
    case 'PROVISIONAL':
      return { Code: r.code, LastDay: r.lastDay, FinalFrom: r.finalFrom };
    case 'CONNECTOR_NOT_OK':
      return { Code: r.code, ConnectorId: r.connectorId, Connector: r.connector, Status: r.status };
    case 'SYNC_BEHIND':
      return {
        Code: r.code,
        ConnectorId: r.connectorId,
        Connector: r.connector,
        LastSyncedTo: r.lastSyncedTo,
        Needed: r.needed,
      };
    case 'MISSING_DAYS':
      return {
        Code: r.code,
        ConnectorId: r.connectorId,
        Connector: r.connector,
        ExternalAccountId: r.externalAccountId,
        Days: r.days,
        BeyondRetention: r.beyondRetention,
      };
  }
}

type Computed = ReturnType<typeof billableStatement>;

function lineViews(s: Computed, lineOf: ReadonlyMap<number, StatementLine>): BillableLineView[] {
  return s.lines.map((a) => {
    const { line, activity } = lineOf.get(a.lineId)!;
    return {
      LineId: a.lineId,
      LineName: line.Name,
      ChannelTypeName: line.ChannelTypeName,
      MediaMixId: a.mediaMixId,
      ActivityId: activity.ID,
      ActivityName: activity.Name,
      StartDate: line.StartDate,
      Net: money(a.net),
      ManagementFee: money(a.managementFee),
      SystemFee: money(a.systemFee),
      CreativeFee: money(a.creativeFee),
      Subtotal: money(a.subtotal),
      NetAtPlanRate: a.netAtPlanRate === null ? null : money(a.netAtPlanRate),
      FxGap: a.fxGap,
    };
  });
}

/** The statement as computed now: not final, version 0. */
export function statementView(
  s: Computed,
  lineOf: ReadonlyMap<number, StatementLine>,
  o: {
    accountId: number;
    month: string;
    currency: BillableStatementView['Currency'];
    code: string;
    applyVat: boolean;
    vatPct: BillableStatementView['VatPct'];
    today: string;
    restatementDays: number;
  },
): BillableStatementView {
  return {
    AccountId: o.accountId,
    Month: o.month,
    Currency: o.currency,
    CurrencyCode: o.code,
    ApplyVat: o.applyVat,
    VatPct: o.vatPct,
    Lines: lineViews(s, lineOf),
    Net: money(s.net),
    ManagementFee: money(s.managementFee),
    SystemFee: money(s.systemFee),
    CreativeFee: money(s.creativeFee),
    SetupFee: money(s.setupFee),
    SetupFeeMixIds: s.setupFeeVersionIds,
    Subtotal: money(s.subtotal),
    Vat: money(s.vat),
    Total: money(s.total),
    Fx: {
      NetAtPlanRate: s.fx.netAtPlanRate === null ? null : money(s.fx.netAtPlanRate),
      Effect: s.fx.effect === null ? null : money(s.fx.effect),
      Gap: s.fx.gap,
      ForeignCurrencies: s.fx.foreignCurrencies,
    },
    Today: o.today,
    RestatementDays: o.restatementDays,
    Final: false,
    FinalizedBy: null,
    FinalizedByName: null,
    FinalizedAt: null,
    version: 0,
    CanMarkFinal: s.canMarkFinal,
    NotFinalReasons: s.notFinalReasons.map(reasonView),
  };
}
