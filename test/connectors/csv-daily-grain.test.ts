import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  checkDailyGrainCsv,
  CSV_COLUMNS,
  csvLines,
  CsvRefusedError,
  csvRefusalError,
  readDailyGrainCsv,
  textLines,
  type CsvProgress,
  type CsvRefusal,
} from '../../lambdas/modules/connectors/csv/csv-daily-grain';
import type { DailyStat } from '../../lambdas/modules/connectors/platform';
import { ValidationError } from '../../lambdas/core/errors';
import { reasonText } from '../../lambdas/shared/error-reasons';

// The collector, called between readings of the large file below (jest runs without --expose-gc).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * The daily-grain CSV upload parser: a good file read exactly (BOM, CRLF, quotes, either delimiter,
 * any column order), every kind of bad row refused with its line, column and reason, nothing handed
 * on from a file with any bad row, duplicate keys, hostile names kept as bounded text, and a
 * 100,000-row file streamed with progress and flat memory.
 */
const HEADER = CSV_COLUMNS.join(',');

async function readAll(text: string): Promise<DailyStat[]> {
  const rows: DailyStat[] = [];
  for await (const b of readDailyGrainCsv(() => textLines(text))) rows.push(...b);
  return rows;
}

async function refusal(text: string): Promise<CsvRefusal> {
  const check = await checkDailyGrainCsv(textLines(text));
  if (check.ok) throw new Error(`the file was accepted (${check.rows} rows)`);
  return check.refusal;
}

const issuesOf = async (text: string) => {
  const r = await refusal(text);
  if (r.code !== 'CSV_LINE_INVALID') throw new Error(`refused as ${r.code}: ${r.message}`);
  return r.issues.map((i) => ({ line: i.line, field: i.field, code: i.code }));
};

const GOOD = '2026-05-01,meta_ads,1010000001,2380001,Brand,1000,80,25.5,ILS,4,120.5,300';

describe('a good file', () => {
  it('reads every row exactly: BOM, CRLF, quoted values with delimiters and doubled quotes, Hebrew, blank lines', async () => {
    const text =
      '\uFEFF' +
      [
        'Date,Platform,Account,Campaign ID,Campaign name,Impressions,Clicks,Spend,Currency,Conversions,Conversion value,Video views',
        '2026-05-01,Meta,act-1,2380001,"Summer, ""big"" sale",1000,80,25.50,ILS,4,120.5,300',
        '',
        '2026-05-01,google_ads,123-456-7890,987,הדר — חיפוש,2000,10,3.123456,USD,,,',
        '2026-05-02,TikTok,7100000000001,1780000010001,"  trimmed  ",0,0,0,EUR,0.5,0,0',
      ].join('\r\n') +
      '\r\n';
    expect(await readAll(text)).toEqual([
      {
        date: '2026-05-01',
        connectorType: 'meta_ads',
        externalAccountId: 'act-1',
        externalCampaignId: '2380001',
        campaignName: 'Summer, "big" sale',
        impressions: 1000,
        clicks: 80,
        spend: 25.5,
        currency: 'ILS',
        conversions: 4,
        conversionValue: 120.5,
        videoViews: 300,
      },
      {
        date: '2026-05-01',
        connectorType: 'google_ads',
        externalAccountId: '123-456-7890',
        externalCampaignId: '987',
        campaignName: 'הדר — חיפוש',
        impressions: 2000,
        clicks: 10,
        spend: 3.123456,
        currency: 'USD',
        conversions: 0,
        conversionValue: 0,
        videoViews: 0,
      },
      {
        date: '2026-05-02',
        connectorType: 'tiktok_ads',
        externalAccountId: '7100000000001',
        externalCampaignId: '1780000010001',
        campaignName: 'trimmed',
        impressions: 0,
        clicks: 0,
        spend: 0,
        currency: 'EUR',
        conversions: 0.5,
        conversionValue: 0,
        videoViews: 0,
      },
    ]);
  });

  it('any column order; ; as the delimiter with decimal commas; other → csv_upload', async () => {
    const text = [
      'spend;currency;date;platform;account;campaign_id;campaign_name;impressions;clicks;conversions;conversion_value;video_views',
      '"12,75";ILS;2026-05-03;other;Taboola 1;55;Native;100;3;1;"99,9";0',
    ].join('\n');
    expect(await readAll(text)).toEqual([
      {
        date: '2026-05-03',
        connectorType: 'csv_upload',
        externalAccountId: 'Taboola 1',
        externalCampaignId: '55',
        campaignName: 'Native',
        impressions: 100,
        clicks: 3,
        spend: 12.75,
        currency: 'ILS',
        conversions: 1,
        conversionValue: 99.9,
        videoViews: 0,
      },
    ]);
  });

  it('a quoted name over two lines counts both lines: the next row keeps its own line number', async () => {
    const text = [
      HEADER,
      '2026-05-01,meta,1,1,"two\nlines",1,1,1,ILS,0,0,0',
      '2026-05-01,meta,1,2,x,1,1,1,usd,0,0,0',
    ].join('\n');
    expect(
      (await readAll([HEADER, '2026-05-01,meta,1,1,"two\nlines",1,1,1,ILS,0,0,0'].join('\n')))[0].campaignName,
    ).toBe('two lines');
    expect(await issuesOf(text)).toEqual([{ line: 4, field: 'currency', code: 'CURRENCY_CODE' }]);
  });

  it('hands rows on in batches of the asked size', async () => {
    const text = [HEADER, ...Array.from({ length: 7 }, (_, i) => `2026-05-01,meta,1,${i},c,1,1,1,ILS,0,0,0`)].join(
      '\n',
    );
    const sizes: number[] = [];
    for await (const b of readDailyGrainCsv(() => textLines(text), { batchSize: 3 })) sizes.push(b.length);
    expect(sizes).toEqual([3, 3, 1]);
  });
});

