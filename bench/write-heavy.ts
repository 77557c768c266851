import { inParallel } from '../lambdas/core/in-parallel';
import { Role } from '../lambdas/shared/permissions';
import { VersionStatus } from '../lambdas/shared/version-status';
import { startLocalStack } from '../local/start';
import { accessToken } from './accounts-list';
import { fmt, percentile } from './stats';
import {
  approverLoop,
  caller,
  csvImport,
  CSV_ROWS,
  draftPlan,
  fullSync,
  plannerLoop,
  Tally,
  users,
  type Plan,
} from './write-heavy-workers';

/**
 * The write-heavy run (`npm run bench -- --only write-heavy`; alone: `npx tsx bench/write-heavy.ts`),
 * on a fresh in-memory local stack with the demo data, all at once for DURATION_MS: 20 planners each
 * editing the lines of a Draft plan of their own (SaveMediaChannel, each write with the version its
 * last answer gave), 10 approvers each approving the 3 plans submitted to them and then reading their
 * inbox, a full sync of the demo's Google Ads connection (Sync now) and a CSV import of 1,000 daily
 * rows. Budgets: 0 errors (every call 2xx) and 0 lost writes (afterwards every line holds the budget
 * of its last acknowledged write, every approved plan is Approved, the import wrote every row); each
 * kind's p50 and p99 are printed, and p99 ÷ p50 of the people's calls (the line edits, approvals and
 * inbox reads; the load run's rule: ≤ 5×).
 */
const PLANNERS = 20;
const APPROVERS = 10;
const PLANS_PER_APPROVER = 3;
const LINES = 5;
const DURATION_MS = Number(process.env.BENCH_WRITE_MS ?? 60_000);
const TAIL_RATIO_BUDGET = 5;
const PLANNER = 'planner@demo.mixdesk.test';
const ADMIN = 'admin@demo.mixdesk.test';

type Row = [name: string, measured: string, limit: string, ok: boolean | null];

