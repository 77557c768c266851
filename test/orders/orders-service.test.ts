import { Role } from '../../lambdas/shared/permissions';
import { createNextVersion } from '../../lambdas/modules/media-plans/plans';
import { approveVersion, submitVersion } from '../../lambdas/modules/media-plans/lifecycle';
import { current, seedApproved, seedDraft, seedLine } from '../support/media-plans';
import { seedVendor, setLineVendor } from '../support/fixtures/orders-service';
import { invoke, makeCompany, makeUser, tableSnapshot, type Company, type Reply } from '../support/world';

/**
 * OrdersService on DynamoDB Local: orders per vendor from an approved version (amounts in the
 * vendor's currency at the version's fixed rate, USD→ILS 3.7 seeded by seedApproved), idempotent
 * generation, approve / revoke / re-approve as version 2, the plan's later changes shown as a diff,
 * lists filtered by account access, refusals that write nothing.
 */
const call = (co: Company, method: string, body: Record<string, unknown>, as = co.planner, accountId?: number) =>
  invoke('OrdersService', method, { as, body, accountId: accountId ?? co.accounts.main.ID });

function ok(r: Reply) {
  expect(r.body.ErrorMessage).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.Response;
}

const companyItems = async (co: Company) =>
  (await tableSnapshot()).filter((i) => i.includes(`"C#${co.companyId}"`) || i.includes(`"C#${co.companyId}#`));

/** An approved plan of three lines (1,000, 1,001 and 1,002 ILS, Jan 1 – Feb 28 2026): an ILS vendor, a USD vendor, none. */
async function planWithVendors(co: Company) {
  const plan = await seedApproved(co, 3);
  const ils = await seedVendor(co, 2, 'Keshet');
  const usd = await seedVendor(co, 1, 'Google');
  await setLineVendor(co, plan.planVersion.ID, plan.lines[0].ID, ils);
  await setLineVendor(co, plan.planVersion.ID, plan.lines[1].ID, usd);
  return { plan, ils, usd };
}

describe('OrdersService.GenerateOrders', () => {
  it("makes one draft order per vendor in the vendor's currency; lines without a vendor are answered, not ordered", async () => {
    const co = await makeCompany();
    const { plan, ils, usd } = await planWithVendors(co);
    const out = ok(await call(co, 'GenerateOrders', { mediaMixId: plan.planVersion.ID }));
    expect(out.NoVendor).toEqual([{ LineId: plan.lines[2].ID, Name: 'Line 3' }]);
    const byVendor = new Map(out.Orders.map((o: { VendorId: number }) => [o.VendorId, o]));
    expect(byVendor.get(ils)).toMatchObject({
      Outcome: 'created',
      Version: 1,
      Status: 'draft',
      Currency: 2,
      Total: 1000,
    });
    // 1,001.00 ILS ÷ 3.7 = 270.54 USD (once, half up).
    expect(byVendor.get(usd)).toMatchObject({ Outcome: 'created', CurrencyCode: 'USD', Total: 270.54, LineCount: 1 });

    const usdOrder = ok(await call(co, 'GetOrder', { orderId: (byVendor.get(usd) as { ID: number }).ID }));
    // Plan months 100100 × 31/59 → 52595, × 28/59 → 47505 agorot; ÷ 3.7 → 142.1486 and 128.3919:
    // floors 142.14 + 128.39 = 270.53, the cent left to January (larger rest).
    expect(usdOrder.Lines).toEqual([
      {
        LineId: plan.lines[1].ID,
        Name: 'Line 2',
        ChannelTypeName: expect.any(String),
        AccountChannelTypeId: expect.any(Number),
        StartDate: '2026-01-01',
        EndDate: '2026-02-28',
        Months: [
          { Month: '2026-01', Amount: 142.15 },
          { Month: '2026-02', Amount: 128.39 },
        ],
        Total: 270.54,
      },
    ]);
    expect(usdOrder).toMatchObject({
      PlanCurrency: 2,
      Rate: { Rate: 3.7, From: 'USD', To: 'ILS' },
      Periods: [
        { Month: '2026-01', Amount: 142.15 },
        { Month: '2026-02', Amount: 128.39 },
      ],
      VendorName: expect.stringContaining('Google'),
      ActivityName: plan.activity.Name,
      AccountName: co.accounts.main.Name,
      Changed: false,
      Diff: [],
      History: [],
    });
  });

  it('is idempotent: run again it changes nothing', async () => {
    const co = await makeCompany();
    const { plan } = await planWithVendors(co);
    const first = ok(await call(co, 'GenerateOrders', { mediaMixId: plan.planVersion.ID }));
    const before = await companyItems(co);
    const again = ok(await call(co, 'GenerateOrders', { mediaMixId: plan.planVersion.ID }));
    expect(again.Orders.map((o: { ID: number; Outcome: string }) => [o.ID, o.Outcome])).toEqual(
      first.Orders.map((o: { ID: number }) => [o.ID, 'unchanged']),
    );
    expect(await companyItems(co)).toEqual(before);
  });

  it('refuses a version that is not Approved (409) and writes nothing', async () => {
    const co = await makeCompany();
    const draft = await seedDraft(co, 1);
    const before = await companyItems(co);
    const r = await call(co, 'GenerateOrders', { mediaMixId: draft.planVersion.ID });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      ErrorCode: 'PLAN_ACTION_NOT_ALLOWED',
      ErrorParams: { action: 'order', status: 'Draft' },
    });
    expect(await companyItems(co)).toEqual(before);
  });
});

