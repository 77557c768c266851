import type { AccountChannelType } from '@server/modules/channel-types/replies';
import type { VersionInfo, VersionLineView } from '@server/modules/media-plans/replies/plans';
import { VersionStatus } from '@server/shared/version-status';

/** Replies the flowchart reads, for its jsdom tests (amounts and totals are not what it shows). */
const STAMP = {
  version: 1,
  createdAt: '2026-02-01T10:00:00.000Z',
  createdBy: 'planner@demo.mixdesk.test',
  updatedAt: '2026-02-01T10:00:00.000Z',
  updatedBy: 'planner@demo.mixdesk.test',
};

type Seed = Pick<VersionLineView, 'ID' | 'Name' | 'StartDate' | 'EndDate' | 'Budget'> & Partial<VersionLineView>;

export function flowLine(seed: Seed): VersionLineView {
  return {
    MediaMixId: 11,
    ActivityId: 5,
    AccountId: 1,
    AccountChannelTypeId: 101,
    ChannelTypeId: 1,
    ChannelTypeName: 'Google Search',
    BuyType: 'CPC',
    UnitCost: 4.5,
    ManagementFeePct: 0,
    SystemFeePct: 0,
    ImageCreatives: 0,
    VideoCreatives: 0,
    Notes: '',
    MonthlySplit: null,
    SourceLineId: null,
    VendorId: null,
    Archived: false,
    Amounts: null,
    Kpis: { Impressions: null, Clicks: null, Conversions: null, Views: null },
    ...STAMP,
    ...seed,
  };
}

/**
 * Three lines: Search 2026-01-20..02-10 (1,000.00: 545.45 + 454.55 by days), Video with a split
 * (600 in February, 400 in March), an archived one the flowchart leaves out.
 */
export const FLOW_LINES: VersionLineView[] = [
  flowLine({ ID: 1, Name: 'Search brand', StartDate: '2026-01-20', EndDate: '2026-02-10', Budget: 1000 }),
  flowLine({
    ID: 2,
    Name: 'YouTube pre-roll',
    AccountChannelTypeId: 102,
    ChannelTypeId: 2,
    ChannelTypeName: 'YouTube',
    StartDate: '2026-02-01',
    EndDate: '2026-03-31',
    Budget: 1000,
    MonthlySplit: { '2026-02': 600, '2026-03': 400 },
  }),
  flowLine({ ID: 3, Name: 'Gone', StartDate: '2026-01-01', EndDate: '2026-01-31', Budget: 50, Archived: true }),
];

export function flowVersion(lines: VersionLineView[] = FLOW_LINES): VersionInfo {
  return {
    ID: 11,
    ActivityId: 5,
    AccountId: 1,
    Version: 2,
    Name: 'Spring launch plan',
    Status: VersionStatus.Approved,
    StatusName: 'Approved',
    SourceMixId: null,
    SubmittedBy: null,
    SubmittedAt: null,
    ApprovedBy: null,
    ApprovedAt: null,
    RejectedBy: null,
    RejectedAt: null,
    RejectReason: null,
    ClientApprovedBy: null,
    ClientApprovedAt: null,
    ClientDeclinedBy: null,
    ClientDeclinedAt: null,
    ClientDeclinedComment: null,
    SubmittedByName: null,
    ApprovedByName: null,
    RejectedByName: null,
    ClientApprovedByName: null,
    ClientDeclinedByName: null,
    OverBudgetConfirmedByName: null,
    ExchangeRate: null,
    ExchangeRateFrom: null,
    ExchangeRateTo: null,
    ExchangeRateDate: null,
    LineCount: lines.length,
    ...STAMP,
    Currency: 2,
    CurrencyCode: 'ILS',
    ApplyVat: true,
    Pricing: {
      VatPct: 18,
      ImageSubmitFee: 0,
      VideoSubmitFee: 0,
      SetupFee: 0,
      ApplyVat: true,
      Currency: 2,
      Fixed: true,
    },
    Lines: lines,
    Totals: null,
    ConvertedCurrency: 1,
    ConvertedCurrencyCode: 'USD',
    ExchangeRateUsed: null,
    RateFixed: false,
    ConvertedTotals: null,
    ConvertedTotal: null,
    RateMissing: null,
    RateMissingOn: null,
    OutOfRange: [],
  };
}

const channelType = (ID: number, Name: string, Group: AccountChannelType['Group']): AccountChannelType => ({
  ID,
  AccountId: 1,
  ChannelTypeId: ID - 100,
  Name,
  Group,
  DefaultBuyType: 'CPC',
  ConnectorType: 'google_ads',
  ManagementFeePct: 0,
  SystemFeePct: 0,
  Active: true,
  DefaultVendorId: null,
  ...STAMP,
});

export const FLOW_CHANNEL_TYPES: AccountChannelType[] = [
  channelType(101, 'Google Search', 'Search'),
  channelType(102, 'YouTube', 'Video'),
];
