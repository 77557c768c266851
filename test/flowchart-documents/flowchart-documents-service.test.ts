import { seedApproved } from '../support/media-plans';
import { seedOrder, seedVendor, setLineVendor } from '../support/fixtures/orders-service';
import { pdfText } from '../support/poppler';
import { invoke, makeCompany, type Company, type Reply } from '../support/world';

/**
 * The flowchart PDF routes on DynamoDB Local: MediaMixService.ExportMediaMixFlowchart (whoever may
 * read the version; by vendor for staff only) and OrdersService.ExportOrderFlowchart (staff, the
 * order's account). seedApproved's lines: 1,000.00 and 1,001.00 ILS over 1 Jan – 28 Feb 2026, pro
 * rata by days (31 + 28): 100000 × 31/59 = 52542.4 → 525.42 and 474.58 (the cent to February,
 * the larger rest); 100100 → 525.95 and 475.05; the months 1,051.37 and 949.63, in all 2,001.00.
 */
let c: Company;
beforeAll(async () => {
  c = await makeCompany('Flowchart Agency');
});

function file(r: Reply) {
  expect(r.body.ErrorMessage).toBeUndefined();
  expect(r.status).toBe(200);
  const f = r.body.Response as { FileName: string; ContentType: string; ContentDisposition: string; Base64: string };
  const bytes = Buffer.from(f.Base64, 'base64');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return {
    ...f,
    text: pdfText(bytes)
      .join('\n')
      .replace(/\u00a0/g, ' '),
  };
}

const versionPdf = (body: Record<string, unknown>, as = c.planner, accountId = c.accounts.main.ID) =>
  invoke('MediaMixService', 'ExportMediaMixFlowchart', { as, body, accountId });

describe('MediaMixService.ExportMediaMixFlowchart', () => {
  it("answers the version's flowchart as a PDF file with the agency, the lines and the hand-computed totals", async () => {
    const p = await seedApproved(c, 2);
    const f = file(await versionPdf({ mediaMixId: p.planVersion.ID }));
    expect(f.ContentType).toBe('application/pdf');
    expect(f.FileName).toMatch(/Version 1 - Flowchart\.pdf$/);
    expect(f.ContentDisposition).toMatch(/^attachment; filename="[ -~]+\.pdf"; filename\*=UTF-8''/);
    for (const words of ['Flowchart Agency', 'Line 1', 'Line 2', 'Jan 2026', 'Feb 2026', 'Totals'])
      expect(f.text).toContain(words);
    for (const amount of ['525.42', '474.58', '525.95', '475.05', '1,051.37', '949.63', '2,001.00'])
      expect(f.text).toContain(amount);
  });

  it('lets a client user read an approved version, in Hebrew, but not grouped by vendor', async () => {
    const p = await seedApproved(c, 1);
    const he = file(await versionPdf({ mediaMixId: p.planVersion.ID, language: 'he' }, c.client));
    expect(he.text).toContain('תרשים זרימה');
    expect(he.FileName).toMatch(/תרשים זרימה\.pdf$/);
    const refused = await versionPdf({ mediaMixId: p.planVersion.ID, groupBy: 'vendor' }, c.client);
    expect([refused.status, refused.body.ErrorCode]).toEqual([403, 'CLIENT_READ_ONLY']);
  });

  it("groups by vendor for staff: the vendor's name, and the lines without one last", async () => {
    const p = await seedApproved(c, 2);
    await setLineVendor(c, p.planVersion.ID, p.lines[1].ID, await seedVendor(c, 2, 'Keshet Media'));
    const f = file(await versionPdf({ mediaMixId: p.planVersion.ID, groupBy: 'vendor', grain: 'week' }));
    expect(f.text.indexOf('Keshet Media')).toBeGreaterThan(-1);
    expect(f.text.indexOf('No vendor')).toBeGreaterThan(f.text.indexOf('Keshet Media'));
    expect(f.text).toContain('2,001.00');
  });

  it("refuses another account's version", async () => {
    const p = await seedApproved(c, 1);
    const r = await versionPdf({ mediaMixId: p.planVersion.ID }, c.planner, c.accounts.other.ID);
    expect(r.status).toBe(403);
  });
});

describe('OrdersService.ExportOrderFlowchart', () => {
  it("answers the order's lines × months in the vendor's currency, for staff of the order's account", async () => {
    const { generated } = await seedOrder(c);
    const o = generated.Orders[0];
    const call = (as = c.planner, accountId = o.AccountId, body: Record<string, unknown> = { orderId: o.ID }) =>
      invoke('OrdersService', 'ExportOrderFlowchart', { as, body, accountId });
    const f = file(await call());
    for (const words of ['Flowchart Agency', 'Orders vendor', `Order ${o.ID}`, 'Line 1', 'ILS'])
      expect(f.text).toContain(words);
    for (const amount of ['525.42', '474.58', '1,000.00']) expect(f.text).toContain(amount);
    const client = await call(c.client);
    expect([client.status, client.body.ErrorCode]).toEqual([403, 'CLIENT_READ_ONLY']);
    expect((await call(c.planner, c.accounts.other.ID)).status).toBe(403);
    const byVendor = await call(c.planner, o.AccountId, { orderId: o.ID, groupBy: 'vendor' });
    expect([byVendor.status, byVendor.body.ErrorCode]).toEqual([400, 'FIELD_INVALID']);
  });
});