describe('approve, the plan changing, revoke and re-approve', () => {
  it('locks the order, shows the later approved version as a diff, and makes version 2 after a revoke', async () => {
    const co = await makeCompany();
    const { plan, ils } = await planWithVendors(co);
    const accountId = plan.activity.AccountId;
    const gen = ok(await call(co, 'GenerateOrders', { mediaMixId: plan.planVersion.ID }));
    const order = gen.Orders.find((o: { VendorId: number }) => o.VendorId === ils);

    const refused = await call(co, 'ApproveOrder', { orderId: order.ID, version: order.version });
    expect(refused.status).toBe(403);
    const approved = ok(await call(co, 'ApproveOrder', { orderId: order.ID, version: order.version }, co.approver));
    expect(approved).toMatchObject({ Status: 'approved', Version: 1, ApprovedBy: co.approver.email });

    // Version 2 of the plan adds a 500.00 ILS January line for the same vendor.
    const v2 = await createNextVersion(co.planner, accountId, plan.planVersion.ID);
    const added = await seedLine(co, v2, {
      Name: 'Added',
      Budget: 500,
      StartDate: '2026-01-01',
      EndDate: '2026-01-31',
    });
    await setLineVendor(co, v2.ID, added.ID, ils);
    const submitted = await submitVersion(co.planner, accountId, {
      mediaMixId: v2.ID,
      version: (await current(co, v2.ID)).version,
    });
    await approveVersion(co.approver, accountId, { mediaMixId: v2.ID, version: submitted.version });

    const stale = await call(co, 'GenerateOrders', { mediaMixId: plan.planVersion.ID });
    expect(stale.status).toBe(409);
    expect(stale.body.ErrorCode).toBe('STALE_VERSION');
    const locked = ok(await call(co, 'GenerateOrders', { mediaMixId: v2.ID }));
    expect(locked.Orders.find((o: { ID: number }) => o.ID === order.ID)).toMatchObject({
      Outcome: 'locked',
      Total: 1000,
    });

    const changed = ok(await call(co, 'GetOrder', { orderId: order.ID }));
    expect(changed).toMatchObject({ Changed: true, ChangedIn: { MediaMixId: v2.ID, PlanVersion: 2 }, Total: 1000 });
    expect(changed.Diff).toEqual([
      {
        LineId: added.ID,
        Change: 'added',
        Before: null,
        After: { Name: 'Added', StartDate: '2026-01-01', EndDate: '2026-01-31', Total: 500 },
        Periods: [{ Month: '2026-01', Before: 0, After: 500 }],
      },
    ]);

    const noReason = await call(
      co,
      'RevokeOrder',
      { orderId: order.ID, version: approved.version, reason: '' },
      co.approver,
    );
    expect(noReason.status).toBe(400);
    const revoked = ok(
      await call(co, 'RevokeOrder', { orderId: order.ID, version: approved.version, reason: 'New line' }, co.approver),
    );
    expect(revoked).toMatchObject({
      Status: 'draft',
      Version: 1,
      RevokeReason: 'New line',
      RevokedBy: co.approver.email,
    });
    const refreshed = ok(await call(co, 'GenerateOrders', { mediaMixId: v2.ID }));
    expect(refreshed.Orders.find((o: { ID: number }) => o.ID === order.ID)).toMatchObject({
      Outcome: 'refreshed',
      Total: 1500,
      LineCount: 2,
      PlanVersion: 2,
    });
    const fresh = ok(await call(co, 'GetOrder', { orderId: order.ID }));
    expect(fresh).toMatchObject({
      Changed: false,
      Periods: [
        { Month: '2026-01', Amount: 1025.42 },
        { Month: '2026-02', Amount: 474.58 },
      ],
    });
    const again = ok(await call(co, 'ApproveOrder', { orderId: order.ID, version: fresh.version }, co.approver));
    expect(again).toMatchObject({ Status: 'approved', Version: 2 });
    expect(
      again.History.map((h: { Version: number; RevokeReason: string | null }) => [h.Version, h.RevokeReason]),
    ).toEqual([
      [1, 'New line'],
      [2, null],
    ]);
    const twice = await call(co, 'ApproveOrder', { orderId: order.ID, version: again.version }, co.approver);
    expect(twice.body.ErrorCode).toBe('STALE_VERSION');
  });
});

describe('OrdersService.GetOrdersList', () => {
  it('lists per plan, per vendor and company-wide, only the accounts the caller may open', async () => {
    const co = await makeCompany();
    const { plan, ils, usd } = await planWithVendors(co);
    ok(await call(co, 'GenerateOrders', { mediaMixId: plan.planVersion.ID }));
    const ids = (r: Reply) =>
      ok(r)
        .Items.map((o: { VendorId: number }) => o.VendorId)
        .sort();
    const companyWide = (body: Record<string, unknown>, as = co.planner) =>
      invoke('OrdersService', 'GetOrdersList', { as, body });
    expect(ids(await companyWide({}))).toEqual([ils, usd].sort());
    expect(ids(await companyWide({ vendorId: usd }))).toEqual([usd]);
    expect(ids(await companyWide({ activityId: plan.activity.ID, status: 'approved' }))).toEqual([]);
    expect(ids(await call(co, 'GetOrdersList', { mediaMixId: plan.planVersion.ID }))).toEqual([ils, usd].sort());
    expect(ids(await call(co, 'GetOrdersList', {}, co.planner, co.accounts.other.ID))).toEqual([]);
    const otherOnly = await makeUser(co.companyId, Role.Planner, [], { accountAccess: [co.accounts.other.ID] });
    expect(ids(await companyWide({}, otherOnly))).toEqual([]);
    expect((await companyWide({}, co.client)).status).toBe(403);
    const elsewhere = await makeCompany();
    expect(ids(await companyWide({}, elsewhere.planner))).toEqual([]);
  });
});
