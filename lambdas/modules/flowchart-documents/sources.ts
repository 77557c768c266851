import { ForbiddenError } from '../../core/errors';
import { DEFAULT_EXPORT_LANGUAGE, type ExportLanguage } from '../../shared/export-language';
import { flowchart, type FlowGrain, type FlowLine, type WeekDay } from '../../shared/flowchart';
import { isClientOnly } from '../../shared/permissions';
import { listAccountChannelTypes } from '../channel-types';
import { cachedConfiguration, companyLogo } from '../configurations';
import type { ExportedFile } from '../media-plans/replies/plans';
import { companyToday, getVersionInfo } from '../media-plans';
import { getOrderFor } from '../orders';
import { cachedAccounts, getCompany, type UserProfile } from '../tenancy';
import { getVendor } from '../vendors';
import { pdfFile } from './file';
import { groupOf, type FlowGroupBy, type GroupedLine } from './grouping';
import { FLOWCHART_LABELS, type FlowchartLabels } from './labels';
import { flowchartPdf, pdfLanguage } from './pdf';
import type { FlowchartDocument } from './types';

/** Weeks start on Sunday, as the console's flowchart (COMPANY_WEEK_START): the company has no setting yet. */
const WEEK_START: WeekDay = 0;

export interface FlowchartAsk {
  language?: ExportLanguage;
  grain?: FlowGrain;
  groupBy?: FlowGroupBy;
}

/** What every flowchart PDF reads besides its source: the agency's name and logo, the company's today. */
async function agencyOf(companyId: number) {
  const [company, logo, config] = await Promise.all([
    getCompany(companyId),
    companyLogo(companyId),
    cachedConfiguration(companyId),
  ]);
  return {
    agency: { name: company?.Name ?? '', ...(logo && { logo: { bytes: logo.bytes, type: logo.contentType } }) },
    today: companyToday(config),
  };
}

/** The vendors' names of the lines that name one (grouping by vendor only). */
async function vendorNames(companyId: number, lines: readonly GroupedLine[]): Promise<Map<number, string>> {
  const ids = [...new Set(lines.map((l) => l.vendorId).filter((id): id is number => id !== null))];
  const vendors = await Promise.all(ids.map((id) => getVendor(companyId, id)));
  return new Map(vendors.filter((v) => v !== undefined).map((v) => [v.ID, v.Name]));
}

async function render(
  caller: UserProfile,
  accountId: number,
  ask: FlowchartAsk,
  source: {
    lines: GroupedLine[];
    title: (L: FlowchartLabels) => string;
    facts: (L: FlowchartLabels) => [string, string][];
  },
): Promise<ExportedFile> {
  const language = ask.language ?? DEFAULT_EXPORT_LANGUAGE;
  const L = FLOWCHART_LABELS[pdfLanguage(language)];
  const groupBy = ask.groupBy ?? 'channelGroup';
  const [{ agency, today }, channelTypes, vendors] = await Promise.all([
    agencyOf(caller.companyId),
    groupBy === 'channelGroup' ? listAccountChannelTypes(caller.companyId, accountId) : [],
    groupBy === 'vendor' ? vendorNames(caller.companyId, source.lines) : new Map<number, string>(),
  ]);
  const chart = flowchart<FlowLine & GroupedLine>(source.lines, {
    grain: ask.grain ?? 'month',
    weekStart: WEEK_START,
    today,
    groupOf: groupOf(groupBy, channelTypes, L, vendors),
  });
  const doc: FlowchartDocument = {
    language,
    agency,
    title: source.title(L),
    facts: [[L.agency, agency.name], ...source.facts(L)],
    chart,
  };
  return pdfFile(flowchartPdf(doc), L.fileName(doc.title));
}

/**
 * MediaMixService.ExportMediaMixFlowchart: the version's live lines as GetMediaMixInfo reads them
 * for the caller (the same scope, account and status checks), grouped as asked; by vendor for
 * agency staff only, as on screen (a client user is refused with CLIENT_READ_ONLY).
 */
export async function versionFlowchartFor(
  caller: UserProfile,
  accountId: number,
  input: FlowchartAsk & { mediaMixId: number },
): Promise<ExportedFile> {
  if (input.groupBy === 'vendor' && isClientOnly(caller.permissions))
    throw new ForbiddenError('Grouping by vendor is for agency staff', 'CLIENT_READ_ONLY');
  const info = await getVersionInfo(caller, accountId, input.mediaMixId);
  const [account] = await cachedAccounts(caller.companyId, [info.AccountId]);
  const lines = info.Lines.filter((l) => !l.Archived).map(
    (l): GroupedLine => ({
      id: l.ID,
      name: l.Name,
      budget: l.Budget,
      startDate: l.StartDate,
      endDate: l.EndDate,
      monthlySplit: l.MonthlySplit,
      channelTypeId: l.AccountChannelTypeId,
      channelTypeName: l.ChannelTypeName,
      vendorId: l.VendorId,
    }),
  );
  return render(caller, accountId, input, {
    lines,
    title: (L) => `${info.Name} · ${L.version} ${info.Version}`,
    facts: (L) => [
      [L.plan, info.Name],
      [L.version, String(info.Version)],
      [L.account, account?.Name ?? ''],
      [L.currency, info.CurrencyCode],
    ],
  });
}

/**
 * OrdersService.ExportOrderFlowchart: the order's lines × months in the vendor's currency, read as
 * GetOrder reads it (agency staff, the order's account). One vendor: grouped by channel group or type.
 */
export async function orderFlowchartFor(
  caller: UserProfile,
  accountId: number,
  input: FlowchartAsk & { orderId: number },
): Promise<ExportedFile> {
  const order = await getOrderFor(caller, accountId, input.orderId);
  const lines = order.Lines.map(
    (l): GroupedLine => ({
      id: l.LineId,
      name: l.Name,
      budget: l.Total,
      startDate: l.StartDate,
      endDate: l.EndDate,
      // The order's months are the line's split: the flowchart shows them as they were ordered.
      monthlySplit: Object.fromEntries(l.Months.map((m) => [m.Month, m.Amount])),
      channelTypeId: l.AccountChannelTypeId,
      channelTypeName: l.ChannelTypeName,
      vendorId: order.VendorId,
    }),
  );
  return render(caller, accountId, input, {
    lines,
    title: (L) => `${L.orderTitle(String(order.ID))} · ${order.VendorName}`,
    facts: (L) => [
      [L.order, String(order.ID)],
      [L.version, String(order.Version)],
      [L.vendor, order.VendorName],
      [L.account, order.AccountName],
      [L.activity, order.ActivityName],
      [L.currency, order.CurrencyCode],
    ],
  });
}