describe('bad rows: each refused with its line, column and reason; nothing is handed on', () => {
  const BAD = [
    HEADER, // 1
    '2026/05/01,meta,1,1,a,1,1,1,ILS,0,0,0', // 2 date format
    '2026-02-30,meta,1,2,a,1,1,1,ILS,0,0,0', // 3 not a real day
    '2026-05-01,snapchat,1,3,a,1,1,1,ILS,0,0,0', // 4 platform
    '2026-05-01,meta, ,4,a,1,1,1,ILS,0,0,0', // 5 account empty
    '2026-05-01,meta,1,5,a,-1,1,1,ILS,0,0,0', // 6 negative
    '2026-05-01,meta,1,6,a,1,1.5,1,ILS,0,0,0', // 7 fractional clicks
    '2026-05-01,meta,1,7,a,1,1,abc,ILS,0,0,0', // 8 spend not a number
    '2026-05-01,meta,1,8,a,1,1,1.1234567,ILS,0,0,0', // 9 too many decimals
    '2026-05-01,meta,1,9,a,1,1,1,usd,0,0,0', // 10 currency
    '2026-05-01,meta,1,10,a,1,1,1,ILS,0,0', // 11 value count
    '2026-05-01,meta,1,11,"a"b,1,1,1,ILS,0,0,0', // 12 text after a closing quote
    '2026-05-01,meta,1,12,a,1,1,2000000000000,ILS,0,0,0', // 13 over the bound
    '2026-05-01,meta,1,13,a,1e5,1,1,ILS,0,0,0', // 14 exponent
    GOOD, // 15 good
    '2026-05-01,meta,1,14,a,x,y,1,ILS,0,0,0', // 16 two columns wrong
  ].join('\n');

  it('lists every bad row', async () => {
    expect(await issuesOf(BAD)).toEqual([
      { line: 2, field: 'date', code: 'DATE_FORMAT' },
      { line: 3, field: 'date', code: 'DATE_NOT_REAL' },
      { line: 4, field: 'platform', code: 'NOT_ONE_OF' },
      { line: 5, field: 'account', code: 'REQUIRED' },
      { line: 6, field: 'impressions', code: 'NOT_NEGATIVE' },
      { line: 7, field: 'clicks', code: 'WHOLE_BETWEEN' },
      { line: 8, field: 'spend', code: 'WRONG_TYPE' },
      { line: 9, field: 'spend', code: 'DECIMALS' },
      { line: 10, field: 'currency', code: 'CURRENCY_CODE' },
      { line: 11, field: undefined, code: 'CSV_VALUE_COUNT' },
      { line: 12, field: undefined, code: 'CSV_QUOTES' },
      { line: 13, field: 'spend', code: 'BETWEEN' },
      { line: 14, field: 'impressions', code: 'WHOLE_BETWEEN' },
      { line: 16, field: 'impressions', code: 'WHOLE_BETWEEN' },
      { line: 16, field: 'clicks', code: 'WHOLE_BETWEEN' },
    ]);
  });

  it('each issue carries its reason params and English detail, as the exchange-rate import does', async () => {
    const r = await refusal(BAD);
    if (r.code !== 'CSV_LINE_INVALID') throw new Error(r.code);
    expect(r.count).toBe(15);
    expect(r.issues[2].params).toMatchObject({
      reason: 'NOT_ONE_OF',
      values: 'google_ads, meta_ads, tiktok_ads, other',
      detail: `platform ${reasonText('NOT_ONE_OF', { values: 'google_ads, meta_ads, tiktok_ads, other' })}`,
    });
    expect(r.issues[9].params).toMatchObject({ reason: 'CSV_VALUE_COUNT', expected: 12, found: 11 });
    expect(r.message).toMatch(/^csv: line 2: date must be a date as YYYY-MM-DD; line 3: date is not a real date; /);
  });

  it('all or nothing: reading a file with one bad row among good ones yields no row at all', async () => {
    const text = [
      HEADER,
      GOOD,
      ...Array.from({ length: 1200 }, (_, i) => `2026-05-01,meta,1,${1000 + i},c,1,1,1,ILS,0,0,0`),
      '2026-05-01,meta,1,x,c,1,1,1,ILS,0,0,?',
    ].join('\n');
    const got: DailyStat[][] = [];
    const err = await (async () => {
      for await (const b of readDailyGrainCsv(() => textLines(text), { batchSize: 100 })) got.push(b);
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CsvRefusedError);
    expect((err as CsvRefusedError).refusal).toMatchObject({
      code: 'CSV_LINE_INVALID',
      count: 1,
      issues: [{ line: 1203, field: 'video views', code: 'WHOLE_BETWEEN' }],
    });
    expect(got).toEqual([]);
  });

  it('becomes the API error: CSV_LINE_INVALID with the first problem in its params and at most 20 issues', async () => {
    const many = [HEADER, ...Array.from({ length: 30 }, (_, i) => `2026-05-01,meta,1,${i},c,1,1,1,ils,0,0,0`)].join(
      '\n',
    );
    const err = csvRefusalError(await refusal(many));
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toMatchObject({
      code: 'CSV_LINE_INVALID',
      params: { line: 2, column: 'currency', reason: 'CURRENCY_CODE', count: 30 },
    });
    expect(err.issues).toHaveLength(20);
    expect(err.message).toMatch(/\(and 10 more\)$/);
  });

  it('whole-file refusals: empty, header only, a missing or unknown or repeated column', async () => {
    expect(await refusal('')).toMatchObject({ code: 'CSV_EMPTY' });
    expect(await refusal('\n\n')).toMatchObject({ code: 'CSV_EMPTY' });
    expect(await refusal(`${HEADER}\n`)).toMatchObject({ code: 'CSV_NO_ROWS' });
    expect(await refusal(`${HEADER.replace(',video views', '')}\n${GOOD}`)).toMatchObject({
      code: 'CSV_HEADER_INVALID',
      expected: HEADER,
    });
    expect(await refusal(`${HEADER.replace('video views', 'reach')}\n${GOOD}`)).toMatchObject({
      code: 'CSV_HEADER_INVALID',
    });
    expect(await refusal(`${HEADER.replace('video views', 'clicks')}\n${GOOD}`)).toMatchObject({
      code: 'CSV_HEADER_INVALID',
    });
    expect(csvRefusalError(await refusal(`${HEADER}\n`))).toMatchObject({ code: 'CSV_NO_ROWS', statusCode: 400 });
  });

  it('too many rows is refused as a whole (413)', async () => {
    const text = [HEADER, GOOD, GOOD.replace('2380001', '2'), GOOD.replace('2380001', '3')].join('\n');
    const check = await checkDailyGrainCsv(textLines(text), { maxRows: 2 });
    expect(check).toMatchObject({ ok: false, refusal: { code: 'CSV_TOO_MANY_ROWS', max: 2 } });
    if (!check.ok) expect(csvRefusalError(check.refusal)).toMatchObject({ code: 'CSV_TOO_MANY_ROWS', statusCode: 413 });
  });
});

describe('duplicate keys', () => {
  it('the same date, platform, account and campaign twice is refused on the second line, naming the first', async () => {
    const text = [
      HEADER,
      GOOD, // 2
      GOOD.replace('meta_ads', 'tiktok_ads'), // 3: another platform, another key
      GOOD.replace('2026-05-01', '2026-05-02'), // 4: another day
      GOOD.replace(',4,120.5,', ',5,130,').replace('meta_ads', 'Meta'), // 5: the key of line 2 (Meta = meta_ads), other figures
    ].join('\n');
    const r = await refusal(text);
    expect(r).toMatchObject({
      code: 'CSV_LINE_INVALID',
      count: 1,
      issues: [{ line: 5, code: 'CSV_REPEATED_ROW', params: { first: 2, reason: 'CSV_REPEATED_ROW' } }],
    });
  });
});

describe('hostile names', () => {
  const row = (name: string, id = '1') => `2026-05-01,meta,1,${id},${name},1,1,1,ILS,0,0,0`;

  it('formula characters are kept as text, never evaluated', async () => {
    const names = ['=HYPERLINK("http://evil.test","x")', '+1+2', '-3', '@SUM(A1:A9)', '=1+1'];
    const text = [HEADER, ...names.map((n, i) => row(`"${n.replaceAll('"', '""')}"`, String(i)))].join('\n');
    expect((await readAll(text)).map((r) => r.campaignName)).toEqual(names);
  });

  it('bidi overrides and control characters are removed; Hebrew and its marks kept', async () => {
    const text = [HEADER, row('"Invoice\u202Egpj.exe"', '1'), row('"קמפיין\u200Fקיץ\u0007"', '2')].join('\n');
    expect((await readAll(text)).map((r) => r.campaignName)).toEqual(['Invoicegpj.exe', 'קמפיין\u200Fקיץ']);
  });

  it('a 10 kB name is refused as too long (the row, with its line); 500 characters pass', async () => {
    const long = 'A'.repeat(10 * 1024);
    expect(await issuesOf([HEADER, row('ok', '1'), row(long, '2')].join('\n'))).toEqual([
      { line: 3, field: 'campaign name', code: 'TEXT_TOO_LONG' },
    ]);
    expect((await readAll([HEADER, row('B'.repeat(500))].join('\n')))[0].campaignName).toHaveLength(500);
  });

  it('a line past 32 kB is refused and the next line read on its own; a quote never closed is refused on the line it opens', async () => {
    const text = [HEADER, row('C'.repeat(40 * 1024), '1'), row('"never closed', '2'), row('fine', '3')].join('\n');
    expect(await issuesOf(text)).toEqual([
      { line: 2, field: undefined, code: 'CSV_LINE_TOO_LONG' },
      { line: 3, field: undefined, code: 'CSV_QUOTES' },
    ]);
  });
});

describe('a large file', () => {
  const ROWS = 100_000;
  /** The file as a byte stream of 64 kB chunks, made as it is read (never whole in memory). */
  async function* bigFile(): AsyncGenerator<Uint8Array> {
    const enc = new TextEncoder();
    let chunk = `\uFEFF${HEADER}\r\n`;
    for (let i = 0; i < ROWS; i++) {
      const day = `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
      chunk += `${day},meta_ads,act_${i % 7},${i},"Campaign ${i}, =SUM(A${i})",${i % 5000},${i % 97},${(i % 1000) / 100},ILS,${i % 3},${(i % 50) * 1.5},${i % 11}\r\n`;
      if (chunk.length > 64 * 1024) {
        yield enc.encode(chunk);
        chunk = '';
      }
    }
    yield enc.encode(chunk);
  }

  it(`${ROWS.toLocaleString('en-US')} rows stream through with progress and flat memory (peak live heap delta printed; docs/connectors-meta-tiktok-csv.md)`, async () => {
    const progress: CsvProgress[] = [];
    // What the reader keeps alive, collected first at each reading: the worker's other garbage and
    // the collector's timing would otherwise decide the figure, not the reader.
    const liveHeap = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const heap0 = liveHeap();
    let peak = heap0;
    let rows = 0;
    let impressions = 0;
    for await (const batch of readDailyGrainCsv(() => csvLines(bigFile()), {
      onProgress: (p) => {
        progress.push(p);
        peak = Math.max(peak, liveHeap());
      },
    })) {
      rows += batch.length;
      for (const r of batch) impressions += r.impressions;
    }
    const deltaMb = (peak - heap0) / 1024 / 1024;
    console.log(`csv-daily-grain: ${ROWS} rows, peak live heap delta ${deltaMb.toFixed(1)} MB`);
    expect(rows).toBe(ROWS);
    let expectedImpressions = 0;
    for (let i = 0; i < ROWS; i++) expectedImpressions += i % 5000;
    expect(impressions).toBe(expectedImpressions);
    // Progress: both readings, every 5,000 lines, lines growing, the end of each reported.
    const checks = progress.filter((p) => p.phase === 'check');
    const reads = progress.filter((p) => p.phase === 'read');
    expect(checks.length).toBeGreaterThanOrEqual(20);
    expect(reads.length).toBeGreaterThanOrEqual(20);
    expect(checks.at(-1)).toEqual({ phase: 'check', lines: ROWS + 1, rows: ROWS });
    expect(reads.at(-1)).toEqual({ phase: 'read', lines: ROWS + 1, rows: ROWS });
    expect(checks.every((p, i) => i === 0 || p.lines > checks[i - 1].lines)).toBe(true);
    // The file is ~11 MB of text and its rows ~40 MB as objects: neither is ever held whole (the key set is).
    expect(deltaMb).toBeLessThan(20);
  });
});
