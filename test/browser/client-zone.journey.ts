import { check, type Journey } from './harness';
import { accountNames, signInAndLand } from './steps';

/** A client user sees only their own account, with no create, edit or archive actions. */
const journey: Journey = {
  name: 'client-sees-own-account',
  async run({ newPage, webUrl }) {
    const page = await newPage();
    await signInAndLand(page, webUrl, 'client@demo.mixdesk.test', /\/user\/account-profile\/profile2$/);
    await page.goto(`${webUrl}/accounts/list`);
    const names = await accountNames(page);
    check(names.length === 1 && names[0] === 'Hadar Insurance', `only Hadar Insurance is listed (${names.join(', ')})`);
    check(await page.getByTestId('create-account').count() === 0, 'no "new account" button');
    check(await page.locator('[data-testid="account-row"] button').count() === 0, 'no row actions');

    await page.getByRole('link', { name: 'Hadar Insurance' }).click();
    await page.waitForURL(/\/accounts\/\d+\/subAccounts\/list$/);
    await page.getByTestId('breadcrumbs').getByText('Hadar Insurance').waitFor();
    await page.locator('[data-testid="account-row"]', { hasText: 'Hadar Car' }).waitFor();
    const subs = await accountNames(page);
    check(subs.includes('Hadar Car') && subs.includes('Hadar Home'), `its sub-accounts are listed (${subs.join(', ')})`);
    return page;
  },
};
export default journey;
