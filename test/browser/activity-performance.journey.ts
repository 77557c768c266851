import type { Page } from 'playwright-core';
import { check, type Journey } from './harness';
import { atMostLines, atWidthWithMenuOpen, chartLabelsApart, fitsWidth } from './layout-checks';
import { apiCall, apiToken, chooseLanguage, findDemoPlan, signInAndLand } from './steps';

/**
 * Activity performance in real Chromium against the local stack: the demo's Hadar
 * always-on plan (version 1 approved, its campaigns synced from the fakes at start) opened from its
 * media plan's "Performance" link shows real figures — the tiles, the cumulative and daily charts
 * (MUI X Charts, their own chunk) with their tables, the lines with their pacing chips and the
 * provisional days — first in English, then in Hebrew (right to left). The figures are the API's:
 * the tile shows the reply's actual to date.
 */
const ADMIN = 'admin@demo.mixdesk.test';

/**
 * At 1440 × 900 with the menu open: the lines and KPI tables do not scroll sideways, a line's dates
 * take two lines at most, and both charts' tick labels are apart and inside their chart.
 */
async function layoutAt1440(page: Page, label: string): Promise<string[]> {
  await atWidthWithMenuOpen(page, 1440);
  await page.locator('[data-testid="daily-chart"] svg rect').first().waitFor({ timeout: 20_000 });
  return [
    ...(await fitsWidth(page, 'lines-table', label)),
    ...(await fitsWidth(page, 'kpis-table', label)),
    ...(await atMostLines(page, 'line-dates', 2, label)),
    ...(await chartLabelsApart(page, 'cumulative-chart', label)),
    ...(await chartLabelsApart(page, 'daily-chart', label)),
  ];
}

const journey: Journey = {
  name: 'activity performance',
  async run({ newPage, webUrl, stack, log }) {
    const token = await apiToken(stack, ADMIN);
    const { account: hadar, activity, versions } = await findDemoPlan(stack.apiUrl, token);
    const v1 = versions.find((v) => v.Version === 1)!;
    const reply = await apiCall<{ Pacing: { ActualToDate: number }; Lines: unknown[] }>(
      stack.apiUrl,
      token,
      'PerformanceService/GetActivityPerformance',
      { activityId: activity.ID, mediaMixId: v1.ID },
      hadar.ID,
    );
    check(reply.Pacing.ActualToDate > 0, 'the demo plan has actuals from the first sync');
    log(`actual to date ${reply.Pacing.ActualToDate} on ${reply.Lines.length} lines`);

    const page = await newPage();
    await signInAndLand(page, webUrl, ADMIN, /\/(accounts\/list|user\/account-profile\/profile2)$/);
    await chooseLanguage(page, 'en');
    await page.goto(`${webUrl}/accounts/${hadar.ID}/activities/${activity.ID}/mediaMix/list?version=${v1.ID}`);
    await page.getByTestId('plan-performance').click();
    await page.waitForURL(/\/stats$/);
    const started = Date.now();
    await page.getByTestId('tile-actual-value').waitFor({ timeout: 20_000 });
    const actual = await page.getByTestId('tile-actual-value').innerText();
    const expected = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      reply.Pacing.ActualToDate,
    );
    check(actual.includes(expected), `the actual tile shows ${expected} (got ${actual})`);
    // The charts' chunk arrives after the figures: a drawn line and bars.
    await page
      .locator(
        '[data-testid="cumulative-chart"] svg path[data-series="actual"], [data-testid="cumulative-chart"] svg path[data-series="provisional"]',
      )
      .first()
      .waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="daily-chart"] svg rect').first().waitFor({ timeout: 20_000 });
    log(`figures and charts shown in ${Date.now() - started} ms after navigation`);
    check((await page.getByTestId('line-row').count()) === reply.Lines.length, 'one row per plan line');
    await page.getByTestId('cumulative-chart-toggle').click();
    check(
      (await page.getByTestId('cumulative-table').locator('tr[data-provisional]').count()) > 0,
      'the table marks provisional days',
    );
    check(
      (await page.getByTestId('breadcrumbs').innerText()).includes('Media Plan'),
      'the breadcrumbs lead back through the media plan',
    );

    const problems = await layoutAt1440(page, 'English');
    await page.goto(`${webUrl}/accounts/${hadar.ID}/activities/${activity.ID}/mediaMix/${v1.ID}/stats?from=reports`);
    await page.getByTestId('tile-actual-value').waitFor();
    check(
      (await page.getByTestId('breadcrumbs').innerText()).startsWith('Reports'),
      'opened from Reports, the breadcrumbs lead back there',
    );

    await chooseLanguage(page, 'he');
    await page.getByText('הוצאה מצטברת: מתוכנן מול ביצוע').waitFor();
    check((await page.evaluate(() => document.documentElement.dir)) === 'rtl', 'Hebrew is right to left');
    problems.push(...(await layoutAt1440(page, 'Hebrew')));
    check(problems.length === 0, `at 1440 × 900 with the menu open:\n  ${problems.join('\n  ')}`);
    return page;
  },
};

export default journey;
