import { serviceHandler } from '../../lambdas/service-handler';
import type { RouteOf, ServiceName } from '../../lambdas/manifest';
import { ACCOUNTS_SERVICE_ROUTES } from '../../lambdas/modules/accounts/routes';
import type { ReplyOf } from '../../lambdas/kit/route';
import { seedApproved, seedRate, seedSubmitted } from '../support/media-plans';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * A route's declared reply (`reply: replyOf<T>()`, lambdas/shared/replies/) is checked at compile
 * time only: the handler must return T. These tests hold the run time to it for the replies the
 * console leans on most: each reply, as it crosses the wire, has every field its type declares and
 * none it does not (a storage field such as BudgetMinor, PendingApplies or ApplyId leaking out, or
 * a declared field the server never sends, fails here).
 *
 * The field lists are typed `Fields<T>`: the compiler makes them name exactly the keys of T, so a
 * field added to a reply type is a compile error here until it is listed (and then checked).
 */
type Fields<T> = { [K in keyof Required<T>]: undefined extends T[K] ? 'optional' : 'required' };
type Reply<Sv extends ServiceName, M extends string> = ReplyOf<RouteOf<Sv, M>>;

function expectShape(value: unknown, fields: Record<string, 'optional' | 'required'>, where: string) {
  expect(value).toEqual(expect.any(Object));
  const got = Object.keys(value as object).sort();
  const undeclared = got.filter((k) => !(k in fields));
  const missing = Object.keys(fields).filter((k) => fields[k] === 'required' && !got.includes(k));
  expect({ where, undeclared, missing }).toEqual({ where, undeclared: [], missing: [] });
}

const STAMPED = {
  version: 'required',
  createdAt: 'required',
  createdBy: 'required',
  updatedAt: 'required',
  updatedBy: 'required',
} as const;

type AccountInfo = Reply<'AccountsService', 'GetAccountInfo'>;
const ACCOUNT: Fields<AccountInfo> = {
  ...STAMPED,
  ID: 'required',
  Name: 'required',
  ParentId: 'required',
  Currency: 'required',
  ApplyVat: 'required',
  ManagementFeePct: 'required',
  ContactName: 'required',
  ContactEmail: 'required',
  Phone: 'required',
  PhoneE164: 'required',
  Website: 'required',
  Status: 'required',
};
type AccountsPage = Reply<'AccountsService', 'GetAccountsList'>;
const ACCOUNTS_PAGE: Fields<AccountsPage> = { Items: 'required', NextToken: 'required' };
const ACCOUNT_ROW: Fields<AccountsPage['Items'][number]> = {
  ...ACCOUNT,
  ActivitiesCount: 'required',
  PlannedBudget: 'required',
};

type Activity = Reply<'ActivitiesService', 'GetActivityInfo'>;
const ACTIVITY: Fields<Activity> = {
  ...STAMPED,
  ID: 'required',
  AccountId: 'required',
  SubAccountId: 'required',
  SubAccountName: 'required',
  Name: 'required',
  Objective: 'required',
  StartDate: 'required',
  EndDate: 'required',
  Budget: 'required',
  Status: 'required',
  Archived: 'required',
};

type VersionInfo = Reply<'MediaMixService', 'GetMediaMixInfo'>;
const MIX_VIEW = {
  ...STAMPED,
  ID: 'required',
  ActivityId: 'required',
  AccountId: 'required',
  Version: 'required',
  Name: 'required',
  Status: 'required',
  StatusName: 'required',
  LineCount: 'required',
  SourceMixId: 'required',
  SubmittedBy: 'required',
  SubmittedAt: 'required',
  ApprovedBy: 'required',
  ApprovedAt: 'required',
  RejectedBy: 'required',
  RejectedAt: 'required',
  RejectReason: 'required',
  ClientApprovedBy: 'required',
  ClientApprovedAt: 'required',
  ClientDeclinedBy: 'required',
  ClientDeclinedAt: 'required',
  ClientDeclinedComment: 'required',
  ExchangeRate: 'required',
  ExchangeRateFrom: 'required',
  ExchangeRateTo: 'required',
  ExchangeRateDate: 'required',
  Pricing: 'required',
  OverBudgetConfirmed: 'optional',
} as const;
const ACTOR_NAMES = {
  SubmittedByName: 'required',
  ApprovedByName: 'required',
  RejectedByName: 'required',
  ClientApprovedByName: 'required',
  ClientDeclinedByName: 'required',
  OverBudgetConfirmedByName: 'required',
} as const;
const MIX_INFO: Fields<VersionInfo> = {
  ...MIX_VIEW,
  ...ACTOR_NAMES,
  Currency: 'required',
  CurrencyCode: 'required',
  ApplyVat: 'required',
  Lines: 'required',
  Totals: 'required',
  ConvertedCurrency: 'required',
  ConvertedCurrencyCode: 'required',
  ExchangeRateUsed: 'required',
  RateFixed: 'required',
  ConvertedTotals: 'required',
  ConvertedTotal: 'required',
  RateMissing: 'required',
  RateMissingOn: 'required',
  OutOfRange: 'required',
};
const LINE_VIEW = {
  ...STAMPED,
  ID: 'required',
  MediaMixId: 'required',
  ActivityId: 'required',
  AccountId: 'required',
  AccountChannelTypeId: 'required',
  ChannelTypeId: 'required',
  ChannelTypeName: 'required',
  Name: 'required',
  StartDate: 'required',
  EndDate: 'required',
  BuyType: 'required',
  UnitCost: 'required',
  Budget: 'required',
  ManagementFeePct: 'required',
  SystemFeePct: 'required',
  ImageCreatives: 'required',
  VideoCreatives: 'required',
  Notes: 'required',
  MonthlySplit: 'required',
  SourceLineId: 'required',
  VendorId: 'required',
  Archived: 'required',
  ArchivedAt: 'optional',
  ArchivedBy: 'optional',
} as const;
const MIX_LINE: Fields<VersionInfo['Lines'][number]> = { ...LINE_VIEW, Amounts: 'required', Kpis: 'required' };
const TOTALS: Fields<NonNullable<VersionInfo['Totals']>> = {
  Net: 'required',
  ManagementFee: 'required',
  SystemFee: 'required',
  CreativeFee: 'required',
  SetupFee: 'required',
  Subtotal: 'required',
  Vat: 'required',
  Total: 'required',
};

