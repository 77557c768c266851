import type { Page } from 'playwright-core';
import { check, type Journey } from './harness';
import { collectDataWords, uncataloguedTexts, usePseudoLocale } from './pseudo-text';
import { apiToken, chooseLanguage, findDemoPlan, signInAndLand } from './steps';

/**
 * Every text the console shows comes from a catalogue: with the pseudo-locale on, the Admin walks the
 * console's screens, and anything with letters outside a catalogue string that is not data (a word the
 * API sent or the page posted) or Intl's formatting fails the journey, named with where it is.
 */
const ADMIN = 'admin@demo.mixdesk.test';

const SCREENS = [
  '/accounts/list',
  '/dashboard/default',
  '/dashboard/managerdashboard',
  '/performance/list',
  '/performance/schedules',
  '/approvals/inbox',
  '/approvals/my-plans',
  '/Users/list',
  '/agentSettings/configurations',
  '/agentSettings/connectors/list',
  '/agentSettings/exchange_rates/list',
  '/customColumns/list',
  '/templates/list',
  '/globalSettings/channelTypes/list',
  '/globalSettings/companies/list',
  '/globalSettings/connectors/list',
  '/systemMonitoring',
  '/ai_analytics',
  '/user/account-profile/profile2',
];

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[role="progressbar"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
}

const journey: Journey = {
  name: 'pseudo-locale',
  async run({ newPage, webUrl, stack, log }) {
    const { account, activity, versions } = await findDemoPlan(stack.apiUrl, await apiToken(stack, ADMIN));
    const page = await newPage();
    await usePseudoLocale(page);
    const data = collectDataWords(page, stack.apiUrl);
    const found = new Map<string, string>();
    const look = async (where: string) => {
      await settled(page);
      for (const line of await uncataloguedTexts(page, data)) if (!found.has(line)) found.set(line, where);
    };

    await page.goto(`${webUrl}/login`);
    await look('/login');
    await signInAndLand(page, webUrl, ADMIN, /\/(accounts\/list|user\/account-profile\/profile2)$/);
    await chooseLanguage(page, 'en');
    const base = `/accounts/${account.ID}`;
    const plan = `${base}/activities/${activity.ID}/mediaMix`;
    for (const screen of [
      ...SCREENS,
      `${base}/subAccounts/list`,
      `${base}/activities/list`,
      `${base}/billing`,
      `${base}/channelTypes/list`,
      `${base}/connectors/list`,
      `${plan}/list`,
      `${plan}/${versions[0].ID}/stats`,
    ]) {
      await page.goto(`${webUrl}${screen}`);
      await look(screen);
    }
    log(`${found.size} texts outside the catalogues`);
    check(
      found.size === 0,
      `texts not from a catalogue:\n${[...found].map(([line, where]) => `  ${where} — ${line}`).join('\n')}`,
    );
    return page;
  },
};
export default journey;
