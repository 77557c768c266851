import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { readSheet } from 'read-excel-file/node';
import { readXlsx } from '../../lambdas/core/xlsx-read';
import type { Locale } from '../../lambdas/shared/locales';
import { channelTypesOf, seedApproved, type SeededPlan } from '../support/media-plans';
import { fixtureVendor } from '../support/fixtures/vendors-service';
import { invoke, makeCompany, type Company, type Reply } from '../support/world';
import { expectError, expectOk, info, itemsOf, version } from './helpers';
import { xlsxParts } from './xlsx-parts';

/**
 * The plan's Excel round trip (MediaMixService.PreviewMediaMixImport / ImportMediaMix,
 * lambdas/modules/media-plans/import.ts) on DynamoDB Local, with files edited by a real XLSX library
 * (exceljs) the way a planner's spreadsheet program rewrites them (shared strings, its own styles).
 */

let c: Company;
let d: Company;
beforeAll(async () => {
  [c, d] = await Promise.all([makeCompany('Import Agency'), makeCompany('Import Other Agency')]);
});

const BUDGET = 7; // G
const START = 3; // C
const END = 4; // D
const CHANNEL = 1; // A
const LINE_ID = 20; // T

async function exported(versionId: number, language: Locale = 'en'): Promise<Buffer> {
  return Buffer.from(
    expectOk(await version(c, 'ExportMediaMix', { mediaMixId: versionId, language })).Base64,
    'base64',
  );
}

interface Table {
  ws: ExcelJS.Worksheet;
  header: number;
  /** The sheet row of a line, by its id. */
  rowOf(lineId: number): number;
  /** The last line's row. */
  last: number;
}

/** The export as exceljs reads it, changed by `change`, written again by exceljs (base64). */
async function edited(file: Buffer, change: (t: Table) => void = () => undefined): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  let header = 0;
  ws.eachRow((row, n) => {
    if (!header && (row.getCell(1).value === 'Channel' || row.getCell(1).value === 'ערוץ')) header = n;
  });
  let last = header;
  while (ws.getRow(last + 1).getCell(LINE_ID).value) last += 1;
  const rowOf = (lineId: number) => {
    for (let r = header + 1; r <= last; r += 1) if (ws.getRow(r).getCell(LINE_ID).value === lineId) return r;
    throw new Error(`no row for line ${lineId}`);
  };
  change({ ws, header, rowOf, last });
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

const setCell = (t: Table, row: number, col: number, value: ExcelJS.CellValue) => {
  t.ws.getRow(row).getCell(col).value = value;
};
const day = (ymd: string) => new Date(`${ymd}T00:00:00.000Z`);

const preview = (m: { ID: number }, file: string, as = c.planner, company = c) =>
  version(company, 'PreviewMediaMixImport', { mediaMixId: m.ID, file }, as);
const importFile = (m: { ID: number }, file: string, token: string, as = c.planner) =>
  version(c, 'ImportMediaMix', { mediaMixId: m.ID, file, token }, as);
const NO_TOKEN = '0'.repeat(64);

/** A 400 IMPORT_REFUSED with these params (and the cell's reason, when given). */
function expectRefused(r: Reply, params: Record<string, unknown>) {
  expectError(r, 400);
  expect(r.body.ErrorCode).toBe('IMPORT_REFUSED');
  expect(r.body.ErrorParams).toMatchObject({ field: 'file', ...params });
}

