import { inParallel } from '../lambdas/core/in-parallel';
import { listActivitiesOfMain } from '../lambdas/modules/activities/store.dynamodb';
import { getFinalStatement } from '../lambdas/modules/billing/store.dynamodb';
import { getActivityPlan, getVersionWithLines } from '../lambdas/modules/media-plans';
import { listOrders } from '../lambdas/modules/orders';
import { readLineRollup } from '../lambdas/modules/performance-data';
import { getProfileBySub } from '../lambdas/modules/tenancy/profile-store.dynamodb';
import { allBillRows } from '../lambdas/modules/vendor-bills/store.dynamodb';
import { startLocalStack } from '../local/start';
import { accessToken } from './accounts-list';
import { postJson } from './api-client';
import { BILLED_MONTHS, MONTHS, seedMarginWorld, type MarginWorld } from './margin-seed';
import { fmt, percentile, timedConcurrent } from './stats';

/**
 * GetAccountMargin over 12 months (`npm run bench`; alone: `npx tsx bench/margin.ts`), on a fresh
 * in-memory local stack of its own with the world of bench/margin-seed.ts (20 orders, a year of daily
 * delivery, 8 months billed and final, 4 open), through the local HTTP API, 4 callers, against the
 * reads the margin needs, each once, through the stores' read functions (no route, no rules), same run:
 * - the company's orders (one paged Query) and its payables rows (one paged Query);
 * - the stored statement of each final month (a GetItem each);
 * - for the open months: the account's activities overlapping them (one Query), each activity's plan
 *   and approved version with its lines, and each line's day rollups over the open months (one
 *   Query per line): what both the open months' statements and the unbilled periods' costs are made of.
 * Budget: p50 ≤ 2× (goal ≤ 1.3×). The route reads the open months' plan chain and rollups once for
 * the range and shares them between the statements and the unbilled periods' costs
 * (billing's readStatementRange); beyond the raw reads it reads what the statements share (the
 * main account, the configuration, the sync settings, the first flight, the connectors) once: the
 * ratio says what the route's own work costs.
 */
const RATIO_BUDGET = 2;
const CALLERS = 4;
const ANALYST = 'analyst@demo.mixdesk.test';

async function rawReads(companyId: number, w: MarginWorld): Promise<void> {
  const open = MONTHS.slice(BILLED_MONTHS);
  const from = `${open[0]}-01`;
  const to = '2026-11-30';
  await Promise.all([
    listOrders(companyId, (o) => o.AccountId === w.account.ID, Number.MAX_SAFE_INTEGER),
    allBillRows(companyId),
    inParallel(w.finalMonths, (m) => getFinalStatement(companyId, w.account.ID, m), 3),
    (async () => {
      const acts = await listActivitiesOfMain(companyId, w.account.ID, { fromDate: from, toDate: to }, 500, false);
      await inParallel(acts.items, async (a) => {
        const plan = await getActivityPlan(companyId, a.ID);
        if (plan?.ApprovedMixId) await getVersionWithLines(companyId, plan.ApprovedMixId);
      });
    })(),
    inParallel(w.lineIds, (id) => readLineRollup(companyId, id, from, to), 8),
  ]);
}

async function main(): Promise<number> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const stack = await startLocalStack({
    inMemory: true,
    ports: { dynamo: 0, cognito: 0, api: 0, web: 0 },
    web: false,
    requestLog: false,
    streams: false,
    log: (line) => {
      if (/error/i.test(line)) console.error(line.split('\n').slice(0, 3).join(' '));
    },
  });
  let ok = false;
  try {
    process.env.MIXDESK_LOG_LEVEL = process.env.BENCH_LOG ?? 'silent';
    // The test world's helpers (seedLine's channel types) look for the table the way jest's setup names it.
    process.env.MIXDESK_TEST_DYNAMO_ENDPOINT = stack.dynamoEndpoint;
    process.env.MIXDESK_TEST_TABLE = stack.tableName;
    const profile = async (email: string) =>
      (await getProfileBySub((await accessToken(stack.cognitoEndpoint, stack.clientId, email)).sub))!;
    const [admin, planner, approver] = await Promise.all(
      ['admin@demo.mixdesk.test', 'planner@demo.mixdesk.test', 'approver@demo.mixdesk.test'].map(profile),
    );
    const t0 = performance.now();
    const w = await seedMarginWorld({ admin, planner, approver });
    console.log(
      `Seeded ${w.orders.length} orders, ${w.statItems} daily stats, ${w.bills} bills, ${w.finalMonths.length} final months in ${fmt((performance.now() - t0) / 1000)} s`,
    );
    const { token } = await accessToken(stack.cognitoEndpoint, stack.clientId, ANALYST);
    const headers = { authorization: `Bearer ${token}`, 'x-account-id': String(w.account.ID) };
    const viaApi = async () => {
      const res = await postJson<{ Months: unknown[] }>(
        `${stack.apiUrl}/VendorBillsService/GetAccountMargin`,
        headers,
        {
          fromMonth: MONTHS[0],
          toMonth: MONTHS[MONTHS.length - 1],
        },
      );
      if (res.body.Response?.Months?.length !== MONTHS.length)
        throw new Error(`GetAccountMargin answered ${res.status}: ${res.body.ErrorMessage}`);
    };
    const raw = () => rawReads(admin.companyId, w);
    const sample = await postJson(`${stack.apiUrl}/VendorBillsService/GetAccountMargin`, headers, {
      fromMonth: MONTHS[0],
      toMonth: MONTHS[MONTHS.length - 1],
    });
    console.log(`  totals: ${JSON.stringify(sample.body.Response?.Totals)}`);
    await timedConcurrent(12, CALLERS, viaApi);
    await timedConcurrent(12, CALLERS, raw);
    const api: number[] = [];
    const base: number[] = [];
    for (let round = 0; round < 4; round++) {
      base.push(...(await timedConcurrent(20, CALLERS, raw)));
      api.push(...(await timedConcurrent(20, CALLERS, viaApi)));
    }
    const [a, b] = [percentile(api, 50), percentile(base, 50)];
    ok = a / b <= RATIO_BUDGET;
    console.log(`\nGetAccountMargin, 12 months, ${w.orders.length} orders, ${CALLERS} callers, 80 requests each side`);
    console.log(`  local API  : p50 ${fmt(a)} ms, p99 ${fmt(percentile(api, 99))} ms`);
    console.log(`  raw reads  : p50 ${fmt(b)} ms, p99 ${fmt(percentile(base, 99))} ms`);
    console.log(`  ratio p50  : ${fmt(a / b, 2)} (budget ≤ ${RATIO_BUDGET}) ${ok ? 'ok' : 'MISSED'}`);
  } finally {
    await stack.stop();
  }
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
