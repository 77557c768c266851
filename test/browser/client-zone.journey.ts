import { check, type Journey } from './harness';
import { accountNames, signInAndLand } from './steps';

/**
 * A client user sees only their own account, with no create, edit or archive actions; no Reports,
 * Manager dashboard or System monitoring in the menu, and those screens and their account's billable
 * statement answer with the forbidden screen (each needs Operational or Management reports).
 */
const journey: Journey = {
  name: 'client-sees-own-account',
  async run({ newPage, webUrl }) {
    const page = await newPage();
    await signInAndLand(page, webUrl, 'client@demo.mixdesk.test', /\/accounts\/list$/);
    await page.goto(`${webUrl}/accounts/list`);
    const names = await accountNames(page);
    check(names.length === 1 && names[0] === 'Hadar Insurance', `only Hadar Insurance is listed (${names.join(', ')})`);
    check((await page.getByTestId('create-account').count()) === 0, 'no "new account" button');
    check((await page.locator('[data-testid="account-row"] button').count()) === 0, 'no row actions');
    check((await page.getByTestId('account-billing').count()) === 0, 'no billable statement link');
    // The menu must be on screen first, or the absence checks below would pass on an empty page.
    await page.locator('[data-menu-id="accounts"]').waitFor();
    for (const id of ['reports', 'managerDashboard', 'systemMonitoring']) {
      check((await page.locator(`[data-menu-id="${id}"]`).count()) === 0, `no "${id}" menu item for a client`);
    }

    await page.getByRole('link', { name: 'Hadar Insurance' }).click();
    await page.waitForURL(/\/accounts\/\d+\/subAccounts\/list$/);
    await page.getByTestId('breadcrumbs').getByText('Hadar Insurance').waitFor();
    await page.locator('[data-testid="account-row"]', { hasText: 'Hadar Car' }).waitFor();
    const subs = await accountNames(page);
    check(
      subs.includes('Hadar Car') && subs.includes('Hadar Home'),
      `its sub-accounts are listed (${subs.join(', ')})`,
    );

    const accountId = /\/accounts\/(\d+)\//.exec(page.url())![1];
    for (const path of [
      '/performance/list',
      '/dashboard/managerDashboard',
      '/systemMonitoring',
      `/accounts/${accountId}/billing`,
    ]) {
      await page.goto(`${webUrl}${path}`);
      await page.waitForURL(/\/forbidden$/);
      await page.getByTestId('status-forbidden').waitFor();
    }
    return page;
  },
};
export default journey;
