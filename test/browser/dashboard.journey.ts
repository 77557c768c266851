import { check, type Journey } from './harness';
import { LOCAL_CLOCK_PATH } from '../../local/api-server';
import { todayIn } from '../../lambdas/shared/company-day';
import { atWidthWithMenuOpen, chartLabelsApart, fitsWidth } from './layout-checks';
import { apiCall, apiToken, chooseLanguage, signInAndLand } from './steps';

/**
 * The manager dashboard in real Chromium against the local stack, on the demo's
 * actuals (synced from the fakes at start): the analyst (Management reports) opens it from the menu,
 * sees the tiles with the API's figures, clicks the actual-vs-planned tile and lands on Reports with
 * the filters that explain it (this month by activity, in the URL) showing rows. The planner's home
 * lists live activities. A client user gets the forbidden screen at /dashboard/managerDashboard.
 * First, with the stack's clock fixed at 10:00 on the 1st of this month (Israel), "this month" has no
 * complete day: the API says so (no planned or actual to date, no projection) and the tiles say
 * "No complete day yet" instead of comparing or pacing nothing.
 */
const ANALYST = 'analyst@demo.mixdesk.test';

interface Dashboard {
  ActualSpend: number;
  ActualToDate: number;
  PlannedToDate: number;
  ProjectedSpend: number | null;
  CompleteDays: number;
  FeesEarned: number;
  LiveActivities: number;
  Currency: string;
  From: string;
}

const fixClock = async (apiUrl: string, now: string | null) => {
  const res = await fetch(`${apiUrl}${LOCAL_CLOCK_PATH}`, { method: 'POST', body: JSON.stringify({ now }) });
  check(res.ok, `the local clock is set to ${now ?? 'the real one'} (${res.status})`);
};

const journey: Journey = {
  name: 'dashboard',
  async run({ newPage, webUrl, stack, log }) {
    const token = await apiToken(stack, ANALYST);
    const page = await newPage();
    await signInAndLand(page, webUrl, ANALYST, /\/(accounts\/list|user\/account-profile\/profile2)$/);
    await chooseLanguage(page, 'en');

    const first = `${todayIn('Asia/Jerusalem').slice(0, 7)}-01`;
    await fixClock(stack.apiUrl, `${first}T08:00:00Z`);
    try {
      const day1 = await apiCall<Dashboard>(stack.apiUrl, token, 'DashboardService/GetManagerDashboard', {});
      check(
        day1.From === first &&
          day1.CompleteDays === 0 &&
          day1.PlannedToDate === 0 &&
          day1.ActualToDate === 0 &&
          day1.ProjectedSpend === null,
        `on the 1st nothing is complete yet: ${JSON.stringify({ From: day1.From, CompleteDays: day1.CompleteDays, PlannedToDate: day1.PlannedToDate, ActualToDate: day1.ActualToDate, ProjectedSpend: day1.ProjectedSpend })}`,
      );
      await page.goto(`${webUrl}/dashboard/managerDashboard`);
      await page.locator('[data-tile="spend"] [data-testid="no-complete-day"]').waitFor({ timeout: 20_000 });
      for (const tile of ['spend', 'projected', 'pace']) {
        const text = await page
          .locator(`[data-testid="dashboard-tile"][data-tile="${tile}"]`)
          .getByTestId('dashboard-tile-value')
          .innerText();
        check(text.trim() === 'No complete day yet', `the ${tile} tile on the 1st: ${text}`);
      }
    } finally {
      await fixClock(stack.apiUrl, null);
    }

    const api = await apiCall<Dashboard>(stack.apiUrl, token, 'DashboardService/GetManagerDashboard', {});
    check(
      api.ActualSpend > 0 && api.LiveActivities > 0,
      `the demo has spend this month and live activities (${api.ActualSpend} ${api.Currency}, ${api.LiveActivities} live)`,
    );
    log(`this month: actual ${api.ActualSpend}, planned ${api.PlannedToDate}, fees ${api.FeesEarned} ${api.Currency}`);

    await page.goto(`${webUrl}/accounts/list`); // a fresh console: none of the 1st's replies kept
    await page.locator('[data-menu-id="managerDashboard"]').click();
    await page.waitForURL(/\/dashboard\/managerdashboard$/i);
    const spendTile = page.locator('[data-testid="dashboard-tile"][data-tile="spend"]');
    await spendTile.waitFor({ timeout: 20_000 });
    check((await page.getByTestId('dashboard-tile').count()) === 6, 'six tiles');
    const money = (n: number) =>
      new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
    const value = await spendTile.getByTestId('dashboard-tile-value').innerText();
    check(
      api.CompleteDays === 0
        ? value.trim() === 'No complete day yet'
        : value.includes(money(api.ActualToDate)) && value.includes(money(api.PlannedToDate)),
      `the tile shows the API's actual and planned to date (${value})`,
    );
    const live = await page
      .locator('[data-testid="dashboard-tile"][data-tile="live"]')
      .getByTestId('dashboard-tile-value')
      .innerText();
    check(live.trim() === String(api.LiveActivities), `live activities ${live}`);
    await page.getByTestId('spend-by-account-row').first().waitFor({ timeout: 20_000 });

    await spendTile.getByTestId('dashboard-tile-link').click();
    await page.waitForURL(/\/performance\/list\?period=3&groupBy=activity$/);
    await page.getByTestId('report-row').first().waitFor({ timeout: 20_000 });
    check((await page.getByTestId('report-row').count()) > 0, 'Reports shows the activities of this month');

    await page.goto(`${webUrl}/dashboard/default`);
    await page.getByTestId('planner-activity').first().waitFor({ timeout: 20_000 });
    check(
      (await page.getByTestId('planner-activity').locator('[data-testid="pacing-chip"]').count()) > 0,
      "the planner's home shows live activities with their pacing",
    );

    const client = await newPage();
    await signInAndLand(client, webUrl, 'client@demo.mixdesk.test', /\/accounts\/list$/);
    await client.goto(`${webUrl}/dashboard/managerDashboard`);
    await client.waitForURL(/\/forbidden$/);
    await client.getByTestId('status-forbidden').waitFor();
    await client.close();

    // Last, the dashboard again (the screenshot), its charts' tables drawn.
    await page.goto(`${webUrl}/dashboard/managerDashboard`);
    await page.getByTestId('spend-by-group-row').first().waitFor({ timeout: 20_000 });
    // At 1440 × 900 with the menu open, in English and in Hebrew: nothing scrolls sideways and the
    // spend charts' tick labels are apart and inside their chart.
    const problems: string[] = [];
    for (const [lang, label] of [
      ['en', 'English'],
      ['he', 'Hebrew'],
    ] as const) {
      await chooseLanguage(page, lang);
      await atWidthWithMenuOpen(page, 1440);
      await page
        .locator('[data-testid="spend-by-account"] .MuiChartsAxis-tickLabel')
        .first()
        .waitFor({ timeout: 20_000 });
      problems.push(
        ...(await fitsWidth(page, 'manager-dashboard', label)),
        ...(await chartLabelsApart(page, 'spend-by-group', label)),
        ...(await chartLabelsApart(page, 'spend-by-account', label)),
      );
      // The over- and under-pacing tables show every column without scrolling inside their cards.
      for (const table of ['top-over-table', 'top-under-table']) {
        if ((await page.getByTestId(table).count()) > 0) problems.push(...(await fitsWidth(page, table, label)));
      }
    }
    check(problems.length === 0, `at 1440 × 900 with the menu open:\n  ${problems.join('\n  ')}`);
    return page;
  },
};

export default journey;
