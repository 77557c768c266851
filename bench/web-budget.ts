import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startLocalStack } from '../local/start';
import { buildConsole } from '../test/browser/build-console';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DEMO_PASSWORD } from '../test/browser/harness';
import { accessToken } from './accounts-list';
import { fmt, median, timedConcurrent } from './stats';

/**
 * The console's budgets, in real Chromium against the local stack:
 * - gzip size of the JavaScript the sign-in route and /accounts/list load (each ≤ 250 kB);
 * - time from navigation to the accounts grid showing rows with 1,000 main accounts (median of 5 ≤ 1.5 s).
 *
 *   npx tsx bench/web-budget.ts        (SKIP_WEB_BUILD=1 reuses web/dist)
 */
export const JS_BUDGET_BYTES = 250 * 1024;
export const GRID_BUDGET_MS = 1500;
const ACCOUNTS = 1000;
const RUNS = 5;
const DIST = path.resolve(__dirname, '..', 'web', 'dist');
const ADMIN = 'admin@demo.mixdesk.test';

/** Records every script the page loads; sizes come from web/dist, gzipped as a CDN would serve them. */
function trackScripts(page: Page): () => { files: string[]; gzip: number } {
  const files = new Set<string>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('.js')) files.add(url.pathname);
  });
  return () => {
    const list = [...files];
    const gzip = list.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(DIST, f)), { level: 9 }).length, 0);
    return { files: list, gzip };
  };
}

async function seed(apiUrl: string, cognitoEndpoint: string, clientId: string): Promise<void> {
  const { token } = await accessToken(cognitoEndpoint, clientId, ADMIN);
  const existing = 4; // the demo company's own main accounts
  await timedConcurrent(ACCOUNTS - existing, 10, async (i) => {
    const res = await fetch(`${apiUrl}/AccountsService/CreateAccount`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        account: {
          ID: 0,
          Name: `Bench Client ${String(i).padStart(4, '0')}`,
          Currency: (i % 2) + 1,
          ManagementFeePct: 10,
        },
      }),
    });
    if (!res.ok) throw new Error(`CreateAccount answered ${res.status}`);
  });
}

async function signIn(page: Page, webUrl: string): Promise<void> {
  await page.goto(`${webUrl}/login`);
  await page.locator('input[name="email"]').fill(ADMIN);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
}

/** /accounts/list in a new page of the signed-in context, RUNS + 1 times (the first warms up): to the first rows, to all. */
async function timeAccountsList(ctx: BrowserContext, webUrl: string) {
  const grid: number[] = [];
  const complete: number[] = [];
  let accounts = { files: [] as string[], gzip: 0 };
  for (let run = 0; run < RUNS + 1; run++) {
    const page = await ctx.newPage();
    const js = trackScripts(page);
    const started = Date.now();
    await page.goto(`${webUrl}/accounts/list`);
    await page.getByTestId('account-row').first().waitFor({ timeout: 20_000 });
    const rowsAt = Date.now() - started;
    // Hebrew isolates the count (FSI … PDI around interpolated values): compare the text without them.
    await page.waitForFunction(
      (n) => {
        const text = document.body.innerText.replace(/[\u2066-\u2069]/g, '');
        return text.includes(`of ${n}`) || text.includes(`מתוך ${n}`);
      },
      ACCOUNTS,
      { timeout: 20_000 },
    );
    const allAt = Date.now() - started;
    if (run === 0)
      accounts = js(); // the first run also warms the server; it is not timed
    else {
      grid.push(rowsAt);
      complete.push(allAt);
    }
    await page.close();
  }
  return { grid, complete, accounts };
}

async function main(): Promise<number> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  if (process.env.SKIP_WEB_BUILD !== '1') buildConsole();
  const stack = await startLocalStack({
    inMemory: true,
    ports: { dynamo: 0, cognito: 0, api: 0, web: 0 },
    requestLog: false,
    log: () => undefined,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const failures: string[] = [];
  try {
    const webUrl = stack.webUrl as string;
    const t0 = Date.now();
    await seed(stack.apiUrl, stack.cognitoEndpoint, stack.clientId);
    console.log(`Seeded ${ACCOUNTS} main accounts in ${Date.now() - t0} ms`);
    // The local stream poller reads the seed's records in this process; let it finish first (in the
    // cloud the stream consumer runs elsewhere), so what is timed is the product, not the catch-up.
    await stack.settleStreams();

    // 1. The sign-in route, from a cold browser profile.
    const ctx: BrowserContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const loginPage = await ctx.newPage();
    const loginJs = trackScripts(loginPage);
    await loginPage.goto(`${webUrl}/login`);
    await loginPage.locator('input[name="password"]').waitFor();
    await loginPage.waitForLoadState('networkidle');
    const login = loginJs();
    await signIn(loginPage, webUrl);
    await loginPage.close();

    // 2. /accounts/list opened by a signed-in user (session in localStorage), timed to the first rows.
    const { grid, complete, accounts } = await timeAccountsList(ctx, webUrl);

    const kb = (b: number) => `${fmt(b / 1024)} kB`;
    console.log('\nConsole budgets');
    console.log(
      `  JS for the sign-in route     ${kb(login.gzip).padStart(10)} gzip (${login.files.length} files)   budget ${kb(JS_BUDGET_BYTES)}`,
    );
    console.log(
      `  JS for /accounts/list        ${kb(accounts.gzip).padStart(10)} gzip (${accounts.files.length} files)   budget ${kb(JS_BUDGET_BYTES)}`,
    );
    console.log(
      `  /accounts/list to first rows ${`${median(grid)} ms`.padStart(10)} median of ${RUNS} [${grid.join(', ')}]   budget ${GRID_BUDGET_MS} ms`,
    );
    console.log(
      `  all ${ACCOUNTS} rows loaded         ${`${median(complete)} ms`.padStart(10)} median of ${RUNS} [${complete.join(', ')}]`,
    );
    if (login.gzip > JS_BUDGET_BYTES) failures.push('sign-in JS');
    if (accounts.gzip > JS_BUDGET_BYTES) failures.push('/accounts/list JS');
    if (median(grid) > GRID_BUDGET_MS) failures.push('grid time');
    if (process.env.BENCH_VERBOSE === '1') console.log({ login: login.files, accounts: accounts.files });
  } finally {
    await browser.close();
    await stack.stop();
  }
  console.log(failures.length ? `\nOVER BUDGET: ${failures.join(', ')}` : '\nAll console budgets met.');
  return failures.length ? 1 : 0;
}

main().then(
  (c) => process.exit(c),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
