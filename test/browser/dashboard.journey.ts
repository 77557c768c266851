import { check, newContext, type Journey } from './harness';
import { apiCall, apiToken, chooseLanguage, signInAndLand } from './steps';

/**
 * The manager dashboard (issue 13 §5) in real Chromium against the local stack, on the demo's
 * actuals (synced from the fakes at start): the analyst (Management reports) opens it from the menu,
 * sees the tiles with the API's figures, clicks the actual-vs-planned tile and lands on Reports with
 * the filters that explain it (this month by activity, in the URL) showing rows. The planner's home
 * lists live activities. A client user gets the forbidden screen at /dashboard/managerDashboard.
 */
const ANALYST = 'analyst@demo.mixdesk.test';

interface Dashboard { ActualSpend: number; PlannedToDate: number; FeesEarned: number; LiveActivities: number; Currency: string }

const journey: Journey = {
  name: 'dashboard',
  async run({ newPage, webUrl, stack, browser, log }) {
    const token = await apiToken(stack, ANALYST);
    const api = await apiCall<Dashboard>(stack.apiUrl, token, 'DashboardService/GetManagerDashboard', {});
    check(api.ActualSpend > 0 && api.LiveActivities > 0, `the demo has spend this month and live activities (${api.ActualSpend} ${api.Currency}, ${api.LiveActivities} live)`);
    log(`this month: actual ${api.ActualSpend}, planned ${api.PlannedToDate}, fees ${api.FeesEarned} ${api.Currency}`);

    const page = await newPage();
    await signInAndLand(page, webUrl, ANALYST, /\/(accounts\/list|user\/account-profile\/profile2)$/);
    await chooseLanguage(page, 'en');
    await page.locator('[data-menu-id="managerDashboard"]').click();
    await page.waitForURL(/\/dashboard\/managerdashboard$/i);
    const spendTile = page.locator('[data-testid="dashboard-tile"][data-tile="spend"]');
    await spendTile.waitFor({ timeout: 20_000 });
    check(await page.getByTestId('dashboard-tile').count() === 6, 'six tiles');
    const money = (n: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
    const value = await spendTile.getByTestId('dashboard-tile-value').innerText();
    check(value.includes(money(api.ActualSpend)) && value.includes(money(api.PlannedToDate)), `the tile shows the API's actual and planned (${value})`);
    const live = await page.locator('[data-testid="dashboard-tile"][data-tile="live"]').getByTestId('dashboard-tile-value').innerText();
    check(live.trim() === String(api.LiveActivities), `live activities ${live}`);
    await page.getByTestId('spend-by-account-row').first().waitFor({ timeout: 20_000 });

    await spendTile.getByTestId('dashboard-tile-link').click();
    await page.waitForURL(/\/performance\/list\?period=3&groupBy=activity$/);
    await page.getByTestId('report-row').first().waitFor({ timeout: 20_000 });
    check(await page.getByTestId('report-row').count() > 0, 'Reports shows the activities of this month');

    await page.goto(`${webUrl}/dashboard/default`);
    await page.getByTestId('planner-activity').first().waitFor({ timeout: 20_000 });
    check(await page.getByTestId('planner-activity').locator('[data-testid="pacing-chip"]').count() > 0, "the planner's home shows live activities with their pacing");

    const clientContext = await newContext(browser);
    const client = await clientContext.newPage();
    await signInAndLand(client, webUrl, 'client@demo.mixdesk.test', /\/user\/account-profile\/profile2$/);
    await client.goto(`${webUrl}/dashboard/managerDashboard`);
    await client.waitForURL(/\/forbidden$/);
    await client.getByTestId('status-forbidden').waitFor();
    await clientContext.close();

    // Last, the dashboard again (the screenshot), its charts' tables drawn.
    await page.goto(`${webUrl}/dashboard/managerDashboard`);
    await page.getByTestId('spend-by-group-row').first().waitFor({ timeout: 20_000 });
    return page;
  },
};

export default journey;
