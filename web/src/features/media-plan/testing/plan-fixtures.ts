import { lineAmounts, minorToNumber, planTotals, plannedKpis } from '@server/shared/money';
import { ok } from '../../../testing/fixtures';
import type {
  AccountChannelType,
  ActivityView,
  VersionInfo,
  VersionLineView,
  VersionListItem,
} from '../api/media-plan-api';

/**
 * Replies of the plan screens for the jsdom tests, built like the API builds them (money module).
 * docs/domain.md's worked example is EXAMPLE_LINES: total ₪18,654.03.
 */
export const PRICING = {
  VatPct: 18,
  ImageSubmitFee: 0.5,
  VideoSubmitFee: 1.3,
  SetupFee: 300,
  ApplyVat: true,
  Currency: 2 as const,
};

const STAMP = {
  createdAt: '2026-02-01T10:00:00.000Z',
  createdBy: 'planner@demo.mixdesk.test',
  updatedAt: '2026-02-01T10:00:00.000Z',
  updatedBy: 'planner@demo.mixdesk.test',
};

type LineSeed = Partial<VersionLineView> & Pick<VersionLineView, 'ID' | 'Budget' | 'ManagementFeePct' | 'SystemFeePct'>;

export function line(seed: LineSeed, versionId = 11): VersionLineView {
  const l = {
    MediaMixId: versionId,
    ActivityId: 5,
    AccountId: 1,
    AccountChannelTypeId: 101,
    ChannelTypeId: 1,
    ChannelTypeName: 'Google Search',
    Name: `Line ${seed.ID}`,
    StartDate: '2026-03-01',
    EndDate: '2026-05-31',
    BuyType: 'CPC' as const,
    UnitCost: 4.5,
    ImageCreatives: 0,
    VideoCreatives: 0,
    Notes: '',
    MonthlySplit: null,
    SourceLineId: null,
    VendorId: null,
    Archived: false,
    version: 1,
    ...STAMP,
    ...seed,
  };
  const a = lineAmounts(
    {
      budget: l.Budget,
      managementFeePct: l.ManagementFeePct,
      systemFeePct: l.SystemFeePct,
      imageCreatives: l.ImageCreatives,
      videoCreatives: l.VideoCreatives,
    },
    { imageSubmitFee: 0.5, videoSubmitFee: 1.3 },
  );
  return {
    ...l,
    Amounts: {
      Net: minorToNumber(a.net),
      ManagementFee: minorToNumber(a.managementFee),
      SystemFee: minorToNumber(a.systemFee),
      CreativeFee: minorToNumber(a.creativeFee),
      Subtotal: minorToNumber(a.subtotal),
    },
    Kpis: (({ impressions, clicks, conversions, views }) => ({
      Impressions: impressions,
      Clicks: clicks,
      Conversions: conversions,
      Views: views,
    }))(plannedKpis({ buyType: l.BuyType, budget: l.Budget, unitCost: l.UnitCost })),
  };
}

export const EXAMPLE_LINES = [
  line({
    ID: 201,
    Name: 'Search - car insurance',
    Budget: 10000,
    ManagementFeePct: 15,
    SystemFeePct: 2.5,
    ImageCreatives: 4,
    VideoCreatives: 2,
    version: 3,
  }),
  line({
    ID: 202,
    Name: 'Pre-roll 15s',
    AccountChannelTypeId: 102,
    ChannelTypeName: 'YouTube',
    BuyType: 'CPV',
    UnitCost: 0.12,
    Budget: 3333.33,
    ManagementFeePct: 12.5,
    SystemFeePct: 0,
    VideoCreatives: 3,
  }),
];

export const RATE = { Rate: 3.7125, From: 'USD', To: 'ILS', Date: '2026-01-01' };

