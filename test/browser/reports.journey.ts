import { readFileSync } from 'node:fs';
import { check, newContext, type Journey } from './harness';
import { apiCall, apiToken, chooseLanguage, openLastMonthReport, signInAndLand } from './steps';

/**
 * Reports in real Chromium against the local stack, on the demo's actuals (synced from
 * the fakes at start through the real sync path): the analyst (Operational reports) opens Reports
 * from the menu, asks for last month by activity through the filters, sees the rows and the totals
 * the API answers, drills into the row of an activity with a pacing alert (under-pacing first) — its performance page shows the
 * chart, the lines table and the provisional days — comes back to the same report, and exports it:
 * the CSV's totals row is the screen's, and the Excel file is an .xlsx. A client user has no Reports
 * entry and /performance/list answers with the forbidden screen.
 */
const ANALYST = 'analyst@demo.mixdesk.test';

interface Figures {
  Spend: number;
  Impressions: number;
  Clicks: number;
}
interface Row extends Figures {
  Key: string;
  Label: string;
  ActivityId?: number;
  MediaMixId?: number | null;
  AccountId?: number;
}
interface Alert {
  ActivityId: number;
  LineId: number | null;
  Pacing: { Status: string | null };
}

const journey: Journey = {
  name: 'reports',
  async run({ newPage, webUrl, stack, browser, log }) {
    const token = await apiToken(stack, ANALYST);
    const report = await apiCall<{ Rows: Row[]; Totals: Figures; Currency: string }>(
      stack.apiUrl,
      token,
      'ReportsService/GetPerformanceReport',
      { period: '4', groupBy: 'activity' },
    );
    check(report.Rows.length > 0 && report.Totals.Spend > 0, 'the demo has actuals last month');
    const alerts = await apiCall<{ Alerts: Alert[] }>(stack.apiUrl, token, 'PerformanceService/GetPacingAlerts', {});
    // A pacing alert (under first, its plan before its lines) on an activity the report lists with a page to open.
    const alerting = alerts.Alerts.filter((a) => a.Pacing.Status === 'under' || a.Pacing.Status === 'over');
    const ordered = [...alerting].sort(
      (x, y) =>
        Number(x.Pacing.Status !== 'under') - Number(y.Pacing.Status !== 'under') ||
        Number(x.LineId !== null) - Number(y.LineId !== null),
    );
    const found = ordered
      .map((a) => ({ a, row: report.Rows.find((r) => r.ActivityId === a.ActivityId && r.MediaMixId) }))
      .find((x) => !!x.row);
    check(found?.row, `an activity with a pacing alert is in last month's report (${alerting.length} alerts)`);
    const target = found!.row!;
    const status = found!.a.Pacing.Status!;
    log(
      `${report.Rows.length} activities last month, total spend ${report.Totals.Spend} ${report.Currency}; drilling into ${target.Label}`,
    );

    const page = await newPage();
    await openLastMonthReport(page, webUrl, ANALYST);
    await page.getByTestId('report-group-by').selectOption('activity');
    const both = (u: URL) => u.searchParams.get('period') === '4' && u.searchParams.get('groupBy') === 'activity';
    await page.waitForURL(both, { timeout: 15_000 }).catch(async () => {
      // Once on a loaded machine the grouping's change dropped the period chosen just before it (a
      // render of the URL from before a pending navigation; use-filter-params.ts). Said loudly, and
      // chosen again, so the rest of the journey still runs.
      log(`FILTER RACE: the period was lost when the grouping changed (${page.url()}); choosing it again`);
      await page.getByTestId('report-period').selectOption('4');
      await page.waitForURL(both);
    });
    const rows = page.getByTestId('report-row');
    await page.locator(`[data-testid="report-row"][data-key="${target.Key}"]`).waitFor({ timeout: 20_000 });
    // The debounced call has answered for these filters: the grid holds the API's rows and totals.
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="report-row"]').length === n,
      report.Rows.length,
    );
    await page.getByTestId('report-refreshing').waitFor({ state: 'detached', timeout: 20_000 });
    check((await rows.count()) === report.Rows.length, `one row per activity (${report.Rows.length})`);
    const money = (n: number) =>
      new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
    const totalsSpend = (await page.getByTestId('report-totals').locator('[data-column="Spend"]').innerText()).trim();
    check(
      totalsSpend === money(report.Totals.Spend),
      `the totals row shows the API's total spend ${money(report.Totals.Spend)} (got ${totalsSpend})`,
    );
    const reportUrl = page.url();

    await page.locator(`[data-testid="report-row"][data-key="${target.Key}"]`).getByTestId('report-row-link').click();
    await page.waitForURL(/\/stats\?from=reports$/);
    await page.getByTestId('tile-actual-value').waitFor({ timeout: 20_000 });
    await page
      .locator(
        '[data-testid="cumulative-chart"] svg path[data-series="actual"], [data-testid="cumulative-chart"] svg path[data-series="provisional"]',
      )
      .first()
      .waitFor({ timeout: 20_000 });
    check((await page.getByTestId('line-row').count()) > 0, 'the lines table is shown');
    const statuses = await page
      .getByTestId('pacing-chip')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    check(statuses.includes(status), `the page shows the ${status}-pacing (${statuses.join(', ')})`);
    await page.getByTestId('cumulative-chart-toggle').click();
    check(
      (await page.getByTestId('cumulative-table').locator('tr[data-provisional="true"]').count()) > 0,
      'provisional days are marked',
    );
    check(
      (await page.getByTestId('breadcrumbs').innerText()).startsWith('Reports'),
      'the breadcrumbs lead back to Reports',
    );

    await page.goBack();
    await page.waitForURL(reportUrl);
    await page.getByTestId('report-totals').waitFor();
    check((await rows.count()) === report.Rows.length, 'back on the same report');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export-csv').click()]);
    check(csv.suggestedFilename().endsWith('.csv'), `a CSV file (${csv.suggestedFilename()})`);
    const lines = readFileSync((await csv.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    check(lines.length === report.Rows.length + 2, 'the header, one line per row and the totals');
    const header = lines[0].split(',');
    const totals = lines[lines.length - 1].split(',');
    const at = (name: string) => totals[header.findIndex((h) => h.startsWith(name))];
    check(totals[0] === 'Total', 'the totals row is last');
    check(Number(at('Spend')) === report.Totals.Spend, `the file's total spend is the screen's (${at('Spend')})`);
    check(
      Number(at('Impressions')) === report.Totals.Impressions && Number(at('Clicks')) === report.Totals.Clicks,
      "the file's impressions and clicks totals are the screen's",
    );
    const screenImpressions = (
      await page.getByTestId('report-totals').locator('[data-column="Impressions"]').innerText()
    ).replace(/,/g, '');
    check(Number(screenImpressions) === Number(at('Impressions')), 'the CSV totals equal the grid cells');

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export-excel').click()]);
    const bytes = readFileSync((await xlsx.path())!);
    check(
      xlsx.suggestedFilename().endsWith('.xlsx') && bytes[0] === 0x50 && bytes[1] === 0x4b,
      'an Excel (.xlsx) file',
    );
    check(
      bytes.toString('utf8').includes(`<v>${report.Totals.Spend}</v>`),
      'the Excel file holds the total spend as a number',
    );

    // Hebrew: right to left, the grid's headers and totals in Hebrew, the figures unchanged.
    await chooseLanguage(page, 'he');
    await page.getByTestId('report-totals').getByText('סה״כ').waitFor();
    check((await page.evaluate(() => document.documentElement.dir)) === 'rtl', 'Hebrew is right to left');
    check(
      (await page.getByTestId('report-totals').locator('[data-column="Spend"]').innerText()).trim() === totalsSpend,
      'the same total in Hebrew',
    );

    // A client user (a context of their own: no shared session): no Reports entry, and the screen is forbidden.
    const clientContext = await newContext(browser);
    const client = await clientContext.newPage();
    await signInAndLand(client, webUrl, 'client@demo.mixdesk.test', /\/accounts\/list$/);
    await client.goto(`${webUrl}/accounts/list`);
    await client.locator('[data-menu-id="accounts"]').waitFor();
    check((await client.locator('[data-menu-id="reports"]').count()) === 0, 'no Reports menu entry for a client');
    await client.goto(`${webUrl}/performance/list?period=4`);
    await client.waitForURL(/\/forbidden$/);
    await client.getByTestId('status-forbidden').waitFor();
    await clientContext.close();
    return page;
  },
};

export default journey;
