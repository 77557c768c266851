import { readSheet } from 'read-excel-file/node';
import { channelType, current, seedActivity, seedLine, seedMix, seedRate } from '../support/media-plans';
import { makeCompany, type Company } from '../support/world';
import { expectError, expectOk, info, mix } from './helpers';

let c: Company;
beforeAll(async () => {
  c = await makeCompany('Export Agency');
  await seedRate(c, '2020-01-01', 'ILS', 'USD', 0.27);
});

async function workedExample(name = 'Spring launch / "brand"') {
  const a = await seedActivity(c);
  const m = await seedMix(c, a, name);
  await seedLine(c, m, { AccountChannelTypeId: (await channelType(c, 'Google Search')).ID, Name: 'Brand search', Budget: 10000, ManagementFeePct: 15, SystemFeePct: 2.5, ImageCreatives: 4, VideoCreatives: 2, BuyType: 'CPC', UnitCost: 2.5 });
  await seedLine(c, m, { AccountChannelTypeId: (await channelType(c, 'YouTube')).ID, Name: 'Pre-roll', Budget: 3333.33, ManagementFeePct: 12.5, SystemFeePct: 0, VideoCreatives: 3, BuyType: 'CPV', UnitCost: 0.05 });
  return current(c, m.ID);
}

type Sheet = (string | number | boolean | Date | null)[][];

async function exported(mediaMixId: number, as = c.planner): Promise<{ file: { FileName: string; ContentType: string }; rows: Sheet }> {
  const file = expectOk(await mix(c, 'ExportMediaMix', { mediaMixId }, as));
  const rows = (await readSheet(Buffer.from(file.Base64, 'base64'))) as Sheet;
  return { file, rows };
}

const valueOf = (rows: Sheet, label: string, column = 1) => rows.find((r) => r[0] === label)?.[column];

describe('MediaMixService.ExportMediaMix', () => {
  it("writes an .xlsx whose totals cells are GetMediaMixInfo's figures (read back with read-excel-file)", async () => {
    const m = await workedExample();
    const detail = await info(c, m.ID);
    const { file, rows } = await exported(m.ID);
    expect(file.ContentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.FileName).toBe('Spring launch brand v1.xlsx');
    expect(valueOf(rows, 'Net media')).toBe(detail.Totals.Net);
    expect(valueOf(rows, 'Management fee')).toBe(detail.Totals.ManagementFee);
    expect(valueOf(rows, 'System fee')).toBe(detail.Totals.SystemFee);
    expect(valueOf(rows, 'Creative fees')).toBe(detail.Totals.CreativeFee);
    expect(valueOf(rows, 'Setup fee')).toBe(detail.Totals.SetupFee);
    expect(valueOf(rows, 'Subtotal')).toBe(detail.Totals.Subtotal);
    expect(valueOf(rows, 'VAT')).toBe(detail.Totals.Vat);
    expect(valueOf(rows, 'Total')).toBe(18654.03);
    expect(valueOf(rows, 'Total')).toBe(detail.Totals.Total);
    expect(valueOf(rows, 'Converted total')).toBe(detail.ConvertedTotal);
    expect(valueOf(rows, 'Converted total', 2)).toBe('USD at 1 ILS = 0.27 USD (2020-01-01)');
    expect(valueOf(rows, 'Version')).toBe(1);
    expect(valueOf(rows, 'Approval')).toBe('Not approved');
    expect(valueOf(rows, 'Media plan')).toBe('Spring launch / "brand"');
  });

  it('lists every line with its channel, dates, buy type, unit cost, budget, each fee and its planned KPIs', async () => {
    const m = await workedExample();
    const detail = await info(c, m.ID);
    const { rows } = await exported(m.ID);
    const header = rows.findIndex((r) => r[0] === 'Channel');
    expect(rows[header]).toEqual([
      'Channel', 'Line', 'Start', 'End', 'Buy type', 'Unit cost', 'Budget (net)', 'Management fee %', 'Management fee',
      'System fee %', 'System fee', 'Images', 'Videos', 'Creative fees', 'Subtotal', 'Impressions', 'Clicks', 'Conversions', 'Views',
    ]);
    const [search, video] = [rows[header + 1], rows[header + 2]];
    expect(search).toEqual([
      detail.Lines[0].ChannelTypeName, 'Brand search', '2026-01-01', '2026-02-28', 'CPC', 2.5, 10000, 15, 1500, 2.5, 250, 4, 2, 4.6, 11754.6, null, 4000, null, null,
    ]);
    expect(video.slice(0, 15)).toEqual([detail.Lines[1].ChannelTypeName, 'Pre-roll', '2026-01-01', '2026-02-28', 'CPV', 0.05, 3333.33, 12.5, 416.67, 0, 0, 0, 3, 3.9, 3753.9]);
    expect(video[18]).toBe(66666);
  });

  it('an approved version carries its approval stamp and the rate fixed at approval', async () => {
    const m = await workedExample('Approved plan');
    const s = expectOk(await mix(c, 'SubmitMediaMix', { mediaMixId: m.ID, version: m.version }));
    const a = expectOk(await mix(c, 'ApproveMediaMix', { mediaMixId: m.ID, version: s.version }, c.approver));
    await seedRate(c, '2020-03-01', 'ILS', 'USD', 0.31);
    const { rows } = await exported(m.ID, c.client);
    expect(valueOf(rows, 'Approval')).toBe(`Approved by ${c.approver.email} on ${a.ApprovedAt.slice(0, 10)} ${a.ApprovedAt.slice(11, 16)} UTC`);
    expect(valueOf(rows, 'Status')).toBe('Approved');
    expect(valueOf(rows, 'Converted total')).toBe(5036.59);
    expect(valueOf(rows, 'Converted total', 2)).toBe('USD at 1 ILS = 0.27 USD (2020-01-01, fixed at approval)');
  });

  it('without a rate the converted total cell says which rate is missing', async () => {
    const d = await makeCompany('Export No Rate Agency');
    const a = await seedActivity(d);
    const m = await seedMix(d, a);
    await seedLine(d, m, { Budget: 100 });
    const file = expectOk(await mix(d, 'ExportMediaMix', { mediaMixId: m.ID }, d.planner));
    const rows = (await readSheet(Buffer.from(file.Base64, 'base64'))) as Sheet;
    expect(valueOf(rows, 'Converted total')).toBeNull();
    expect(valueOf(rows, 'Converted total', 2)).toMatch(/^No exchange rate from ILS to USD/);
  });

  it('an unknown mix is 404', async () => {
    expectError(await mix(c, 'ExportMediaMix', { mediaMixId: 987654 }), 404);
  });
});
