/**
 * Browser journeys: builds the console with Vite, starts the local stack in memory on free ports,
 * runs every `*.journey.ts` in this folder in real Chromium (playwright-core), audits every screen
 * they visit with axe-core (a11y.ts: a serious or critical finding fails the journey), saves a
 * screenshot of each journey's last page under artifacts/screenshots/, stops everything.
 *
 *   npx tsx test/browser/run-journeys.ts [name-filter…]
 *
 * Set SKIP_WEB_BUILD=1 to reuse an existing web/dist. With more than a few journeys they run in
 * lanes, each a process with its own stack and browser (journey-lanes.ts).
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startLocalStack, type LocalStack } from '../../local/start';
import { journeyAudits } from './a11y';
import { buildConsole } from './build-console';
import {
  keepJourneyTimes,
  laneCount,
  laneOfThisProcess,
  runInLanes,
  writeLaneResults,
  type JourneyResult,
} from './journey-lanes';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  newContext,
  newPhoneContext,
  REPO_ROOT,
  screenshotPath,
  screenshotWholePage,
  type Journey,
} from './harness';

/** The journeys whose name or file contains a filter (all without one), or exactly those named. */
async function loadJourneys(filters: string[], names?: readonly string[]): Promise<Journey[]> {
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.journey.ts'))
    .sort();
  const journeys: Journey[] = [];
  for (const f of files) {
    const mod = (await import(path.join(__dirname, f))) as { default?: Journey; journey?: Journey };
    const j = mod.default ?? mod.journey;
    if (!j) throw new Error(`${f} exports no journey`);
    if (
      names ? names.includes(j.name) : filters.length === 0 || filters.some((x) => j.name.includes(x) || f.includes(x))
    )
      journeys.push(j);
  }
  return journeys;
}

/** Every API call and sync of the run metered for the cost model (`npm run cost`): artifacts/cost-samples.jsonl, this run's only. */
function keepCostSamples(): void {
  if (process.env.MIXDESK_COST_SAMPLES) return;
  const file = path.join(REPO_ROOT, 'artifacts', 'cost-samples.jsonl');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '');
  process.env.MIXDESK_COST_SAMPLES = file;
}

/** The journeys one after the other, on one local stack in memory and one browser. */
async function runJourneys(journeys: Journey[]): Promise<JourneyResult[]> {
  let stack: LocalStack | undefined;
  let browser: Browser | undefined;
  const results: JourneyResult[] = [];
  try {
    const t0 = Date.now();
    stack = await startLocalStack({
      inMemory: true,
      ports: { dynamo: 0, cognito: 0, api: 0, web: 0 },
      requestLog: false,
      log: () => undefined,
    });
    console.log(`Local stack up in ${Date.now() - t0} ms at ${stack.webUrl}`);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    for (const j of journeys) results.push(await runJourney(j, stack, browser));
  } finally {
    await browser?.close().catch(() => undefined);
    await stack?.stop();
  }
  return results;
}

async function runJourney(j: Journey, stack: LocalStack, browser: Browser): Promise<JourneyResult> {
  const started = Date.now();
  const contexts: BrowserContext[] = [];
  let last: Page | undefined;
  const pageErrors: string[] = [];
  const audits = journeyAudits();
  const open = async (c: BrowserContext) => {
    contexts.push(c);
    const p = await c.newPage();
    await audits.attach(p);
    p.on('pageerror', (e) => pageErrors.push(e.message));
    last = p;
    return p;
  };
  try {
    const ctx = {
      stack,
      webUrl: stack.webUrl as string,
      browser,
      log: (l: string) => console.log(`    ${l}`),
      audit: audits.now,
      newPage: async (locale?: string) => open(await newContext(browser, locale)),
      newPhonePage: async () => open(await newPhoneContext(browser)),
    };
    last = await j.run(ctx);
    const a = await audits.finish();
    console.log(`    axe: ${a.screens} screens audited in ${a.ms} ms`);
    console.log(`✔ ${j.name} (${Date.now() - started} ms)`);
    return { name: j.name, ok: true, ms: Date.now() - started };
  } catch (err) {
    const msg = (err as Error).stack ?? String(err);
    console.log(`✘ ${j.name}\n${msg}${pageErrors.length ? `\n  page errors: ${pageErrors.join(' | ')}` : ''}`);
    return { name: j.name, ok: false, ms: Date.now() - started, error: msg };
  } finally {
    if (last) await screenshotWholePage(last, screenshotPath(j.name)).catch(() => undefined);
    for (const c of contexts) await c.close().catch(() => undefined);
  }
}

async function main(): Promise<number> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const lane = laneOfThisProcess();
  const filters = process.argv.slice(2);
  const journeys = await loadJourneys(filters, lane?.names);
  if (journeys.length === 0) {
    console.error(`No journey matches ${filters.join(' ')}`);
    return 1;
  }
  if (lane) {
    // A lane of a run in lanes: its parent built the console, keeps the cost samples and sums up.
    const results = await runJourneys(journeys);
    writeLaneResults(lane, results);
    return results.every((r) => r.ok) ? 0 : 1;
  }
  if (process.env.SKIP_WEB_BUILD !== '1') buildConsole();
  keepCostSamples();
  const lanes = laneCount(journeys.length);
  const results = lanes > 1 ? await runInLanes(journeys, lanes) : await runJourneys(journeys);
  keepJourneyTimes(results);
  const failed = results.filter((r) => !r.ok);
  console.log(`\nBrowser journeys${lanes > 1 ? ` in ${lanes} lanes` : ''}; screenshots in artifacts/screenshots/`);
  for (const f of failed) console.log(`✘ ${f.name}`);
  // The plain closing line CI reads.
  console.log(`${results.length - failed.length} passed, ${failed.length} failed`);
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
