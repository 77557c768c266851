import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { QueryCommand } from '../lambdas/aws/dynamodb/commands';
import { ddb, tableName } from '../lambdas/aws/dynamodb/client';
import { companyPk } from '../lambdas/aws/dynamodb/keys';
import { getProfileBySub } from '../lambdas/modules/tenancy/profile-store.dynamodb';
import { billKeys } from '../lambdas/modules/vendor-bills/store.dynamodb';
import { startLocalStack } from '../local/start';
import { buildConsole } from '../test/browser/build-console';
import { accessToken } from './accounts-list';
import { barePageHtml, traceLine } from './bare-page';
import { codeRunLine } from './code-run';
import { postJson } from './api-client';
import { measureScreens, SCREEN_BUDGET_MS, type ScreenFigure } from './performance-browser';
import { seedBills } from './payables-seed';
import { fmt, percentile, timedConcurrent } from './stats';

/**
 * The payables budgets (`npm run bench`; alone: `npx tsx bench/payables.ts [--no-browser]`), on a
 * fresh in-memory local stack of its own, one company with 5,000 vendor bills (bench/payables-seed.ts):
 * - GetVendorBillsList's first page (the payables screen's default call: no filter, 50 rows) through
 *   the local HTTP API, 10 callers, against the paged Query of every payables row of the company
 *   (what the route read before its totals were kept as counters): p50 ≤ 2×. The raw Query of the
 *   page's 50 rows alone is printed beside it: the route now reads that page, the counters and this
 *   month's open rows (docs/vendor-bills.md "Payables");
 * - headless Chromium, median of 5 navigations → first bill row visible: `/payables/list` ≤ 1.5 s,
 *   and a bare page measured in the same run (bench/bare-page.ts: plain React, none of the console's
 *   shell: config.json, the same call with the same user's token, the same rows into a table),
 *   screen ÷ bare ≤ 2× (goal 1.3×). The bare page is written into the console's build folder for the run, so it is
 *   served by the same server, from the same origin, with the same CORS preflight as the console.
 */
const BILLS = 5000;
const PAGE = 50;
const RATIO_BUDGET = 2;
const ROUNDS = 3;
const SCREEN_RATIO_BUDGET = 2;
const SCREEN_RATIO_GOAL = 1.3;
const USER = 'planner@demo.mixdesk.test';
const BARE_FILE = 'bench-bare-payables.html';

type Row = [name: string, measured: string, limit: string, ok: boolean | null];

async function rawPage(companyId: number, all: boolean): Promise<number> {
  let rows = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': companyPk(companyId), ':p': billKeys.rowPrefix },
        ...(all ? {} : { Limit: PAGE }),
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    rows += out.Items?.length ?? 0;
    start = all ? out.LastEvaluatedKey : undefined;
  } while (start);
  return rows;
}