async function main(): Promise<number> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const stack = await startLocalStack({
    inMemory: true,
    ports: { dynamo: 0, cognito: 0, api: 0, web: 0 },
    web: false,
    requestLog: false,
    log: (line) => {
      if (/error/i.test(line)) console.error(line.split('\n').slice(0, 3).join(' '));
    },
  });
  const rows: Row[] = [];
  try {
    process.env.MIXDESK_LOG_LEVEL = process.env.BENCH_LOG ?? 'silent';
    const seedTally = new Tally();
    const t0 = performance.now();
    const [planners, approvers] = [
      await users(stack, 'bench-planner', PLANNERS, Role.Planner),
      await users(stack, 'bench-approver', APPROVERS, Role.MediaManager),
    ];
    const token = async (email: string) => (await accessToken(stack.cognitoEndpoint, stack.clientId, email)).token;
    const seedAs = (t: string) => caller(stack.apiUrl, t, 'seed', seedTally);
    const plans: Plan[] = await inParallel(
      planners.map((t, i) => ({ t, i })),
      ({ t, i }) => draftPlan(seedAs(t), `Bench edits ${i}`, LINES),
      4,
    );
    // The plans each approver approves: made and submitted by the demo planner.
    const demoPlanner = seedAs(await token(PLANNER));
    const toApprove: Plan[] = [];
    for (let i = 0; i < APPROVERS * PLANS_PER_APPROVER; i++) {
      const p = await draftPlan(demoPlanner, `Bench approval ${i}`, 1);
      const info = await demoPlanner<{ version: number }>(
        'MediaMixService/GetMediaMixInfo',
        { mediaMixId: p.versionId },
        p.accountId,
      );
      await demoPlanner(
        'MediaMixService/SubmitMediaMix',
        { mediaMixId: p.versionId, version: info.version, confirmOverBudget: true },
        p.accountId,
      );
      toApprove.push(p);
    }
    const admin = await token(ADMIN);
    await stack.settleStreams();
    console.log(
      `Seeded ${PLANNERS} planners' plans of ${LINES} lines and ${toApprove.length} submitted plans in ${fmt((performance.now() - t0) / 1000)} s`,
    );

    const tally = new Tally();
    const started = performance.now();
    const deadline = started + DURATION_MS;
    const settle = <T>(p: Promise<T>) =>
      p.then(
        (v) => ({ ok: true as const, v }),
        (e: Error) => ({ ok: false as const, e }),
      );
    const [edits, approvals, sync, csv] = await Promise.all([
      settle(
        Promise.all(
          planners.map((t, i) => plannerLoop(caller(stack.apiUrl, t, 'line edit', tally), plans[i], deadline, i)),
        ),
      ),
      settle(
        Promise.all(
          approvers.map((t, i) =>
            approverLoop(
              caller(stack.apiUrl, t, 'approval and inbox', tally),
              toApprove.slice(i * PLANS_PER_APPROVER, (i + 1) * PLANS_PER_APPROVER),
              deadline,
            ),
          ),
        ),
      ),
      settle(fullSync(caller(stack.apiUrl, admin, 'sync now', tally), deadline + 600_000)),
      settle(csvImport(caller(stack.apiUrl, admin, 'CSV import', tally), plans[0].accountId)),
    ]);
    const seconds = (performance.now() - started) / 1000;
    await stack.settleStreams();

    // Every write read back.
    const lost: string[] = [];
    const check = caller(stack.apiUrl, admin, 'read back', new Tally());
    for (const p of plans) {
      const info = await check<{ Lines: { ID: number; Budget: number }[] }>(
        'MediaMixService/GetMediaMixInfo',
        { mediaMixId: p.versionId },
        p.accountId,
      );
      for (const l of p.lines) {
        const stored = info.Lines.find((x) => x.ID === l.id)?.Budget;
        if (stored !== l.acked) lost.push(`line ${l.id}: stored ${stored}, last acknowledged ${l.acked}`);
      }
    }
    for (const p of toApprove) {
      const info = await check<{ Status: VersionStatus }>(
        'MediaMixService/GetMediaMixInfo',
        { mediaMixId: p.versionId },
        p.accountId,
      );
      if (approvals.ok && info.Status !== VersionStatus.Approved)
        lost.push(`plan ${p.versionId}: ${info.Status}, approved`);
    }
    if (csv.ok && (csv.v.Status !== 'OK' || csv.v.RowsWritten !== CSV_ROWS))
      lost.push(`CSV import: ${csv.v.Status}, ${csv.v.RowsWritten} of ${CSV_ROWS} rows written`);

    const all = [...tally.times.values()].flat();
    console.log(`\nWrite-heavy run: ${all.length} calls in ${fmt(seconds)} s (${fmt(all.length / seconds)}/s)`);
    for (const [kind, times] of tally.times)
      console.log(
        `  ${kind.padEnd(20)} ${String(times.length).padStart(6)} calls   p50 ${fmt(percentile(times, 50))} ms   p99 ${fmt(percentile(times, 99))} ms`,
      );
    const edited = edits.ok ? edits.v.reduce((s, n) => s + n, 0) : 0;
    console.log(
      `  line writes acknowledged: ${edited}; plans approved: ${approvals.ok ? approvals.v.flat().length : 0}`,
    );
    console.log(`  sync: ${sync.ok ? sync.v : `failed: ${sync.e.message}`}`);
    console.log(`  CSV import: ${csv.ok ? `${csv.v.Status}, ${csv.v.RowsWritten} rows` : `failed: ${csv.e.message}`}`);
    for (const e of [...seedTally.errors, ...tally.errors].slice(0, 10)) console.log(`  error: ${e}`);
    for (const l of lost.slice(0, 10)) console.log(`  lost: ${l}`);

    // The tail rule is the people's calls: Sync now and the CSV import are jobs that take their time.
    const people = [...(tally.times.get('line edit') ?? []), ...(tally.times.get('approval and inbox') ?? [])];
    const p50 = percentile(people, 50);
    const p99 = percentile(people, 99);
    const errors = tally.errors.length + [edits, approvals, sync, csv].filter((r) => !r.ok).length;
    rows.push(['errors (non-2xx answers, failed workers)', String(errors), '0', errors === 0]);
    rows.push(['lost writes (read back after the run)', String(lost.length), '0', lost.length === 0]);
    rows.push([
      'p99 ÷ p50 of the line edits, approvals and inbox reads',
      `${fmt(p99 / p50, 1)}× (p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms)`,
      `≤ ${TAIL_RATIO_BUDGET}×`,
      p99 / p50 <= TAIL_RATIO_BUDGET,
    ]);
  } finally {
    await stack.stop();
  }
  console.log('\nWrite-heavy budgets');
  for (const [name, measured, limit, ok] of rows)
    console.log(
      `  ${name.padEnd(44)} ${measured.padEnd(36)} ${limit.padEnd(6)} ${ok === null ? '—' : ok ? 'ok' : 'MISSED'}`,
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
