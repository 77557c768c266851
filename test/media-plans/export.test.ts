import { readSheet } from 'read-excel-file/node';
import { readXlsx, type SheetCells } from '../../lambdas/core/xlsx-read';
import type { Locale } from '../../lambdas/shared/locales';
import { channelType, current, seedActivity, seedLine, seedVersion, seedRate } from '../support/media-plans';
import { makeCompany, type Company } from '../support/world';
import { expectError, expectOk, info, version } from './helpers';
import { cellFormats, xlsxParts } from './xlsx-parts';

let c: Company;
beforeAll(async () => {
  c = await makeCompany('Export Agency');
  await seedRate(c, '2020-01-01', 'ILS', 'USD', 0.27);
});

async function workedExample(name = 'Spring launch / "brand"') {
  const a = await seedActivity(c);
  const m = await seedVersion(c, a, name);
  await seedLine(c, m, {
    AccountChannelTypeId: (await channelType(c, 'Google Search')).ID,
    Name: 'Brand search',
    Budget: 10000,
    ManagementFeePct: 15,
    SystemFeePct: 2.5,
    ImageCreatives: 4,
    VideoCreatives: 2,
    BuyType: 'CPC',
    UnitCost: 2.5,
  });
  await seedLine(c, m, {
    AccountChannelTypeId: (await channelType(c, 'YouTube')).ID,
    Name: 'Pre-roll',
    Budget: 3333.33,
    ManagementFeePct: 12.5,
    SystemFeePct: 0,
    VideoCreatives: 3,
    BuyType: 'CPV',
    UnitCost: 0.05,
  });
  return current(c, m.ID);
}

type Row = (string | number | boolean | Date | null)[];
interface Exported {
  file: { FileName: string; ContentType: string; ContentDisposition: string };
  rows: Row[];
  parts: Map<string, string>;
}

async function exported(versionId: number, as = c.planner, language?: Locale): Promise<Exported> {
  const file = expectOk(
    await version(c, 'ExportMediaMix', language ? { mediaMixId: versionId, language } : { mediaMixId: versionId }, as),
  );
  const xlsx = Buffer.from(file.Base64, 'base64');
  return { file, rows: (await readSheet(xlsx)) as Row[], parts: xlsxParts(xlsx) };
}

/** A row by its label, less the empty cells read-excel-file pads it with to the sheet's width. */
function rowOf(rows: Row[], label: string): Row | undefined {
  const row = rows.find((r) => r[0] === label);
  if (!row) return undefined;
  let end = row.length;
  while (end > 0 && row[end - 1] === null) end -= 1;
  return row.slice(0, end);
}
const valueOf = (rows: Row[], label: string, column = 1) => rowOf(rows, label)?.[column];
/** A calendar day as read-excel-file reads a date cell back: midnight UTC of that day. */
const day = (ymd: string) => new Date(`${ymd}T00:00:00.000Z`);
/** A calendar day's Excel serial number (days since 1899-12-30), as the sheet XML stores a date. */
const serial = (ymd: string) => String(Date.parse(`${ymd}T00:00:00Z`) / 86_400_000 + 25_569);
/** An instant as the company's wall clock (Asia/Jerusalem) to the minute, the way the sheet writes a stamp's time. */
function jerusalemWallClock(iso: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Jerusalem',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return new Date(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00.000Z`);
}
/** A stamp row with its date-time read back to the minute (an Excel serial is a fraction of a day: a millisecond may drift). */
const stamp = (row: Row | undefined) =>
  row?.map((v) => (v instanceof Date ? new Date(Math.round(v.getTime() / 60_000) * 60_000) : v));

const EN_TOTALS = [
  'Net media',
  'Management fee',
  'System fee',
  'Creative fees',
  'Setup fee',
  'Subtotal',
  'VAT',
  'Total',
] as const;
const HE_TOTALS = [
  'מדיה נטו',
  'עמלת ניהול',
  'עמלת מערכת',
  'עמלות קריאייטיב',
  'דמי הקמה',
  'סכום ביניים',
  'מע"מ',
  'סה"כ',
] as const;
const TOTAL_KEYS = [
  'Net',
  'ManagementFee',
  'SystemFee',
  'CreativeFee',
  'SetupFee',
  'Subtotal',
  'Vat',
  'Total',
] as const;