describe('MediaMixService.PreviewMediaMixImport / ImportMediaMix', () => {
  let p: SeededPlan;
  let typeName: string;
  let vendorId: number;
  beforeAll(async () => {
    p = await seedApproved(c, 2);
    const type = (await channelTypesOf(c)).find((t) => t.Active && t.Name !== p.lines[0].ChannelTypeName)!;
    typeName = type.Name;
    // The added line's channel type names a default vendor, which a line added by the file takes.
    vendorId = expectOk(
      await invoke('VendorsService', 'SaveVendor', { as: c.admin, body: { vendor: fixtureVendor() } }),
    ).ID;
    expectOk(
      await invoke('AccountsService', 'SaveAccountChannelField', {
        as: c.planner,
        accountId: c.accounts.main.ID,
        body: { ids: [type.ID], fieldName: 'DefaultVendorId', fieldValue: String(vendorId) },
      }),
    );
  });

  it("the export carries each line's id in its last column and the hidden Mixdesk sheet naming the plan, all values", async () => {
    const file = await exported(p.planVersion.ID);
    const wb = readXlsx(file);
    expect(wb.sheets).toEqual([
      { name: 'Version 1', hidden: false },
      { name: 'Mixdesk', hidden: true },
    ]);
    const identity = [...wb.read('Mixdesk')!.values()].map((r) => [r.get(0), r.get(1)]);
    expect(identity).toEqual([
      ['Format', 'mixdesk-plan/1'],
      ['AccountId', c.accounts.main.ID],
      ['ActivityId', p.activity.ID],
      ['MediaMixId', p.planVersion.ID],
      ['VersionNumber', 1],
      ['ExportedAt', expect.stringMatching(/^\d{4}-\d\d-\d\dT/)],
    ]);
    const rows = (await readSheet(file)) as unknown[][];
    const header = rows.findIndex((r) => r[0] === 'Channel');
    expect(rows[header][LINE_ID - 1]).toBe('Line id');
    expect(rows.slice(header + 1, header + 3).map((r) => r[LINE_ID - 1])).toEqual(p.lines.map((l) => l.ID));
    expect(xlsxParts(file).get('xl/worksheets/sheet1.xml')).not.toMatch(/<f[ >]/);
  });

  it('round trip: two budgets changed and a line added in exceljs → the preview lists exactly those → the import is version 2, a Draft with those lines', async () => {
    const [l1, l2] = p.lines;
    let added = 0;
    const file = await edited(await exported(p.planVersion.ID), (t) => {
      setCell(t, t.rowOf(l1.ID), BUDGET, 1500);
      setCell(t, t.rowOf(l2.ID), BUDGET, 2500.75);
      added = t.last + 1;
      // A new row between the last line and the totals, its line id empty; fees left to the channel type (system) or given (management).
      t.ws.insertRow(added, [
        typeName,
        'New video line',
        day('2026-01-10'),
        day('2026-02-10'),
        'CPM',
        30,
        777.77,
        12,
        null,
        null,
        null,
        1,
        0,
      ]);
    });
    const before = await itemsOf(c);
    const seen = expectOk(await preview(p.planVersion, file));
    expect(await itemsOf(c)).toEqual(before); // the preview writes nothing
    expect(seen).toEqual({
      MediaMixId: p.planVersion.ID,
      BaseVersionNumber: 1,
      NewVersionNumber: 2,
      Added: [{ Row: added, Name: 'New video line', Budget: 777.77 }],
      Changed: [
        { LineId: l1.ID, Name: l1.Name, Changes: [{ Field: 'Budget', Before: 1000, After: 1500 }] },
        { LineId: l2.ID, Name: l2.Name, Changes: [{ Field: 'Budget', Before: 1001, After: 2500.75 }] },
      ],
      Removed: [],
      Unchanged: 0,
      Token: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const done = expectOk(await importFile(p.planVersion, file, seen.Token));
    expect(done).toEqual({ MediaMixId: expect.any(Number), VersionNumber: 2, ActivityId: p.activity.ID });
    const v2 = await info(c, done.MediaMixId);
    expect({ Version: v2.Version, Status: v2.StatusName, SourceMixId: v2.SourceMixId }).toEqual({
      Version: 2,
      Status: 'Draft',
      SourceMixId: p.planVersion.ID,
    });
    const lines = v2.Lines.map((l: Record<string, unknown>) => ({
      Name: l.Name,
      Budget: l.Budget,
      SourceLineId: l.SourceLineId,
      StartDate: l.StartDate,
      EndDate: l.EndDate,
    }));
    expect(lines).toEqual(
      expect.arrayContaining([
        { Name: l1.Name, Budget: 1500, SourceLineId: l1.ID, StartDate: l1.StartDate, EndDate: l1.EndDate },
        { Name: l2.Name, Budget: 2500.75, SourceLineId: l2.ID, StartDate: l2.StartDate, EndDate: l2.EndDate },
        { Name: 'New video line', Budget: 777.77, SourceLineId: null, StartDate: '2026-01-10', EndDate: '2026-02-10' },
      ]),
    );
    expect(lines).toHaveLength(3);
    const added3 = v2.Lines.find((l: Record<string, unknown>) => l.Name === 'New video line');
    const type = (await channelTypesOf(c)).find((t) => t.Name === typeName)!;
    expect({
      M: added3.ManagementFeePct,
      S: added3.SystemFeePct,
      I: added3.ImageCreatives,
      type: added3.AccountChannelTypeId,
    }).toEqual({ M: 12, S: type.SystemFeePct, I: 1, type: type.ID });
    // The new line took its channel type's default vendor; the lines of version 1 kept theirs (none).
    expect(added3.VendorId).toBe(vendorId);
    expect(
      v2.Lines.filter((l: Record<string, unknown>) => l !== added3).map((l: Record<string, unknown>) => l.VendorId),
    ).toEqual([null, null]);
    // Version 1 is as it was.
    expect((await info(c, p.planVersion.ID)).Lines.map((l: Record<string, unknown>) => l.Budget)).toEqual([1000, 1001]);

    // The same file again: it was exported from version 1, and the latest is now 2; nothing written.
    const after = await itemsOf(c);
    expectRefused(await importFile(p.planVersion, file, seen.Token), {
      reason: 'VERSION_MISMATCH',
      fileVersion: 1,
      latestVersion: 2,
    });
    expect(await itemsOf(c)).toEqual(after);
  });

  describe('a plan of its own per refusal', () => {
    let q: SeededPlan;
    let file: Buffer;
    beforeAll(async () => {
      q = await seedApproved(c, 2);
      file = await exported(q.planVersion.ID, 'he');
    });

    it('an unchanged Hebrew file, as exported and as exceljs rewrites it, changes nothing; a deleted row removes its line', async () => {
      for (const f of [file.toString('base64'), await edited(file)]) {
        expect(expectOk(await preview(q.planVersion, f))).toMatchObject({
          Added: [],
          Changed: [],
          Removed: [],
          Unchanged: 2,
          NewVersionNumber: 2,
        });
      }
      const removed = await edited(file, (t) => t.ws.spliceRows(t.rowOf(q.lines[1].ID), 1));
      expect(expectOk(await preview(q.planVersion, removed))).toMatchObject({
        Removed: [{ LineId: q.lines[1].ID, Name: q.lines[1].Name }],
        Unchanged: 1,
      });
    });

    it('an unchanged French, Romanian or Chinese file changes nothing: the import reads their labels too', async () => {
      for (const language of ['fr', 'ro', 'zh'] as const) {
        const f = (await exported(q.planVersion.ID, language)).toString('base64');
        expect([language, expectOk(await preview(q.planVersion, f))]).toMatchObject([
          language,
          { Added: [], Changed: [], Removed: [], Unchanged: 2, NewVersionNumber: 2 },
        ]);
      }
    });

    it("a bad cell is refused naming the sheet, row and column letter with the schema's reason; nothing is written", async () => {
      const [l1, l2] = q.lines;
      const cases: [string, (t: Table) => void, (t: Table) => Record<string, unknown>][] = [
        [
          'a budget that is not a number',
          (t) => setCell(t, t.rowOf(l2.ID), BUDGET, 'a lot'),
          (t) => ({ row: t.rowOf(l2.ID), column: 'G' }),
        ],
        [
          'a budget with 3 decimals',
          (t) => setCell(t, t.rowOf(l1.ID), BUDGET, 10.125),
          (t) => ({ row: t.rowOf(l1.ID), column: 'G', cellReason: 'DECIMALS', places: 2 }),
        ],
        [
          'an end before the start',
          (t) => setCell(t, t.rowOf(l1.ID), END, day('2025-12-01')),
          (t) => ({ row: t.rowOf(l1.ID), column: 'D', cellReason: 'DATE_NOT_BEFORE' }),
        ],
        [
          'a start before the activity',
          (t) => setCell(t, t.rowOf(l1.ID), START, day('2025-06-01')),
          (t) => ({
            row: t.rowOf(l1.ID),
            column: 'C',
            cellReason: 'OUTSIDE_ACTIVITY',
            activityStart: '2026-01-01',
            activityEnd: '2026-02-28',
          }),
        ],
        [
          'a formula without a calculated value',
          (t) => setCell(t, t.rowOf(l2.ID), BUDGET, { formula: 'G1*2' } as ExcelJS.CellValue),
          (t) => ({ row: t.rowOf(l2.ID), column: 'G', cellReason: 'FORMULA_NO_VALUE' }),
        ],
        [
          'a line id the version does not have',
          (t) => setCell(t, t.rowOf(l2.ID), LINE_ID, 99999999),
          (t) => ({ row: t.rowOf(l2.ID), column: 'T', cellReason: 'LINE_ID_UNKNOWN', lineId: '99999999' }),
        ],
        [
          'a line id twice',
          (t) => setCell(t, t.rowOf(l2.ID), LINE_ID, l1.ID),
          (t) => ({ row: t.rowOf(l2.ID), column: 'T', cellReason: 'LINE_ID_REPEATED', firstRow: t.rowOf(l1.ID) }),
        ],
        [
          'a channel the account does not have',
          (t) => setCell(t, t.rowOf(l1.ID), CHANNEL, 'Carrier pigeons'),
          (t) => ({ row: t.rowOf(l1.ID), column: 'A', cellReason: 'CHANNEL_UNKNOWN', name: 'Carrier pigeons' }),
        ],
      ];
      const before = await itemsOf(c);
      for (const [what, change, where] of cases) {
        let expected: Record<string, unknown> = {};
        const f = await edited(file, (t) => {
          expected = where(t);
          change(t);
        });
        for (const r of [await preview(q.planVersion, f), await importFile(q.planVersion, f, NO_TOKEN)]) {
          expect({ what, code: r.body.ErrorCode }).toEqual({ what, code: 'IMPORT_REFUSED' });
          expectRefused(r, { reason: 'BAD_CELL', sheet: 'גרסה 1', ...expected });
          expect(typeof r.body.ErrorParams?.cellReason).toBe('string');
        }
      }
      expect(await itemsOf(c)).toEqual(before);
      // A formula WITH its calculated value is taken by its value.
      const calculated = await edited(file, (t) =>
        setCell(t, t.rowOf(l2.ID), BUDGET, { formula: 'G1*2', result: 2002 } as ExcelJS.CellValue),
      );
      expect(expectOk(await preview(q.planVersion, calculated)).Changed).toEqual([
        { LineId: l2.ID, Name: l2.Name, Changes: [{ Field: 'Budget', Before: 1001, After: 2002 }] },
      ]);
    });

    it('refuses what is not a plan workbook, a zip bomb, a file of another plan, another file than the one previewed', async () => {
      expectRefused(await preview(q.planVersion, Buffer.from('hello, not a zip').toString('base64')), {
        reason: 'BAD_FILE',
      });
      // 2 MB of noise passes the raised body limit (not 413) and is refused as a file.
      expectRefused(await preview(q.planVersion, randomBytes(2 * 1024 * 1024 - 16).toString('base64')), {
        reason: 'BAD_FILE',
      });
      const plain = new ExcelJS.Workbook();
      plain.addWorksheet('Sheet1').getCell('A1').value = 'Channel';
      expectRefused(await preview(q.planVersion, Buffer.from(await plain.xlsx.writeBuffer()).toString('base64')), {
        reason: 'BAD_FILE',
      });
      // A bomb: a file well under 2 MB whose shared strings inflate past 10 MB.
      const bomb = new ExcelJS.Workbook();
      await bomb.xlsx.load(file as unknown as ExcelJS.Buffer);
      for (let r = 1; r <= 400; r += 1)
        for (let col = 1; col <= 30; col += 1)
          bomb.worksheets[0].getRow(r + 40).getCell(col).value = `${'x'.repeat(1000)}${r}-${col}`;
      const big = Buffer.from(await bomb.xlsx.writeBuffer());
      expect(big.length).toBeLessThan(1024 * 1024);
      expectRefused(await preview(q.planVersion, big.toString('base64')), { reason: 'BAD_FILE' });

      const other = await seedApproved(c, 1);
      expectRefused(await preview(q.planVersion, (await exported(other.planVersion.ID)).toString('base64')), {
        reason: 'OTHER_PLAN',
      });
      expectRefused(await preview(other.planVersion, file.toString('base64')), { reason: 'OTHER_PLAN' });

      const seen = expectOk(await preview(q.planVersion, file.toString('base64')));
      const changed = await edited(file, (t) => setCell(t, t.rowOf(q.lines[0].ID), BUDGET, 1234));
      expectRefused(await importFile(q.planVersion, changed, seen.Token), { reason: 'TOKEN_MISMATCH' });
    });

    it("another company's planner gets 404, a client 403; the schema refuses a file that is not base64", async () => {
      const f = file.toString('base64');
      expectError(await version(d, 'PreviewMediaMixImport', { mediaMixId: q.planVersion.ID, file: f }, d.planner), 404);
      expectError(await preview(q.planVersion, f, c.client), 403);
      const r = await preview(q.planVersion, `${f.slice(0, 100)}!!`);
      expectError(r, 400);
      expect(r.body.ErrorParams).toMatchObject({ field: 'file', reason: 'BASE64' });
    });
  });

  it('a file of an older version is VERSION_MISMATCH; a file of the open Draft is refused as CreateMediaMixVersion refuses it (409)', async () => {
    const s = await seedApproved(c, 1);
    const v1 = (await exported(s.planVersion.ID)).toString('base64');
    const v2 = expectOk(await version(c, 'CreateMediaMixVersion', { mediaMixId: s.planVersion.ID }));
    expectRefused(await preview(v2, v1), { reason: 'VERSION_MISMATCH', fileVersion: 1, latestVersion: 2 });
    const draft = await preview(v2, (await exported(v2.ID)).toString('base64'));
    expectError(draft, 409);
    expect(draft.body.ErrorCode).toBe('PLAN_DRAFT_OPEN');
  });
});
