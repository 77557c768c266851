import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { CfnAlarm, CfnDashboard } from 'aws-cdk-lib/aws-cloudwatch';
import { CfnKey } from 'aws-cdk-lib/aws-kms';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnSecret } from 'aws-cdk-lib/aws-secretsmanager';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { ROUTES } from '../lambdas/manifest';
import { addMixdeskStages } from '../lib/app';
import type { MixdeskStage } from '../lib/stage';
import type { CostSample } from '../local/cost-samples';
import { AGENCY_SIZES } from './cost/assumptions';
import { monthlyBill, total, type Inventory, type Measured, type RouteCost } from './cost/model';
import { PRICES } from './cost/prices';

/**
 * `npm run cost`: a month of each stage for three agency sizes (scripts/cost/assumptions.ts), from
 * what the journeys measured per call (scripts/cost/measured.json) and what each stage is made of
 * (its constructs, counted without synthesizing). `-- --update` first rebuilds measured.json from
 * the last journey run's samples (artifacts/cost-samples.jsonl); `-- --markdown` prints the tables
 * for docs/cost.md.
 */
const ROOT = path.resolve(__dirname, '..');
const MEASURED = path.join(__dirname, 'cost', 'measured.json');
const SAMPLES = path.join(ROOT, 'artifacts', 'cost-samples.jsonl');
/** The demo's first sync reads each ad account from the first of the month 89 days back. */
const FIRST_SYNC_DAYS = 92;
/** Connector credentials: one secret per platform connection of a company. */
const CONNECTOR_SECRETS = 3;

function summarize(samples: CostSample[]): Measured {
  const routes: Record<string, RouteCost> = {};
  const add = (into: RouteCost, s: CostSample, per = 1) => {
    const n = into.samples;
    into.ms = (into.ms * n + s.ms / per) / (n + 1);
    into.read = (into.read * n + s.read / per) / (n + 1);
    into.write = (into.write * n + s.write / per) / (n + 1);
    into.samples = n + 1;
  };
  const sync = { samples: 0, ms: 0, read: 0, write: 0, days: FIRST_SYNC_DAYS };
  for (const s of samples) {
    if (s.kind === 'route') add((routes[s.name] ??= { samples: 0, ms: 0, read: 0, write: 0 }), s);
    else if (s.name === 'sync:company' && s.units) add(sync, s, s.units);
  }
  const round = (r: RouteCost) => ({
    ...r,
    ms: +r.ms.toFixed(1),
    read: +r.read.toFixed(2),
    write: +r.write.toFixed(2),
  });
  return {
    from: `${samples.length} samples of the browser journeys, ${new Date().toISOString().slice(0, 10)}`,
    routes: Object.fromEntries(
      Object.entries(routes)
        .sort()
        .map(([k, v]) => [k, round(v)]),
    ),
    syncPerAdAccount: { ...round(sync), days: FIRST_SYNC_DAYS },
  };
}

function alarmMetrics(alarm: CfnAlarm): number {
  const queries = alarm.metrics;
  if (!Array.isArray(queries)) return 1;
  return queries.filter((q) => typeof q === 'object' && q !== null && 'metricStat' in q && q.metricStat).length || 1;
}

/** The request metrics with data in a month at a stage's detail. */
function customMetrics(detail: 'errors' | 'services' | 'routes', services: number): number {
  if (detail === 'errors') return 2 * services;
  return 4 * (services + (detail === 'routes' ? ROUTES.length : 0));
}

function inventories(): Inventory[] {
  const cdkJson = JSON.parse(readFileSync(path.join(ROOT, 'cdk.json'), 'utf8'));
  const app = new App({ context: { ...cdkJson.context, [BUNDLING_STACKS]: [] } });
  const services = new Set(ROUTES.map((r) => r.service)).size;
  return addMixdeskStages(app).map((stage: MixdeskStage) => {
    const all = stage.node.findAll();
    const count = (type: abstract new (...a: never[]) => unknown) => all.filter((c) => c instanceof type).length;
    const memory = all
      .filter((c): c is CfnFunction => c instanceof CfnFunction)
      .map((f) => Number(f.memorySize) || 128);
    return {
      stage: stage.stageName,
      // CloudWatch bills an alarm per metric it reads: a metric-math alarm counts each of its metrics.
      alarms: all.filter((c): c is CfnAlarm => c instanceof CfnAlarm).reduce((n, a) => n + alarmMetrics(a), 0),
      dashboards: count(CfnDashboard),
      kmsKeys: count(CfnKey),
      secrets: count(CfnSecret) + CONNECTOR_SECRETS,
      // Count, Latency, 4xx and 5xx per service, and per route where the stage asks (lambdas/kit/metrics.ts).
      customMetrics: customMetrics(stage.config.requestMetrics, services),
      cognitoPlus: stage.config.auth.threatProtection,
      memoryMb: memory.sort((a, b) => a - b)[Math.floor(memory.length / 2)],
    };
  });
}

const usd = (n: number) => `$${n < 10 ? n.toFixed(2) : n.toFixed(0)}`;

function main() {
  const args = process.argv.slice(2);
  if (args.includes('--update')) {
    if (!existsSync(SAMPLES)) throw new Error(`${SAMPLES} is missing: run the journeys first (npm run test:browser)`);
    const samples = readFileSync(SAMPLES, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as CostSample);
    writeFileSync(MEASURED, `${JSON.stringify(summarize(samples), null, 1)}\n`);
  }
  const measured = JSON.parse(readFileSync(MEASURED, 'utf8')) as Measured;
  const readRoutes = ROUTES.filter((r) => r.access === 'read').map((r) => `${r.service}.${r.method}`);
  const md = args.includes('--markdown');
  console.log(`Prices of ${PRICES.region} as of ${PRICES.asOf}; per-call costs from ${measured.from}.\n`);
  for (const inv of inventories()) {
    const bills = AGENCY_SIZES.map((a) => monthlyBill(a, measured, inv, readRoutes));
    const head = ['item', ...AGENCY_SIZES.map((a) => a.name)];
    const rows = bills[0].map((line, i) => [line.item, ...bills.map((b) => usd(b[i].usd))]);
    rows.push(['**total a month**', ...bills.map((b) => `**${usd(total(b))}**`)]);
    rows.push(['of which fixed', ...bills.map((b) => usd(total(b.filter((l) => l.fixed))))]);
    console.log(md ? `### ${inv.stage}\n` : `== ${inv.stage}`);
    if (md) {
      console.log(
        `| ${head.join(' | ')} |\n|---|${head
          .slice(1)
          .map(() => '---:')
          .join('|')}|`,
      );
      for (const r of rows) console.log(`| ${r.join(' | ')} |`);
    } else
      for (const r of [head, ...rows])
        console.log(
          r.map((c, i) => (i ? c.replace(/\*/g, '').padStart(12) : c.replace(/\*/g, '').padEnd(44))).join(''),
        );
    console.log('');
  }
}

main();
