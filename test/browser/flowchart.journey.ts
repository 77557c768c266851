import type { Page } from 'playwright-core';
import { check, type Journey } from './harness';
import { apiCall, apiToken, chooseLanguage, findDemoPlan, signInAndLand } from './steps';

/**
 * The flowchart in real Chromium against the local stack (axe audits each screen it shows): the
 * demo's Hadar always-on plan, version 1, opened from its media plan's "Flowchart" link; its grand
 * total is the sum of the version's line budgets, by months and by weeks; the Excel and PDF downloads; in
 * Hebrew the page is right to left and a bar that fills its period starts at the cell's right edge.
 */
const ADMIN = 'admin@demo.mixdesk.test';

/** How many bars that start at their cell's start edge (left, or right in a right-to-left page) do so exactly. */
const barsFromStart = (page: Page, rtl: boolean) =>
  page.evaluate((rightToLeft) => {
    const bars = Array.from(document.querySelectorAll('[data-testid="flow-bar"]')) as HTMLElement[];
    const at = bars.map((bar) => {
      const b = bar.getBoundingClientRect();
      const c = bar.parentElement!.getBoundingClientRect();
      return rightToLeft ? Math.abs(c.right - b.right) < 1 : Math.abs(b.left - c.left) < 1;
    });
    return { bars: bars.length, fromStart: at.filter(Boolean).length };
  }, rtl);

const journey: Journey = {
  name: 'flowchart',
  async run({ newPage, webUrl, stack, log }) {
    const token = await apiToken(stack, ADMIN);
    const { account: hadar, activity, versions } = await findDemoPlan(stack.apiUrl, token);
    const v1 = versions.find((v) => v.Version === 1)!;
    const info = await apiCall<{ Lines: { Budget: number; Archived: boolean }[] }>(
      stack.apiUrl,
      token,
      'MediaMixService/GetMediaMixInfo',
      { mediaMixId: v1.ID },
      hadar.ID,
    );
    const budget = info.Lines.filter((l) => !l.Archived).reduce((sum, l) => sum + Math.round(l.Budget * 100), 0) / 100;
    const shown = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

    const page = await newPage();
    await signInAndLand(page, webUrl, ADMIN, /\/(accounts\/list|user\/account-profile\/profile2)$/);
    await chooseLanguage(page, 'en');
    await page.goto(`${webUrl}/accounts/${hadar.ID}/activities/${activity.ID}/mediaMix/list?version=${v1.ID}`);
    await page.getByTestId('plan-flowchart').click();
    await page.waitForURL(/\/flowchart$/);
    await page.getByTestId('flow-total').waitFor({ timeout: 20_000 });
    const total = async () => (await page.getByTestId('flow-total').innerText()).replace(/[^\d.]/g, '');
    const expected = shown.format(budget).replace(/,/g, '');
    check(Number(await total()) === Number(expected), `the grand total is the lines' budgets (${expected})`);
    const ltr = await barsFromStart(page, false);
    check(ltr.bars > 0 && ltr.fromStart > 0, `bars start at their cell's left edge (${JSON.stringify(ltr)})`);
    check((await page.getByTestId('breadcrumbs').innerText()).includes('Media Plan'), 'the breadcrumbs lead back');

    await page.getByTestId('grain-week').click();
    await page.getByRole('table', { name: /by week/ }).waitFor();
    check(Number(await total()) === Number(expected), 'by weeks, the same grand total');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-flowchart').click()]);
    check(download.suggestedFilename().endsWith('.xlsx'), `an Excel file (${download.suggestedFilename()})`);
    const pdfAsked = Date.now();
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-flowchart-pdf').click()]);
    check(pdf.suggestedFilename().endsWith('.pdf'), `a PDF file made by the server (${pdf.suggestedFilename()})`);
    const pdfMs = Date.now() - pdfAsked;
    log(`flowchart of ${info.Lines.length} lines, total ${expected}, ${download.suggestedFilename()}`);
    log(`${pdf.suggestedFilename()} downloaded ${pdfMs} ms after the click`);

    await chooseLanguage(page, 'he');
    await page.getByText('תרשים זרימה').first().waitFor();
    check((await page.evaluate(() => document.documentElement.dir)) === 'rtl', 'Hebrew is right to left');
    const rtl = await barsFromStart(page, true);
    check(rtl.bars > 0 && rtl.fromStart > 0, `bars start at their cell's right edge (${JSON.stringify(rtl)})`);
    return page;
  },
};

export default journey;
