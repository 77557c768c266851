import type { Locator, Page } from 'playwright-core';
import { INTL_TAGS } from '../../lambdas/shared/locales';
import { check, type Journey } from './harness';
import { apiToken, makeDraftPlan, signIn } from './steps';
import { exportReport, scheduledMail } from './whole-day-report';
import { CATALOGUES, checkDocument, fill, type Day, type DayRun } from './whole-day-run';

/**
 * A whole day of a user who works in French or in Chinese: they choose their language on the sign-in
 * screen, sign in, edit a line's budget in the plan editor and save, export the Reports screen's
 * Excel file, and schedule that report to themselves and read the mail it sends. Every text expected
 * is read from its source — the console's catalogues (web/src/locales) or the server's words for its
 * files and mails — so rewording a translation does not break the journey; dates and amounts are
 * checked against Intl in the locale (the browser's own, so both sides share one ICU).
 */

/** Hadar Insurance's currency (the demo's shekel account; 2 in the API). */
const HADAR_CURRENCY = 'ILS';
/** The budget typed (as each language writes it: Day.typedNewBudget) and stored. */
const NEW_BUDGET = 12345.67;

/** Waits for `what` to be shown; if it never is, fails naming it and what the page's <h1> says. */
async function shows(locator: Locator, page: Page, what: string): Promise<void> {
  await locator.waitFor().catch(async () => {
    const h1 = await page.getByRole('heading', { level: 1 }).textContent();
    check(false, `${what} is shown on ${page.url()} (the title says ${h1})`);
  });
}

/** The sign-in screen in the user's language, chosen with its own language buttons, then signed in. */
async function signInInLanguage(run: DayRun): Promise<void> {
  const { page, ctx, lang, cat } = run;
  await page.goto(`${ctx.webUrl}/login`);
  // Each button names its language in that language and carries its `lang` (Français, 中文).
  await page.locator(`button[lang="${lang}"]`).click();
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  await checkDocument(page, lang, 'the sign-in screen');
  // <html lang> changes as the language does; the screen's texts follow with React's next render.
  const { signIn: title } = cat.auth.auth.titles;
  await shows(page.getByRole('heading', { level: 1, name: title, exact: true }), page, `the title "${title}"`);
  const { signIn: button } = cat.core.auth.actions;
  await shows(page.locator('form').getByRole('button', { name: button, exact: true }), page, `"${button}"`);
  await signIn(page, ctx.webUrl, run.email);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.locator('[data-menu-id="reports"]').waitFor();
  await checkDocument(page, lang, 'the console after sign-in');
}

/** Formats in the page's Intl: days (the console's medium date) and amounts of `currency`. */
function localFormats(page: Page, tag: string, currency: string, days: string[], amounts: number[]) {
  return page.evaluate(
    ([t, c, ds, as]) => {
      const d = new Intl.DateTimeFormat(t, { dateStyle: 'medium', timeZone: 'UTC' });
      const m = new Intl.NumberFormat(t, {
        style: 'currency',
        currency: c,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      return { days: ds.map((x) => d.format(new Date(`${x}T00:00:00Z`))), amounts: as.map((x) => m.format(x)) };
    },
    [tag, currency, days, amounts] as const,
  );
}

/** The plan editor: a line's budget typed in the grid and saved; the API stores what was typed. */
async function editBudget(run: DayRun): Promise<void> {
  const { page, ctx, cat } = run;
  const stamp = Date.now().toString(36);
  const plan = await makeDraftPlan(ctx.stack.apiUrl, run.token, {
    activity: `${run.activityName} ${stamp}`,
    plan: `${run.activityName} — ${stamp}`,
  });
  const [lineId] = plan.lines;
  await page.goto(
    `${ctx.webUrl}/accounts/${plan.accountId}/activities/${plan.activityId}/mediaMix/list?version=${plan.versionId}`,
  );
  const row = page.locator(`[data-line-id="${lineId}"]`);
  await row.waitFor();
  const f = await localFormats(page, run.tag, HADAR_CURRENCY, ['2026-12-01', '2027-01-31'], [30000, NEW_BUDGET]);
  const heading = fill(cat.plan.mediaPlan.activityLine, { from: f.days[0], to: f.days[1], budget: f.amounts[0] });
  await page.getByText(heading, { exact: true }).waitFor();
  const start = await row.locator('input[name="StartDate"]').inputValue();
  check(start === run.typedFirstOfDecember, `the line starts on ${run.typedFirstOfDecember} (${start})`);

  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith('/AccountsService/SaveMediaChannel') && r.request().postDataJSON()?.mediaChannel?.ID === lineId,
  );
  await row.locator('input[name="Budget"]').fill(run.typedNewBudget);
  await page.getByRole('button', { name: cat.plan.mediaPlan.actions.save, exact: true }).click();
  check((await saved).ok(), 'the line was saved');
  await page.getByTestId('snackbar').filter({ hasText: cat.core.snackbar.saved }).waitFor();
  const net = await page.getByTestId('total-net').textContent();
  check(net === f.amounts[1], `the net media reads ${f.amounts[1]} (${net})`);
  const stored = await plan.storedBudget(lineId);
  check(stored === NEW_BUDGET, `the API stores the budget typed, ${NEW_BUDGET} (${stored})`);
  ctx.log(`plan ${plan.versionId}: line ${lineId} budget ${NEW_BUDGET}, shown as ${net}; dates as "${heading}"`);
}

/** The journey of a day in `day.lang`. */
export function wholeDay(day: Day): Journey {
  return {
    name: `day-${day.lang}`,
    async run(ctx) {
      const started = Date.now();
      const page = await ctx.newPage(day.browserLocale);
      const token = await apiToken(ctx.stack, day.email);
      const run: DayRun = { ...day, cat: CATALOGUES[day.lang], tag: INTL_TAGS[day.lang], page, token, ctx };
      const lap = (what: string, t0: number) => ctx.log(`${what} in ${Date.now() - t0} ms`);
      let t0 = Date.now();
      await signInInLanguage(run);
      lap('signed in', t0);
      t0 = Date.now();
      await editBudget(run);
      lap('plan edited', t0);
      t0 = Date.now();
      await exportReport(run);
      lap('report exported', t0);
      t0 = Date.now();
      await scheduledMail(run);
      lap('mail read', t0);
      await checkDocument(page, day.lang, 'at the end of the day');
      ctx.log(`the day in ${day.lang} took ${Date.now() - started} ms`);
      return page;
    },
  };
}
