import { check, type Journey } from './harness';
import { accountNames, signInAndLand } from './steps';

/** A planner signs in with a password: no MFA yet, so the profile page comes first; the shell shows the company and version. */
const journey: Journey = {
  name: 'planner-sign-in',
  async run({ newPage, webUrl }) {
    const page = await newPage();
    await signInAndLand(page, webUrl, 'planner@demo.mixdesk.test', /\/user\/account-profile\/profile2$/);
    await page.getByTestId('mfa-settings').waitFor();
    check((await page.getByTestId('company-name').innerText()).includes('Demo Agency'), 'company name in the top bar');
    check((await page.getByTestId('version-chip').innerText()).includes('7.03'), 'version chip says 7.03');

    await page.locator('[data-menu-id="accounts"]').click();
    await page.waitForURL(/\/accounts\/list$/);
    const names = await accountNames(page);
    check(names.includes('Hadar Insurance') && names.includes('TechNova'), `demo accounts listed: ${names.join(', ')}`);
    check((await page.getByTestId('create-account').count()) === 0, 'a planner has no "new account" button');

    // A signed-in user visiting /login is sent away.
    await page.goto(`${webUrl}/login`);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    return page;
  },
};
export default journey;