async function benchApi(apiUrl: string, token: string, companyId: number, rows: Row[]) {
  const viaApi = async () => {
    const res = await postJson<{ Items: unknown[]; Totals: { Count: number }[] }>(
      `${apiUrl}/VendorBillsService/GetVendorBillsList`,
      { authorization: `Bearer ${token}` },
      { pageSize: PAGE, nextToken: null },
    );
    const count = res.body.Success ? res.body.Response.Totals.reduce((s, t) => s + t.Count, 0) : 0;
    if (res.body.Response?.Items?.length !== PAGE || count !== BILLS)
      throw new Error(`GetVendorBillsList answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  };
  const rawAll = async () => {
    if ((await rawPage(companyId, true)) !== BILLS) throw new Error('the raw Query missed rows');
  };
  const rawOne = async () => {
    if ((await rawPage(companyId, false)) !== PAGE) throw new Error('the raw Query returned a short page');
  };
  // Warm every path, then alternate rounds so drift on a shared machine hits each side alike.
  // Each call reads every row (~1.4 s of DynamoDB Local's time): few rounds keep the part a few minutes.
  for (const f of [viaApi, rawAll, rawOne]) await timedConcurrent(10, 10, f);
  const times = { api: [] as number[], all: [] as number[], one: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    times.all.push(...(await timedConcurrent(20, 10, rawAll)));
    times.one.push(...(await timedConcurrent(20, 10, rawOne)));
    times.api.push(...(await timedConcurrent(20, 10, viaApi)));
  }
  const [api, all, one] = [times.api, times.all, times.one].map((t) => percentile(t, 50));
  console.log(
    `\nGetVendorBillsList, first page of ${BILLS.toLocaleString('en')} bills, 10 callers, ${ROUNDS * 20} requests each side`,
  );
  console.log(`  local API                        : p50 ${fmt(api)} ms, p99 ${fmt(percentile(times.api, 99))} ms`);
  console.log(`  raw Query of every payables row  : p50 ${fmt(all)} ms (${BILLS} rows, what the totals need)`);
  console.log(`  raw Query of the page's ${PAGE} rows   : p50 ${fmt(one)} ms`);
  rows.push([
    'GetVendorBillsList p50 ÷ raw Query of every payables row',
    `${fmt(api / all, 2)}× (${fmt(api)} vs ${fmt(all)} ms)`,
    `≤ ${RATIO_BUDGET}×`,
    api / all <= RATIO_BUDGET,
  ]);
  rows.push([
    `GetVendorBillsList p50 ÷ raw Query of ${PAGE} rows`,
    `${fmt(api / one, 2)}× (${fmt(api)} vs ${fmt(one)} ms)`,
    'reference',
    null,
  ]);
}

/** The bare page (bench/bare-page.ts): the screen's default call, its rows' cells. */
const BARE_PAGE = barePageHtml(
  'Payables',
  { route: 'VendorBillsService/GetVendorBillsList', body: { pageSize: PAGE, nextToken: null }, accountId: null },
  {
    items: 'r.Items',
    cells: [
      'x.DueDate',
      'x.VendorName',
      'x.AccountName',
      'x.Period',
      "new Intl.NumberFormat('en-US', { style: 'currency', currency: x.CurrencyCode }).format(x.Gross)",
      'x.PayStatus',
    ],
    testId: 'bill-row',
  },
);

async function benchScreens(webUrl: string, token: string, rows: Row[]) {
  const bareFile = path.join(__dirname, '..', 'web', 'dist', BARE_FILE);
  writeFileSync(bareFile, BARE_PAGE);
  let figures: ScreenFigure[];
  try {
    figures = await measureScreens(webUrl, USER, [
      {
        name: 'payables (first rows)',
        url: '/payables/list',
        visible: ['[data-testid="bill-row"]'],
        frame: {
          visible: ['[data-first-frame] [data-frame-row]'],
          kept: `localStorage.getItem('mixdesk-frame.payables') && Object.keys(localStorage).some((k) => k.startsWith('mixdesk.styles.'))`,
        },
        trace: 'VendorBillsService/GetVendorBillsList',
        codeRun: true,
      },
      {
        name: 'bare page (same call, same rows)',
        url: `/${BARE_FILE}#${token}`,
        visible: ['[data-testid="bill-row"]'],
        codeRun: true,
      },
    ]);
  } finally {
    rmSync(bareFile, { force: true });
  }
  for (const f of figures) {
    console.log(
      `  ${f.name}: ${f.state === 'measured' ? `median ${f.medianMs} ms (${f.runs.join(', ')})` : f.state === 'failed' ? `failed: ${f.error}` : f.state}`,
    );
    if (f.state === 'measured' && f.trace) console.log(`    median trace: ${traceLine(f.trace)}`);
    if (f.state === 'measured' && f.own)
      console.log(
        `    first rows from the kept frame in ${f.own.framed} of ${f.own.runs.length} runs; the screen's own rows: median ${f.own.medianMs} ms (${f.own.runs.join(', ')})`,
      );
  }
  const [screen, bare] = figures;
  if (screen.state !== 'measured' || bare.state !== 'measured') {
    rows.push(['navigation → /payables/list rows, and the bare page', 'not measured', '', false]);
    return;
  }
  const ratio = screen.medianMs / bare.medianMs;
  if (screen.code && bare.code) console.log(`  ${codeRunLine(screen.code, bare.code)}`);
  rows.push([
    'navigation → /payables/list first rows, median of 5',
    `${screen.medianMs} ms`,
    `≤ ${SCREEN_BUDGET_MS} ms`,
    screen.medianMs <= SCREEN_BUDGET_MS,
  ]);
  rows.push([
    'payables screen ÷ bare page (same call, same rows)',
    `${fmt(ratio, 2)}× (${screen.medianMs} vs ${bare.medianMs} ms; goal ${SCREEN_RATIO_GOAL}×)`,
    `≤ ${SCREEN_RATIO_BUDGET}×`,
    ratio <= SCREEN_RATIO_BUDGET,
  ]);
}

async function main(): Promise<number> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const browser = !process.argv.includes('--no-browser');
  if (browser && process.env.SKIP_WEB_BUILD !== '1') buildConsole();
  const started = performance.now();
  const stack = await startLocalStack({
    inMemory: true,
    ports: { dynamo: 0, cognito: 0, api: 0, web: 0 },
    web: browser,
    requestLog: false,
    streams: false,
    // The API's error lines (a handler that threw: its 500), to say why a call failed.
    log: (line) => {
      if (/error/i.test(line)) console.error(line.split('\n').slice(0, 3).join(' '));
    },
  });
  const rows: Row[] = [];
  try {
    process.env.MIXDESK_LOG_LEVEL = process.env.BENCH_LOG ?? 'silent';
    const admin = await getProfileBySub(
      (await accessToken(stack.cognitoEndpoint, stack.clientId, 'admin@demo.mixdesk.test')).sub,
    );
    console.log(`Local stack up in ${fmt((performance.now() - started) / 1000)} s`);
    const t0 = performance.now();
    const seeded = await seedBills(admin!, BILLS);
    console.log(
      `Seeded ${seeded.bills} bills (${seeded.items} items) over ${seeded.vendors} vendors and ${seeded.accounts} main accounts in ${fmt((performance.now() - t0) / 1000)} s`,
    );
    const { token } = await accessToken(stack.cognitoEndpoint, stack.clientId, USER);
    await benchApi(stack.apiUrl, token, admin!.companyId, rows);
    if (browser) await benchScreens(stack.webUrl!, token, rows);
  } finally {
    await stack.stop();
  }
  console.log('\nPayables budgets');
  for (const [name, measured, limit, ok] of rows)
    console.log(
      `  ${name.padEnd(58)} ${measured.padEnd(40)} ${limit.padEnd(10)} ${ok === null ? '—' : ok ? 'ok' : 'MISSED'}`,
    );
  return rows.some((r) => r[3] === false) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
