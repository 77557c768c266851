import { check, type Journey } from './harness';
import { signInAndLand } from './steps';

/** A planner has no GeneralSettings and is no system admin: no such menu items (Settings holds only the vendors staff read), and the routes go to /forbidden. */
const journey: Journey = {
  name: 'planner-forbidden',
  async run({ newPage, webUrl }) {
    const page = await newPage();
    await signInAndLand(page, webUrl, 'planner@demo.mixdesk.test', /\/dashboard\/default$/);
    // The menu must be on screen first, or the absence checks below would pass on an empty page.
    await page.locator('[data-menu-id="accounts"]').waitFor();
    for (const id of ['users', 'channelTypes', 'configurations', 'managerDashboard', 'aiAnalytics']) {
      check((await page.locator(`[data-menu-id="${id}"]`).count()) === 0, `no "${id}" menu item for a planner`);
    }
    // Agency staff read the vendors (a plan line names its vendor), so Settings shows for a planner, with Vendors alone.
    check((await page.locator('[data-menu-group="settings"]').count()) === 1, 'the Settings group holds Vendors');
    check(
      (await page.locator('[data-menu-group="globalSettings"]').count()) === 0,
      'the Global Settings group is hidden',
    );
    check((await page.locator('[data-menu-id="accounts"]').count()) === 1, 'Accounts is there');
    // Agency staff enter and read vendors' bills (approving them needs MediaPlanApprover), so Payables shows.
    check((await page.locator('[data-menu-id="payables"]').count()) === 1, 'Payables is there');

    await page.goto(`${webUrl}/Users/list`);
    await page.waitForURL(/\/forbidden$/);
    await page.getByTestId('status-forbidden').waitFor();

    await page.goto(`${webUrl}/globalSettings/channelTypes/list`);
    await page.waitForURL(/\/forbidden$/);
    await page.getByTestId('status-forbidden').waitFor();

    await page.goto(`${webUrl}/no/such/page`);
    await page.waitForURL(/\/pages\/error$/);
    return page;
  },
};
export default journey;
