import { DEFAULT_TIME_ZONE, isTimeZone } from '../../shared/calendar';
import { todayIn } from '../../shared/company-day';
import { DEFAULT_EXPORT_LANGUAGE, type ExportLanguage } from '../../shared/export-language';
import { flowchart, type FlowGrain, type FlowLine, type WeekDay } from '../../shared/flowchart';
import { listAccountChannelTypes } from '../channel-types';
import { cachedConfiguration, companyLogo } from '../configurations';
import type { ExportedFile } from '../media-plans/replies/plans';
import { getCompany, type UserProfile } from '../tenancy';
import { getVendor } from '../vendors';
import { pdfFile } from './file';
import { groupOf, type FlowGroupBy, type GroupedLine } from './grouping';
import { FLOWCHART_LABELS, type FlowchartLabels } from './labels';
import { flowchartPdf, pdfLanguage } from './pdf';
import type { FlowchartDocument } from './types';

/**
 * What the flowchart PDFs of a plan version (version-flowchart.ts) and of an order
 * (order-flowchart.ts) share: the agency, today, the grouping, the chart and the file.
 */

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
    // The company's day (its time zone): the column marked today is the same for every reader.
    today: todayIn(isTimeZone(config.TimeZone) ? config.TimeZone : DEFAULT_TIME_ZONE),
  };
}

/** The vendors' names of the lines that name one (grouping by vendor only). */
async function vendorNames(companyId: number, lines: readonly GroupedLine[]): Promise<Map<number, string>> {
  const ids = [...new Set(lines.map((l) => l.vendorId).filter((id): id is number => id !== null))];
  const vendors = await Promise.all(ids.map((id) => getVendor(companyId, id)));
  return new Map(vendors.filter((v) => v !== undefined).map((v) => [v.ID, v.Name]));
}

export async function render(
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
