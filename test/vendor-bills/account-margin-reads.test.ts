import { writeStatsAndRollups } from '../../lambdas/modules/performance-data/batch-write-store.dynamodb';
import { RollupBook, statItem } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import { generateOrdersFor } from '../../lambdas/modules/orders/generate';
import type { OrderSummary } from '../../lambdas/modules/orders/replies';
import { saveVendorBillFor } from '../../lambdas/modules/vendor-bills/bills';
import { vendorBillInput } from '../../lambdas/modules/vendor-bills/schemas';
import { seedVendor, setLineVendor } from '../support/fixtures/orders-service';
import { seedApproved } from '../support/media-plans';
import { startReadJournal, stopReadJournal } from '../support/read-journal';
import { invoke, makeCompany, type Reply } from '../support/world';

/**
 * What GetAccountMargin reads over 12 months (docs/vendor-bills.md, "Cost of a call"): the open
 * months' statements and the unbilled periods' costs are made of the same plan chain and line
 * rollups, read once for the whole range. The plan: two lines, 2026-01-01 – 2026-02-28, each bought
 * from its own vendor; the ILS order's January billed, its line delivering in February; no month
 * final, so every month of 2025-03 – 2026-02 is computed.
 */

function ok(r: Reply) {
  expect(r.body.ErrorMessage).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.Response;
}

async function deliver(co: Awaited<ReturnType<typeof makeCompany>>, o: OrderSummary, lineId: number, date: string) {
  const stat = {
    LineId: lineId,
    ActivityId: o.ActivityId,
    AccountId: o.AccountId,
    Date: date,
    CampaignId: `c-${o.ID}-${lineId}`,
    CampaignName: 'Campaign',
    Currency: 'ILS',
    Impressions: 0,
    Clicks: 0,
    SpendMicros: 300 * 1_000_000,
    ConversionsMilli: 0,
    ConversionValueMicros: 0,
    VideoViews: 0,
  };
  const book = new RollupBook(co.companyId, 'csv_upload', `reads-${o.ID}-${lineId}`);
  book.change(undefined, stat);
  await writeStatsAndRollups(
    [statItem(co.companyId, 'csv_upload', `reads-${o.ID}-${lineId}`, stat)],
    book.takeWrites(),
  );
}

describe('VendorBillsService.GetAccountMargin reads', () => {
  it('reads each line’s rollups and each plan item at most once over 12 months, with the statements’ figures', async () => {
    const co = await makeCompany();
    const plan = await seedApproved(co, 2);
    const ils = await seedVendor(co, 2, 'Keshet');
    const usd = await seedVendor(co, 1, 'Google');
    await setLineVendor(co, plan.planVersion.ID, plan.lines[0].ID, ils);
    await setLineVendor(co, plan.planVersion.ID, plan.lines[1].ID, usd);
    const out = await generateOrdersFor(co.planner, plan.activity.AccountId, plan.planVersion.ID);
    const ilsOrder = out.Orders.find((o) => o.VendorId === ils) as OrderSummary;
    await deliver(co, ilsOrder, plan.lines[0].ID, '2026-02-10');
    await saveVendorBillFor(
      co.planner,
      ilsOrder.AccountId,
      vendorBillInput.parse({
        OrderId: ilsOrder.ID,
        Period: '2026-01',
        VendorRef: 'R-1',
        BillDate: '2026-03-05',
        Net: 530,
        Vat: 0,
        Gross: 530,
        Currency: 2,
      }),
    );

    startReadJournal();
    const reply = await invoke('VendorBillsService', 'GetAccountMargin', {
      as: co.analyst,
      accountId: co.accounts.main.ID,
      body: { fromMonth: '2025-03', toMonth: '2026-02' },
    });
    const reads = stopReadJournal();
    const margin = ok(reply);

    const counted = (part: string) => [...reads].filter(([k]) => k.includes(part));
    const rollups = counted('#RLINE#');
    expect(rollups.map(([k]) => k.slice(k.lastIndexOf('#') + 1)).sort()).toEqual(
      plan.lines.map((l) => String(l.ID)).sort(),
    );
    // The activity's plan item and its approved version's partition.
    const planItems = [...counted('MIXPLAN#'), ...counted('#MIX#')];
    expect(planItems.length).toBeGreaterThanOrEqual(2);
    expect([...rollups, ...planItems].filter(([, n]) => n > 1)).toEqual([]);

    // Each month's billable is its statement's, as GetBillableStatement computes it alone.
    for (const month of ['2026-01', '2026-02']) {
      const s = ok(
        await invoke('BillingService', 'GetBillableStatement', {
          as: co.analyst,
          accountId: co.accounts.main.ID,
          body: { month },
        }),
      );
      expect(margin.Months.find((m: { Month: string }) => m.Month === month).Billable).toBe(s.Subtotal);
    }
    expect(margin.Months.slice(0, 10).every((m: { Billable: number }) => m.Billable === 0)).toBe(true);
    expect(margin.Months.find((m: { Month: string }) => m.Month === '2026-02').Billable).toBeGreaterThanOrEqual(300);
  });
});