export function versionInfo(over: Partial<VersionInfo> = {}, lines: VersionLineView[] = EXAMPLE_LINES): VersionInfo {
  const pricing = { ...PRICING, ...(over.Pricing ?? {}) };
  const t = planTotals(
    lines.map((l) => ({
      budget: l.Budget,
      managementFeePct: l.ManagementFeePct,
      systemFeePct: l.SystemFeePct,
      imageCreatives: l.ImageCreatives,
      videoCreatives: l.VideoCreatives,
    })),
    {
      applyVat: pricing.ApplyVat,
      vatPct: pricing.VatPct,
      setupFee: pricing.SetupFee,
      imageSubmitFee: pricing.ImageSubmitFee,
      videoSubmitFee: pricing.VideoSubmitFee,
    },
  );
  const n = minorToNumber;
  return {
    ID: 11,
    ActivityId: 5,
    AccountId: 1,
    Version: 1,
    Name: 'Spring launch plan',
    Status: 1,
    StatusName: 'Draft',
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
    version: 7,
    ...STAMP,
    Currency: 2,
    CurrencyCode: 'ILS',
    ApplyVat: true,
    Pricing: { ...pricing, Fixed: false },
    Lines: lines,
    Totals: {
      Net: n(t.net),
      ManagementFee: n(t.managementFee),
      SystemFee: n(t.systemFee),
      CreativeFee: n(t.creativeFee),
      SetupFee: n(t.setupFee),
      Subtotal: n(t.subtotal),
      Vat: n(t.vat),
      Total: n(t.total),
    },
    ConvertedCurrency: 1,
    ConvertedCurrencyCode: 'USD',
    ExchangeRateUsed: RATE,
    RateFixed: false,
    ConvertedTotals: null,
    ConvertedTotal: null,
    RateMissing: null,
    RateMissingOn: null,
    OutOfRange: [],
    ...over,
  };
}

export function listItem(info: VersionInfo): VersionListItem {
  const {
    Lines: _l,
    Totals,
    Pricing: _p,
    CurrencyCode: _c,
    ApplyVat: _a,
    ConvertedCurrency: _cc,
    ConvertedCurrencyCode: _ccc,
    ExchangeRateUsed: _r,
    RateFixed: _rf,
    ConvertedTotals: _ct,
    ConvertedTotal: _ctt,
    RateMissing: _rm,
    RateMissingOn: _rmo,
    ...rest
  } = info;
  return { ...rest, Pricing: null, Net: Totals?.Net ?? null, Total: Totals?.Total ?? null, OutOfRange: [] };
}

export const ACTIVITY: ActivityView = {
  ID: 5,
  AccountId: 1,
  SubAccountId: null,
  SubAccountName: null,
  Name: 'Hadar spring launch',
  Objective: '',
  StartDate: '2026-03-01',
  EndDate: '2026-05-31',
  Budget: 15000,
  Status: 1,
  Archived: false,
  version: 1,
  ...STAMP,
};

export const CHANNEL_TYPES: AccountChannelType[] = [
  {
    ID: 101,
    AccountId: 1,
    ChannelTypeId: 1,
    Name: 'Google Search',
    Group: 'Search',
    DefaultBuyType: 'CPC',
    ConnectorType: 'google_ads',
    ManagementFeePct: 15,
    SystemFeePct: 2.5,
    Active: true,
    DefaultVendorId: null,
    version: 1,
    ...STAMP,
  },
  {
    ID: 102,
    AccountId: 1,
    ChannelTypeId: 2,
    Name: 'YouTube',
    Group: 'Video',
    DefaultBuyType: 'CPV',
    ConnectorType: 'google_ads',
    ManagementFeePct: 12.5,
    SystemFeePct: 0,
    Active: true,
    DefaultVendorId: null,
    version: 1,
    ...STAMP,
  },
  {
    ID: 103,
    AccountId: 1,
    ChannelTypeId: 3,
    Name: 'Meta',
    Group: 'Social',
    DefaultBuyType: 'CPM',
    ConnectorType: 'meta_ads',
    ManagementFeePct: 10,
    SystemFeePct: 1,
    Active: true,
    DefaultVendorId: null,
    version: 1,
    ...STAMP,
  },
];

/** The plan screen's reads with one version (`info`): the handlers a test's mockApi starts from. */
export const planReads = (info: VersionInfo) => ({
  'MediaMixService/GetMediaMixList': () => ok({ ActivityId: 5, Items: [listItem(info)] }),
  'MediaMixService/GetMediaMixInfo': () => ok(JSON.parse(JSON.stringify(info))),
  'ActivitiesService/GetActivityInfo': () => ok(ACTIVITY),
  'CustomColumnsService/GetCustomColumnsList': () => ok({ Items: [] }),
  'AccountsService/GetAccountChannelTypesList': () => ok({ AccountId: 1, Items: CHANNEL_TYPES }),
});