type VersionList = Reply<'MediaMixService', 'GetMediaMixList'>;
const MIX_LIST_ITEM: Fields<VersionList['Items'][number]> = {
  ...MIX_VIEW,
  ...ACTOR_NAMES,
  Currency: 'required',
  Net: 'required',
  Total: 'required',
  OutOfRange: 'required',
};

type LineInfo = Reply<'AccountsService', 'GetMediaChannelInfo'>;
const LINE_INFO: Fields<LineInfo> = {
  ...LINE_VIEW,
  Amounts: 'required',
  Kpis: 'required',
  OutOfRange: 'required',
  MediaMix: 'required',
};

type Configuration = Reply<'ConfigurationsService', 'GetConfigurations'>;
const CONFIGURATION: Fields<Configuration> = {
  VatPct: 'required',
  ImageSubmitFee: 'required',
  VideoSubmitFee: 'required',
  SetupFee: 'required',
  MaxImageBytes: 'required',
  MaxVideoBytes: 'required',
  PacingLow: 'required',
  PacingHigh: 'required',
  DefaultLocale: 'required',
  DefaultCurrency: 'required',
  RequireMfa: 'required',
  ApproverMustDifferFromSubmitter: 'required',
  TimeZone: 'required',
  SyncHour: 'required',
  RestatementDays: 'required',
  BackfillDays: 'required',
  BillTolerancePct: 'required',
  MissingBillDays: 'required',
  version: 'required',
  updatedAt: 'optional',
  updatedBy: 'optional',
};

type ChannelTypes = Reply<'AccountsService', 'GetAccountChannelTypesList'>;
const ACCOUNT_CHANNEL_TYPE: Fields<ChannelTypes['Items'][number]> = {
  ...STAMPED,
  ID: 'required',
  AccountId: 'required',
  ChannelTypeId: 'required',
  Name: 'required',
  Group: 'required',
  DefaultBuyType: 'required',
  ConnectorType: 'required',
  ManagementFeePct: 'required',
  SystemFeePct: 'required',
  Active: 'required',
  DefaultVendorId: 'required',
};

type Rates = Reply<'ExchangeRatesService', 'GetExchangeRatesList'>;
const RATE: Fields<Rates['Items'][number]> = {
  ...STAMPED,
  Date: 'required',
  From: 'required',
  To: 'required',
  Rate: 'required',
  Source: 'required',
  Archived: 'required',
};

type Inbox = Reply<'ApprovalsService', 'GetApprovalInbox'>;
const VERSION_ROW = {
  MediaMixId: 'required',
  Version: 'required',
  Name: 'required',
  Status: 'required',
  StatusName: 'required',
  ActivityId: 'required',
  ActivityName: 'required',
  AccountId: 'required',
  AccountName: 'required',
  SubAccountId: 'required',
  SubAccountName: 'required',
  Currency: 'required',
  CurrencyCode: 'required',
  Net: 'required',
  Total: 'required',
  ActivityBudget: 'required',
  OverBudgetBy: 'required',
  SubmittedAt: 'required',
  SubmittedByName: 'required',
} as const;
const INBOX_ITEM: Fields<Inbox['Items'][number]> = {
  ...VERSION_ROW,
  DaysWaiting: 'required',
  OverBudgetConfirmed: 'required',
};
type MyPlans = Reply<'ApprovalsService', 'GetMyPlans'>;
const MY_PLAN: Fields<MyPlans['Items'][number]> = {
  ...VERSION_ROW,
  LastChangeAt: 'required',
  ApprovedAt: 'required',
  ApprovedByName: 'required',
  RejectedAt: 'required',
  RejectedByName: 'required',
  RejectReason: 'required',
  ClientApprovedAt: 'required',
  ClientApprovedByName: 'required',
  ClientDeclinedAt: 'required',
  ClientDeclinedByName: 'required',
  ClientDeclinedComment: 'required',
};