describe('MediaMixService.ExportMediaMix', () => {
  it("writes an .xlsx whose totals cells are GetMediaMixInfo's figures (read back with read-excel-file)", async () => {
    const m = await workedExample();
    const detail = await info(c, m.ID);
    const { file, rows } = await exported(m.ID, c.planner, 'en');
    expect(file.ContentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.FileName).toBe('Spring launch brand v1.xlsx');
    expect(file.ContentDisposition).toBe(
      `attachment; filename="Spring launch brand v1.xlsx"; filename*=UTF-8''Spring%20launch%20brand%20v1.xlsx`,
    );
    for (const [i, label] of EN_TOTALS.entries())
      expect([label, valueOf(rows, label)]).toEqual([label, detail.Totals[TOTAL_KEYS[i]]]);
    expect(valueOf(rows, 'Total')).toBe(18654.03);
    expect(valueOf(rows, 'Converted total')).toBe(detail.ConvertedTotal);
    expect(rowOf(rows, 'Converted total')?.slice(2)).toEqual(['1 ILS = 0.27 USD', day('2020-01-01')]);
    expect(valueOf(rows, 'VAT', 2)).toBe(`VAT ${detail.Pricing.VatPct}%`);
    expect(valueOf(rows, 'Version')).toBe(1);
    expect(valueOf(rows, 'Status')).toBe('Draft');
    expect(valueOf(rows, 'Approval')).toBe('Not approved');
    expect(valueOf(rows, 'Client sign-off')).toBe('None');
    expect(valueOf(rows, 'Times in')).toBe('Asia/Jerusalem');
    expect(valueOf(rows, 'Media plan')).toBe('Spring launch / "brand"');
  });

  it('without a language the file is the English one (the profile names no language)', async () => {
    const m = await workedExample();
    const [plain, english] = [await exported(m.ID), await exported(m.ID, c.planner, 'en')];
    expect(plain.file.FileName).toBe(english.file.FileName);
    expect(plain.rows).toEqual(english.rows);
    expect(plain.parts.get('xl/worksheets/sheet1.xml')).not.toContain('rightToLeft');
  });

  it('lists every line with its channel, dates (as dates), buy type, unit cost, budget, each fee and its planned KPIs', async () => {
    const m = await workedExample();
    const detail = await info(c, m.ID);
    const { rows } = await exported(m.ID, c.planner, 'en');
    const header = rows.findIndex((r) => r[0] === 'Channel');
    expect(rows[header]).toEqual([
      'Channel',
      'Line',
      'Start',
      'End',
      'Buy type',
      'Unit cost',
      'Budget (net)',
      'Management fee %',
      'Management fee',
      'System fee %',
      'System fee',
      'Images',
      'Videos',
      'Creative fees',
      'Subtotal',
      'Impressions',
      'Clicks',
      'Conversions',
      'Views',
      'Line id',
    ]);
    const [search, video] = [rows[header + 1], rows[header + 2]];
    expect(search).toEqual([
      detail.Lines[0].ChannelTypeName,
      'Brand search',
      day('2026-01-01'),
      day('2026-02-28'),
      'CPC',
      2.5,
      10000,
      15,
      1500,
      2.5,
      250,
      4,
      2,
      4.6,
      11754.6,
      null,
      4000,
      null,
      null,
      detail.Lines[0].ID,
    ]);
    expect(video.slice(0, 15)).toEqual([
      detail.Lines[1].ChannelTypeName,
      'Pre-roll',
      day('2026-01-01'),
      day('2026-02-28'),
      'CPV',
      0.05,
      3333.33,
      12.5,
      416.67,
      0,
      0,
      0,
      3,
      3.9,
      3753.9,
    ]);
    expect(video[18]).toBe(66666);
  });

  it('an approved and signed-off version carries both stamps (who, and when in the company time zone) and the rate fixed at approval', async () => {
    const m = await workedExample('Approved plan');
    const s = expectOk(await version(c, 'SubmitMediaMix', { mediaMixId: m.ID, version: m.version }));
    const a = expectOk(await version(c, 'ApproveMediaMix', { mediaMixId: m.ID, version: s.version }, c.approver));
    const signed = expectOk(await version(c, 'ClientSignOff', { mediaMixId: m.ID }, c.client));
    await seedRate(c, '2020-03-01', 'ILS', 'USD', 0.31);
    const { rows } = await exported(m.ID, c.client, 'en');
    // The version stores who approved and signed off by e-mail; no name is stored with the stamp.
    expect(stamp(rowOf(rows, 'Approval'))).toEqual([
      'Approval',
      `Approved by ${c.approver.name}`,
      jerusalemWallClock(a.ApprovedAt),
    ]);
    expect(stamp(rowOf(rows, 'Client sign-off'))).toEqual([
      'Client sign-off',
      `Signed off by ${c.client.name}`,
      jerusalemWallClock(signed.ClientApprovedAt),
    ]);
    expect(valueOf(rows, 'Status')).toBe('Approved');
    expect(valueOf(rows, 'Converted total')).toBe(5036.59);
    expect(rowOf(rows, 'Converted total')?.slice(2)).toEqual([
      '1 ILS = 0.27 USD',
      day('2020-01-01'),
      'fixed at approval',
    ]);
  });

  it('without a rate the converted total cell says which rate is missing, and the day searched is a date', async () => {
    const d = await makeCompany('Export No Rate Agency');
    const a = await seedActivity(d);
    const m = await seedVersion(d, a);
    await seedLine(d, m, { Budget: 100 });
    const got = await info(d, m.ID);
    const file = expectOk(await version(d, 'ExportMediaMix', { mediaMixId: m.ID }, d.planner));
    const rows = (await readSheet(Buffer.from(file.Base64, 'base64'))) as Row[];
    expect(valueOf(rows, 'Converted total')).toBeNull();
    expect(valueOf(rows, 'Converted total', 2)).toMatch(/^No exchange rate from ILS to USD/);
    expect(valueOf(rows, 'Converted total', 3)).toEqual(day(got.RateMissingOn.Date));
  });

  describe('in Hebrew', () => {
    const HEBREW_NAME = 'השקת אביב / "מותג"';

    it('labels in Hebrew with the same totals as the English file and the screen (GetMediaMixInfo)', async () => {
      const m = await workedExample(HEBREW_NAME);
      const detail = await info(c, m.ID);
      const [he, en] = [await exported(m.ID, c.planner, 'he'), await exported(m.ID, c.planner, 'en')];
      for (const [i, label] of HE_TOTALS.entries()) {
        const key = TOTAL_KEYS[i];
        expect([key, valueOf(he.rows, label)]).toEqual([key, detail.Totals[key]]);
        expect([key, valueOf(he.rows, label)]).toEqual([key, valueOf(en.rows, EN_TOTALS[i])]);
      }
      expect(valueOf(he.rows, 'סה"כ')).toBe(18654.03);
      expect(valueOf(he.rows, 'סה"כ מומר')).toBe(detail.ConvertedTotal);
      expect(valueOf(he.rows, 'סה"כ מומר')).toBe(valueOf(en.rows, 'Converted total'));
      expect(valueOf(he.rows, 'תוכנית מדיה')).toBe(HEBREW_NAME);
      expect(valueOf(he.rows, 'סטטוס')).toBe('טיוטה');
      expect(valueOf(he.rows, 'אישור')).toBe('לא אושרה');
      expect(valueOf(he.rows, 'מע"מ', 2)).toBe(`מע"מ ${detail.Pricing.VatPct}%`);
      const header = he.rows.findIndex((r) => r[0] === 'ערוץ');
      expect(he.rows[header]).toEqual([
        'ערוץ',
        'שם השורה',
        'התחלה',
        'סיום',
        'שיטת רכישה',
        'עלות ליחידה',
        'תקציב (נטו)',
        '% עמלת ניהול',
        'עמלת ניהול',
        '% עמלת מערכת',
        'עמלת מערכת',
        'תמונות',
        'סרטונים',
        'עמלות קריאייטיב',
        'סכום ביניים',
        'חשיפות',
        'הקלקות',
        'המרות',
        'צפיות',
        'מזהה שורה',
      ]);
      // The lines are the English file's, cell for cell, under Hebrew headers.
      const enHeader = en.rows.findIndex((r) => r[0] === 'Channel');
      expect(he.rows.slice(header + 1, header + 3)).toEqual(en.rows.slice(enHeader + 1, enHeader + 3));
    });

    it('the sheet is right to left; dates are numeric cells with a date style; money has the currency format', async () => {
      const m = await workedExample(HEBREW_NAME);
      const detail = await info(c, m.ID);
      const [he, en] = [await exported(m.ID, c.planner, 'he'), await exported(m.ID, c.planner, 'en')];
      expect(serial('2026-01-01')).toBe('46023');
      expect(he.parts.get('xl/worksheets/sheet1.xml')).toMatch(/<sheetView\b[^>]*\brightToLeft="1"/);
      expect(en.parts.get('xl/worksheets/sheet1.xml')).not.toMatch(/rightToLeft/);
      expect(he.parts.get('xl/workbook.xml')).toContain('name="גרסה 1"');

      const heCells = cellFormats(he.parts);
      const enCells = cellFormats(en.parts);
      const lineRow = he.rows.findIndex((r) => r[0] === 'ערוץ') + 2; // 1-based: the row after the header
      // 2026-01-01 is Excel day 46023: a number, not a shared string, styled as a date.
      expect(heCells.get(`C${lineRow}`)).toEqual({ format: 'dd.mm.yyyy', type: null, value: '46023' });
      expect(enCells.get(`C${lineRow}`)).toEqual({ format: 'dd mmm yyyy', type: null, value: '46023' });
      expect(heCells.get(`G${lineRow}`)).toEqual({ format: '#,##0.00 "₪"', type: null, value: '10000' });
      expect(enCells.get(`G${lineRow}`)).toEqual({ format: '"₪"#,##0.00', type: null, value: '10000' });
      expect(heCells.get(`F${lineRow}`)?.format).toBe('#,##0.00#### "₪"');

      const totalRow = he.rows.findIndex((r) => r[0] === 'סה"כ') + 1;
      expect(heCells.get(`B${totalRow}`)).toEqual({ format: '#,##0.00 "₪"', type: null, value: '18654.03' });
      const convertedRow = he.rows.findIndex((r) => r[0] === 'סה"כ מומר') + 1;
      expect(heCells.get(`B${convertedRow}`)?.format).toBe('#,##0.00 "$"');
      expect(enCells.get(`B${convertedRow}`)?.format).toBe('"$"#,##0.00');
      expect(heCells.get(`D${convertedRow}`)).toEqual({
        format: 'dd.mm.yyyy',
        type: null,
        value: serial(detail.ExchangeRateUsed.Date),
      });
    });

    it('the approval stamp is in Hebrew with its time as a date-time cell', async () => {
      const m = await workedExample(HEBREW_NAME);
      const s = expectOk(await version(c, 'SubmitMediaMix', { mediaMixId: m.ID, version: m.version }));
      const a = expectOk(await version(c, 'ApproveMediaMix', { mediaMixId: m.ID, version: s.version }, c.approver));
      const declined = expectOk(
        await version(c, 'ClientDecline', { mediaMixId: m.ID, comment: 'התקציב גבוה מדי' }, c.client),
      );
      const { rows, parts } = await exported(m.ID, c.client, 'he');
      expect(stamp(rowOf(rows, 'אישור'))).toEqual([
        'אישור',
        `אושרה על ידי ${c.approver.name}`,
        jerusalemWallClock(a.ApprovedAt),
      ]);
      expect(stamp(rowOf(rows, 'אישור הלקוח'))).toEqual([
        'אישור הלקוח',
        `נדחתה על ידי הלקוח ${c.client.name}`,
        jerusalemWallClock(declined.ClientDeclinedAt),
        'התקציב גבוה מדי',
      ]);
      expect(valueOf(rows, 'סטטוס')).toBe('מאושרת');
      const rate = (await info(c, m.ID)).ExchangeRateUsed;
      expect(rowOf(rows, 'סה"כ מומר')?.slice(2)).toEqual([
        `1 ${rate.From} = ${rate.Rate} ${rate.To}`,
        day(rate.Date),
        'קובע באישור',
      ]);
      const stampRow = rows.findIndex((r) => r[0] === 'אישור') + 1;
      expect(cellFormats(parts).get(`C${stampRow}`)).toMatchObject({ format: 'dd.mm.yyyy hh:mm', type: null });
    });

    it('the file name is in Hebrew: FileName as it is, Content-Disposition with filename* in UTF-8 and an ASCII stand-in', async () => {
      const m = await workedExample(HEBREW_NAME);
      const { file } = await exported(m.ID, c.planner, 'he');
      expect(file.FileName).toBe('השקת אביב מותג גרסה 1.xlsx');
      const [, ascii, utf8] =
        /^attachment; filename="([\x20-\x7e]+)"; filename\*=UTF-8''([A-Za-z0-9%._~!$&+-]+)$/.exec(
          file.ContentDisposition,
        ) ?? [];
      expect(ascii).toBe(`media-plan-${m.ID}-v1.xlsx`);
      expect(decodeURIComponent(utf8)).toBe(file.FileName);
    });
  });

  describe('in French and Chinese (read back with the repository reader, core/xlsx-read.ts)', () => {
    /** The row whose first cell is `label`: its cells in column order. */
    const labelled = (cells: SheetCells, label: string) =>
      [...cells.values()]
        .map((r) => [...r.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v))
        .find((r) => r[0] === label);
    const CASES = [
      {
        language: 'fr',
        sheet: 'Version 1',
        fileName: 'Printemps v1.xlsx',
        header: ['Canal', 'Ligne', 'Début', 'Fin', "Mode d'achat", 'Coût unitaire', 'Budget (net)'],
        lineId: 'ID de ligne',
        totals: [
          'Net média',
          'Frais de gestion',
          'Frais techniques',
          'Frais de création',
          'Frais de mise en place',
          'Sous-total',
          'TVA',
          'Total',
        ],
        status: ['Statut', 'Brouillon'],
        vat: (pct: number) =>
          `TVA ${new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 2 }).format(pct / 100)}`,
        converted: 'Total converti',
        rate: (r: number) => `1 ILS = ${String(r).replace('.', ',')} USD`,
        dateFormat: 'dd/mm/yyyy',
      },
      {
        language: 'zh',
        sheet: '版本 1',
        fileName: 'Printemps 版本1.xlsx',
        header: ['渠道', '计划行', '开始日期', '结束日期', '购买方式', '单价', '预算（净）'],
        lineId: '计划行 ID',
        totals: ['净媒介费', '管理费', '系统费', '素材费', '启动费', '小计', '增值税', '总计'],
        status: ['状态', '草稿'],
        vat: (pct: number) => `增值税 ${pct}%`,
        converted: '折算总计',
        rate: (r: number) => `1 ILS = ${r} USD`,
        dateFormat: 'yyyy-mm-dd',
      },
    ] as const;

    it.each(CASES)(
      '$language: sheet name, headers, labels, texts and file name in the language; the same figures',
      async (k) => {
        const m = await workedExample('Printemps');
        const detail = await info(c, m.ID);
        const file = expectOk(await version(c, 'ExportMediaMix', { mediaMixId: m.ID, language: k.language }));
        expect(file.FileName).toBe(k.fileName);
        const xlsx = Buffer.from(file.Base64, 'base64');
        const wb = readXlsx(xlsx);
        expect(wb.sheets).toEqual([
          { name: k.sheet, hidden: false },
          { name: 'Mixdesk', hidden: true },
        ]);
        const cells = wb.read(k.sheet)!;
        const header = [...cells.values()].find((r) => r.get(0) === k.header[0])!;
        expect([...header.values()].slice(0, k.header.length)).toEqual(k.header);
        expect([...header.values()].pop()).toBe(k.lineId);
        expect(labelled(cells, k.status[0])?.[1]).toBe(k.status[1]);
        for (const [i, label] of k.totals.entries())
          expect([label, labelled(cells, label)?.[1]]).toEqual([label, detail.Totals[TOTAL_KEYS[i]]]);
        expect(labelled(cells, k.totals[6])?.[2]).toBe(k.vat(detail.Pricing.VatPct));
        expect(labelled(cells, k.converted)?.[2]).toBe(k.rate(detail.ExchangeRateUsed!.Rate));
        // Dates stay dates, in the language's format; the sheet reads left to right.
        const parts = xlsxParts(xlsx);
        expect(parts.get('xl/styles.xml')).toContain(`formatCode="${k.dateFormat}"`);
        expect(parts.get('xl/worksheets/sheet1.xml')).not.toContain('rightToLeft="1"');
      },
    );
  });

  it('a language that is not a console locale is refused (400); an unknown mix is 404', async () => {
    const m = await workedExample();
    expectError(await version(c, 'ExportMediaMix', { mediaMixId: m.ID, language: 'de' }), 400, /language/);
    expectError(await version(c, 'ExportMediaMix', { mediaMixId: 987654 }), 404);
  });
});
