import ExcelJS from 'exceljs';
import { readSheet } from 'read-excel-file/node';
import { seedApproved, type SeededPlan } from '../support/media-plans';
import { pngOf } from '../support/images';
import { picturesOf } from '../support/xlsx-images';
import { expectOk, info, version } from '../media-plans/helpers';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * The company's logo in the Excel files the server makes (the plan export, the billable statement;
 * the scheduled report's file: company-logo-mails.test.ts), on DynamoDB Local and the local S3:
 * uploaded by an Admin, it floats at the top of the first sheet with the same bytes, read once per
 * file; a company without one gets the file as before. The plan's file still imports back as it is.
 */
const LOGO = pngOf(240, 80);
let withLogo: Company;
let without: Company;

beforeAll(async () => {
  [withLogo, without] = await Promise.all([makeCompany('Logo Files Agency'), makeCompany('Plain Files Agency')]);
  const r = await invoke('ConfigurationsService', 'SaveCompanyLogo', {
    as: withLogo.admin,
    body: { Logo: LOGO.toString('base64') },
  });
  expect(r.status).toBe(200);
});

/** Requests to the local S3 for a company's logo objects, while `run` runs (fetch observed, not replaced). */
async function logoReads<T>(companyId: number, run: () => Promise<T>): Promise<{ result: T; reads: number }> {
  const spy = jest.spyOn(globalThis, 'fetch');
  try {
    const result = await run();
    const reads = spy.mock.calls.filter(([url]) => String(url).includes(`/logos/${companyId}/`)).length;
    return { result, reads };
  } finally {
    spy.mockRestore();
  }
}

const planFile = async (c: Company, p: SeededPlan, language = 'en') =>
  Buffer.from(
    expectOk(await version(c, 'ExportMediaMix', { mediaMixId: p.planVersion.ID, language })).Base64,
    'base64',
  );
const billingFile = async (c: Company) =>
  Buffer.from(
    expectOk(
      await invoke('BillingService', 'ExportBillableStatement', {
        as: c.analyst,
        body: { month: '2026-03', language: 'he' },
        accountId: c.accounts.main.ID,
      }),
    ).Base64,
    'base64',
  );

describe('the plan export', () => {
  let p: SeededPlan;
  let q: SeededPlan;
  beforeAll(async () => {
    [p, q] = await Promise.all([seedApproved(withLogo, 2), seedApproved(without, 2)]);
  });

  it('shows the logo over the empty top of the header block, its bytes as uploaded, read once; without a logo, no picture', async () => {
    const { result: file, reads } = await logoReads(withLogo.companyId, () => planFile(withLogo, p));
    expect(reads).toBe(1);
    const [sheet, identity] = await picturesOf(file);
    expect(sheet).toHaveLength(1);
    expect(sheet[0]).toMatchObject({ extension: 'png', col: 3, row: 0, width: 144, height: 48 });
    expect(sheet[0].bytes.equals(LOGO)).toBe(true);
    expect(identity).toEqual([]);
    // The picture covers no value: rows 1 to 3 hold labels and values in A and B only.
    const rows = (await readSheet(file)) as unknown[][];
    expect(rows.slice(0, 3).every((r) => r.slice(2).every((v) => v === null))).toBe(true);

    expect(await picturesOf(await planFile(without, q))).toEqual([[], []]);
  });

  it('with the logo, the file imports back unchanged (as exported, and as exceljs rewrites it with its picture): the import copies the lines as they are', async () => {
    const rewritten = async (file: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file as unknown as ExcelJS.Buffer);
      const again = Buffer.from(await wb.xlsx.writeBuffer());
      expect((await picturesOf(again))[0]).toHaveLength(1);
      return again;
    };
    for (const language of ['en', 'he']) {
      const exported = await planFile(withLogo, p, language);
      for (const file of [exported, await rewritten(exported)]) {
        const seen = expectOk(
          await version(withLogo, 'PreviewMediaMixImport', {
            mediaMixId: p.planVersion.ID,
            file: file.toString('base64'),
          }),
        );
        expect(seen).toMatchObject({ Added: [], Changed: [], Removed: [], Unchanged: 2, NewVersionNumber: 2 });
      }
    }
    const file = (await planFile(withLogo, p)).toString('base64');
    const seen = expectOk(await version(withLogo, 'PreviewMediaMixImport', { mediaMixId: p.planVersion.ID, file }));
    const done = expectOk(
      await version(withLogo, 'ImportMediaMix', { mediaMixId: p.planVersion.ID, file, token: seen.Token }),
    );
    const fields = (l: Record<string, unknown>) => ({
      Name: l.Name,
      Budget: l.Budget,
      StartDate: l.StartDate,
      EndDate: l.EndDate,
      BuyType: l.BuyType,
      UnitCost: l.UnitCost,
      ManagementFeePct: l.ManagementFeePct,
      SystemFeePct: l.SystemFeePct,
      AccountChannelTypeId: l.AccountChannelTypeId,
    });
    const [v1, v2] = [await info(withLogo, p.planVersion.ID), await info(withLogo, done.MediaMixId)];
    expect(v2.Lines.map(fields)).toEqual(v1.Lines.map(fields));
    expect(v2.Lines.map((l: { SourceLineId: number }) => l.SourceLineId)).toEqual(
      v1.Lines.map((l: { ID: number }) => l.ID),
    );
  });
});

describe('the billable statement', () => {
  it('shows the logo at the top of its sheet, read once; without a logo, no picture', async () => {
    const { result: file, reads } = await logoReads(withLogo.companyId, () => billingFile(withLogo));
    expect(reads).toBe(1);
    const [[picture]] = await picturesOf(file);
    expect(picture).toMatchObject({ extension: 'png', col: 3, row: 0 });
    expect(picture.bytes.equals(LOGO)).toBe(true);
    expect(await picturesOf(await billingFile(without))).toEqual([[]]);
  });
});
