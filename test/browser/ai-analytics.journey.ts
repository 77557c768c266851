import type { Page } from 'playwright-core';
import { check, screenshotPath, type Journey } from './harness';
import { apiCall, apiToken, chooseLanguage, findDemoPlan, signInAndLand } from './steps';

/**
 * AI analytics in real Chromium against the local stack, offline (no model configured,
 * so the deterministic analysis): the demo company's system admin opens AI analytics from the menu,
 * picks the Hadar always-on activity (its approved plan has actuals from the first sync), runs the
 * analysis and sees the answer with its figures linked to existing rows of the facts table and the
 * note that no language model wrote it; then the same in Hebrew, right to left. The group prompts
 * page of the account is one click away.
 */
const ADMIN = 'admin@demo.mixdesk.test';

/** Every figure link of the answer points at a fact row that is on the page; answers how many there are. */
async function figuresLinkToFacts(page: Page): Promise<number> {
  const links = await page
    .getByTestId('analysis-answer')
    .getByTestId('analysis-figure')
    .evaluateAll((els) =>
      els.map((e) => ({
        href: e.getAttribute('href') ?? '',
        text: e.textContent ?? '',
        // Digits, signs and Latin units isolated left to right; a figure with a Hebrew word ("36 ימים") keeps its own direction.
        ltr: e.querySelector('bdi')?.getAttribute('dir') === 'ltr' || /[\u0590-\u05FF]/.test(e.textContent ?? ''),
      })),
    );
  check(links.length > 0, 'the answer has at least one figure linked to a fact');
  // The fact ids are small references, not "[F3]" in the sentence.
  const answer = await page.getByTestId('analysis-answer').innerText();
  check(!/\[F\d/.test(answer) && !answer.includes(']]'), 'no raw fact tag or doubled bracket in the answer');
  check(
    (await page.getByTestId('analysis-answer').locator('sup [data-testid="analysis-citation"]').count()) > 0,
    'the fact ids are superscript references',
  );
  for (const l of links) {
    check(/^#fact-F\d+$/.test(l.href), `a figure links to a fact row (${l.text} → ${l.href})`);
    check(
      (await page.locator(`[data-testid="analysis-fact"][id="${l.href.slice(1)}"]`).count()) === 1,
      `the fact row ${l.href} exists for ${l.text}`,
    );
    check(l.ltr, `the figure ${l.text} is isolated left to right`);
  }
  return links.length;
}

const journey: Journey = {
  name: 'ai analytics',
  async run({ newPage, webUrl, stack, log }) {
    const token = await apiToken(stack, ADMIN);
    const { account: hadar, activity, versions } = await findDemoPlan(stack.apiUrl, token);
    const approved = versions.find((v) => v.Status === 3);
    check(approved, 'the Hadar always-on plan has an approved version');
    const perf = await apiCall<{ Pacing: { ActualToDate: number } }>(
      stack.apiUrl,
      token,
      'PerformanceService/GetActivityPerformance',
      { activityId: activity.ID, mediaMixId: approved.ID },
      hadar.ID,
    );
    check(perf.Pacing.ActualToDate > 0, 'the plan has actuals from the first sync');

    const page = await newPage();
    await signInAndLand(page, webUrl, ADMIN, /\/(accounts\/list|user\/account-profile\/profile2)$/);
    await chooseLanguage(page, 'en');
    await page.locator('[data-menu-group="campaignManagement"] [data-menu-id="aiAnalytics"]').click();
    await page.waitForURL(/\/ai_analytics$/);
    await page.getByTestId('analysis-account').selectOption(String(hadar.ID));
    await page.getByTestId('analysis-activity').selectOption(String(activity.ID));
    await page.waitForFunction(
      (id) => (document.querySelector('[data-testid="analysis-version"]') as HTMLSelectElement | null)?.value === id,
      String(approved.ID),
    );
    check(
      (await page.getByTestId('group-prompts-link').getAttribute('href')) ===
        `/accounts/${hadar.ID}/groupTypePrompts/list`,
      "the account's group prompts are linked",
    );

    const started = Date.now();
    await page.getByTestId('run-analysis').click();
    await page.locator('[data-testid="analysis-answer"][lang="en"]').waitFor({ timeout: 30_000 });
    log(`the analysis answered in ${Date.now() - started} ms`);
    const facts = await page.getByTestId('analysis-fact').count();
    check(facts > 0, 'the facts table is shown');
    const figures = await figuresLinkToFacts(page);
    const note = await page.getByTestId('analysis-fallback').innerText();
    check(note.includes('not by a language model'), `the page says no model wrote it (${note})`);
    check(
      (await page.getByTestId('analysis-model').innerText()).includes("Mixdesk's rules"),
      'the model line says the rules wrote it',
    );
    log(`${figures} figures linked to ${facts} facts`);
    // A click on a figure brings its fact row into view, marked.
    const first = page.getByTestId('analysis-answer').getByTestId('analysis-figure').first();
    const target = (await first.getAttribute('href'))!.slice(1);
    await first.click();
    await page.locator(`[id="${target}"].Mui-selected`).waitFor();
    check(await page.locator(`[id="${target}"]`).isVisible(), `the fact row ${target} is in view`);

    // Hebrew: the answer is asked in the console's language and reads right to left.
    await chooseLanguage(page, 'he');
    check((await page.evaluate(() => document.documentElement.dir)) === 'rtl', 'Hebrew is right to left');
    check((await page.getByTestId('analysis-lang').inputValue()) === 'he', 'the answer language follows the console');
    await page.getByTestId('run-analysis').click();
    const hebrew = page.locator('[data-testid="analysis-answer"][lang="he"]');
    await hebrew.waitFor({ timeout: 30_000 });
    check((await hebrew.getAttribute('dir')) === 'rtl', 'the Hebrew answer is right to left');
    await figuresLinkToFacts(page);
    check(
      (await page.getByTestId('analysis-fallback').innerText()).includes('לא על ידי מודל שפה'),
      'the Hebrew note says no model wrote it',
    );
    await page.getByTestId('analysis-result').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('ai analytics answer (he)') });

    // The account's prompts, one per channel group.
    await page.getByTestId('group-prompts-link').click();
    await page.waitForURL(new RegExp(`/accounts/${hadar.ID}/groupTypePrompts/list$`));
    await page.getByTestId('prompt-row').first().waitFor();
    check((await page.getByTestId('prompt-row').count()) === 5, 'a prompt per channel group');
    return page;
  },
};

export default journey;