let c: Company;
beforeAll(async () => {
  c = await makeCompany('Reply Contract Agency');
});

const ok = async (service: ServiceName, method: string, body: unknown, accountId?: number) => {
  const r = await invoke(service, method, { as: c.admin, body, accountId });
  expect({ status: r.status, error: r.body.ErrorMessage }).toEqual({ status: 200, error: undefined });
  return r.body.Response;
};

describe('each reply carries exactly the fields its route declares', () => {
  it('accounts: GetAccountInfo, GetAccountsList', async () => {
    const main = c.accounts.main.ID;
    expectShape(await ok('AccountsService', 'GetAccountInfo', { accountId: main }, main), ACCOUNT, 'GetAccountInfo');
    const page = await ok('AccountsService', 'GetAccountsList', { mainAccountId: -1 });
    expectShape(page, ACCOUNTS_PAGE, 'GetAccountsList');
    expect(page.Items.length).toBeGreaterThan(0);
    for (const row of page.Items) expectShape(row, ACCOUNT_ROW, 'GetAccountsList.Items[]');
  });

  it('the media plan: GetActivityInfo, GetMediaMixInfo, GetMediaMixList, GetMediaChannelInfo (an Approved version)', async () => {
    const p = await seedApproved(c, 2);
    const scope = p.activity.AccountId;
    expectShape(
      await ok('ActivitiesService', 'GetActivityInfo', { activityId: p.activity.ID }, scope),
      ACTIVITY,
      'GetActivityInfo',
    );
    const info = await ok('MediaMixService', 'GetMediaMixInfo', { mediaMixId: p.planVersion.ID }, scope);
    expectShape(info, MIX_INFO, 'GetMediaMixInfo');
    expectShape(info.Totals, TOTALS, 'GetMediaMixInfo.Totals');
    expect(info.Lines).toHaveLength(2);
    for (const l of info.Lines) expectShape(l, MIX_LINE, 'GetMediaMixInfo.Lines[]');
    const list = await ok('MediaMixService', 'GetMediaMixList', { activityId: p.activity.ID }, scope);
    for (const item of list.Items) expectShape(item, MIX_LIST_ITEM, 'GetMediaMixList.Items[]');
    const line = await ok('AccountsService', 'GetMediaChannelInfo', { channelId: p.lines[0].ID }, scope);
    expectShape(line, LINE_INFO, 'GetMediaChannelInfo');
  });

  it('company settings: GetConfigurations, GetAccountChannelTypesList, GetExchangeRatesList', async () => {
    expectShape(await ok('ConfigurationsService', 'GetConfigurations', {}), CONFIGURATION, 'GetConfigurations');
    const main = c.accounts.main.ID;
    await ok('AccountsService', 'InitAccountChannelTypes', { reload: false }, main);
    const types = await ok('AccountsService', 'GetAccountChannelTypesList', {}, main);
    expect(types.Items.length).toBeGreaterThan(0);
    for (const t of types.Items) expectShape(t, ACCOUNT_CHANNEL_TYPE, 'GetAccountChannelTypesList.Items[]');
    await seedRate(c, '2001-02-03', 'USD', 'ILS', 3.7);
    const rates = await ok('ExchangeRatesService', 'GetExchangeRatesList', {});
    expect(rates.Items.length).toBeGreaterThan(0);
    for (const r of rates.Items) expectShape(r, RATE, 'GetExchangeRatesList.Items[]');
  });
});

describe('where versions wait', () => {
  it('GetApprovalInbox and GetMyPlans (a Submitted version of the planner)', async () => {
    const p = await seedSubmitted(c);
    const inbox = await invoke('ApprovalsService', 'GetApprovalInbox', { as: c.approver, body: {} });
    const item = inbox.body.Response.Items.find((i: { MediaMixId: number }) => i.MediaMixId === p.planVersion.ID);
    expectShape(item, INBOX_ITEM, 'GetApprovalInbox.Items[]');
    const mine = await invoke('ApprovalsService', 'GetMyPlans', { as: c.planner, body: {} });
    expect(mine.body.Response.Items.length).toBeGreaterThan(0);
    for (const i of mine.body.Response.Items) expectShape(i, MY_PLAN, 'GetMyPlans.Items[]');
  });
});

describe('the compile-time half (checked by `tsc`, which `npm test` runs)', () => {
  it("a method answering anything but its route's reply does not compile", () => {
    // @ts-expect-error GetAccountInfo declares replyOf<AccountView>(): an object without its fields is refused
    const wrong = serviceHandler(ACCOUNTS_SERVICE_ROUTES, 'GetAccountInfo', async () => ({ ID: 1 }));
    // @ts-expect-error a page is not an account
    const notAPage: AccountsPage = { ...c.accounts.main };
    expect([typeof wrong, notAPage.NextToken]).toEqual(['function', undefined]);
  });
});
