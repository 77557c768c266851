import { check, type Journey } from './harness';
import { accountNames, signInAndLand } from './steps';

/**
 * A planner signs in with a password and lands on their home (their live activities; the company
 * does not require MFA), the shell showing the company and version; the menu and the accounts'
 * row actions reach every screen a planner uses: their home, Campaigns, an account's Connectors.
 */
const journey: Journey = {
  name: 'planner-sign-in',
  async run({ newPage, webUrl }) {
    const page = await newPage();
    await signInAndLand(page, webUrl, 'planner@demo.mixdesk.test', /\/dashboard\/default$/);
    await page.getByTestId('planner-activity').first().waitFor({ timeout: 20_000 });
    check((await page.getByTestId('company-name').innerText()).includes('Demo Agency'), 'company name in the top bar');
    check((await page.getByTestId('version-chip').innerText()).includes('7.03'), 'version chip says 7.03');

    await page.locator('[data-menu-id="accounts"]').click();
    await page.waitForURL(/\/accounts\/list$/);
    const names = await accountNames(page);
    check(names.includes('Hadar Insurance') && names.includes('TechNova'), `demo accounts listed: ${names.join(', ')}`);
    check((await page.getByTestId('create-account').count()) === 0, 'a planner has no "new account" button');

    // An account's connectors: a row action of the accounts list.
    await page
      .locator('[data-testid="account-row"]')
      .filter({ hasText: 'Hadar Insurance' })
      .getByTestId('account-connectors')
      .click();
    await page.waitForURL(/\/accounts\/\d+\/connectors\/list$/);
    await page.getByTestId('account-connectors-grid').waitFor();
    // Campaigns and back home: menu entries.
    await page.locator('[data-menu-id="campaigns"]').click();
    await page.waitForURL(/\/campaigns\/list$/);
    await page.locator('[data-menu-id="plannerHome"]').click();
    await page.waitForURL(/\/dashboard\/default$/);
    await page.getByTestId('planner-activity').first().waitFor({ timeout: 20_000 });

    // A signed-in user visiting /login is sent away.
    await page.goto(`${webUrl}/login`);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    return page;
  },
};
export default journey;
