import { check, screenshotPath, type Journey } from './harness';
import { accountNames, signInAndLand } from './steps';

/** An approver (AccountCreateDelete) creates an account: a bad email is refused in the dialog; the saved account is listed; an edit of it shows in its History. */
const journey: Journey = {
  name: 'create-account',
  async run({ newPage, webUrl }) {
    const page = await newPage();
    await signInAndLand(page, webUrl, 'approver@demo.mixdesk.test', /\/accounts\/list$/);
    await page.locator('[data-menu-id="accounts"]').click();
    await page.waitForURL(/\/accounts\/list$/);
    await accountNames(page);

    const name = `Journey Media ${Date.now() % 100000}`;
    await page.getByTestId('create-account').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="Name"]').fill(name);
    await dialog.locator('input[name="ContactEmail"]').fill('not-an-email@');
    await dialog.locator('input[name="Website"]').fill('example.com');
    await dialog.locator('button[type="submit"]').click();
    check(
      (await dialog.locator('input[name="ContactEmail"][aria-invalid="true"]').count()) === 1,
      'the bad email is marked invalid',
    );
    check(
      (await dialog.locator('input[name="Website"][aria-invalid="true"]').count()) === 1,
      'a website without http(s) is marked invalid',
    );

    await dialog.locator('input[name="ContactEmail"]').fill('media@journey.co.il');
    await dialog.locator('input[name="Website"]').fill('https://journey.co.il');
    await dialog.locator('input[name="Phone"]').fill('+972501234567');
    await dialog.locator('input[name="ManagementFeePct"]').fill('12.5');
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('alert')
      .filter({ hasText: /saved|נשמרו/ })
      .waitFor();

    await page.locator('input[name="quick"]').fill(name);
    await page.locator('[data-testid="account-row"]', { hasText: name }).waitFor();
    const names = await accountNames(page);
    check(names.length === 1 && names[0] === name, `the new account is listed (${names.join(', ')})`);

    // Edit it, then its History shows the edit — who by name, the field, before → after.
    const row = page.locator('[data-testid="account-row"]', { hasText: name });
    await row.locator('button').first().click(); // Edit (the row's links come first and are links)
    const edit = page.getByRole('dialog');
    await edit.locator('input[name="ContactName"]').fill('Noa Journey');
    await edit.locator('button[type="submit"]').click();
    await edit.waitFor({ state: 'detached' });
    await row.getByTestId('history-open').click();
    const drawer = page.getByTestId('history-drawer');
    const latest = drawer.getByTestId('history-entry').first();
    await latest.waitFor();
    const change = latest.getByTestId('history-change').filter({ hasText: 'Noa Journey' });
    await change.waitFor();
    check((await change.getByTestId('history-before').count()) === 1, 'the edit shows the value before it');
    check(
      ((await latest.textContent()) ?? '').includes('Avi Approver'),
      `the edit names who made it by name (${await latest.textContent()})`,
    );
    check((await drawer.getByTestId('history-entry').count()) >= 2, 'the create is listed under the edit');
    await page.screenshot({ path: screenshotPath('create-account-history') });
    return page;
  },
};
export default journey;
