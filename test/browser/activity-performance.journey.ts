import { check, type Journey } from './harness';
import { apiCall, apiToken, chooseLanguage, findDemoPlan, signInAndLand } from './steps';

/**
 * Activity performance (issue 13 §1) in real Chromium against the local stack: the demo's Hadar
 * always-on plan (version 1 approved, its campaigns synced from the fakes at start) opened from its
 * media plan's "Performance" link shows real figures — the tiles, the cumulative and daily charts
 * (MUI X Charts, their own chunk) with their tables, the lines with their pacing chips and the
 * provisional days — first in English, then in Hebrew (right to left). The figures are the API's:
 * the tile shows the reply's actual to date.
 */
const ADMIN = 'admin@demo.mixdesk.test';

const journey: Journey = {
  name: 'activity performance',
  async run({ newPage, webUrl, stack, log }) {
    const token = await apiToken(stack, ADMIN);
    const { account: hadar, activity, versions } = await findDemoPlan(stack.apiUrl, token);
    const v1 = versions.find((v) => v.Version === 1)!;
    const reply = await apiCall<{ Pacing: { ActualToDate: number }; Lines: unknown[] }>(stack.apiUrl, token, 'PerformanceService/GetActivityPerformance', { activityId: activity.ID, mediaMixId: v1.ID }, hadar.ID);
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
    const expected = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(reply.Pacing.ActualToDate);
    check(actual.includes(expected), `the actual tile shows ${expected} (got ${actual})`);
    // The charts' chunk arrives after the figures: a drawn line and bars.
    await page.locator('[data-testid="cumulative-chart"] svg path[data-series="actual"], [data-testid="cumulative-chart"] svg path[data-series="provisional"]').first().waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="daily-chart"] svg rect').first().waitFor({ timeout: 20_000 });
    log(`figures and charts shown in ${Date.now() - started} ms after navigation`);
    check((await page.getByTestId('line-row').count()) === reply.Lines.length, 'one row per plan line');
    await page.getByTestId('cumulative-chart-toggle').click();
    check((await page.getByTestId('cumulative-table').locator('tr[data-provisional]').count()) > 0, 'the table marks provisional days');
    check((await page.getByTestId('breadcrumbs').innerText()).includes('Media Plan'), 'the breadcrumbs lead back through the media plan');

    // At 1440 × 900 with the menu open, nothing scrolls sideways and a line's dates take two lines at most.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('kpis-table').waitFor();
    const kpis = await page.getByTestId('kpis-table').evaluate((el) => ({ scroll: el.parentElement!.scrollWidth, client: el.parentElement!.clientWidth }));
    check(kpis.scroll <= kpis.client, `the KPI table fits its width (${kpis.scroll} ≤ ${kpis.client})`);
    const dates = await page.getByTestId('line-dates').first().evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      // Lines: the distinct rows of text boxes (boxes of one row differ by a few pixels at most).
      const tops = Array.from(range.getClientRects()).map((r) => r.top).sort((a, b) => a - b);
      return tops.filter((top, i) => i === 0 || top - tops[i - 1] > 6).length;
    });
    check(dates <= 2, `a line's dates take ${dates} line(s)`);

    await page.goto(`${webUrl}/accounts/${hadar.ID}/activities/${activity.ID}/mediaMix/${v1.ID}/stats?from=reports`);
    await page.getByTestId('tile-actual-value').waitFor();
    check((await page.getByTestId('breadcrumbs').innerText()).startsWith('Reports'), 'opened from Reports, the breadcrumbs lead back there');

    await chooseLanguage(page, 'he');
    await page.getByText('הוצאה מצטברת: מתוכנן מול ביצוע').waitFor();
    check((await page.evaluate(() => document.documentElement.dir)) === 'rtl', 'Hebrew is right to left');
    // The charts' Hebrew day labels (at 1440 px) do not collide.
    for (const chart of ['cumulative-chart', 'daily-chart']) {
      const ticks = await page.getByTestId(chart).evaluate((el) => {
        const boxes = Array.from(el.querySelectorAll('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')).map((t) => t.getBoundingClientRect())
          .filter((b) => b.width > 0).sort((a, b) => a.left - b.left);
        return { shown: boxes.length, overlapping: boxes.filter((b, i) => i > 0 && b.left < boxes[i - 1].right).length };
      });
      check(ticks.shown > 1 && ticks.overlapping === 0, `${chart}: ${ticks.shown} day labels, ${ticks.overlapping} overlapping`);
    }
    return page;
  },
};

export default journey;
