import type { Page, Request } from 'playwright-core';
import { check, screenshotPath, type Journey } from './harness';
import { accountNames, holdConsoleEntry, signInAndLand } from './steps';

/**
 * The list as it opened is kept; opened again, its kept frame is drawn with the rows of a call sent
 * at once, which the console takes instead of sending it again, and then replaces the frame. The
 * console's entry is held until the frame is drawn: on a busy machine the console may draw first,
 * and then rightly draws no frame.
 */
async function keptFrameDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      localStorage.getItem('mixdesk-frame.accounts') !== null &&
      Object.keys(localStorage).some((k) => k.startsWith('mixdesk.styles.')),
  );
  const firstPages: string[] = [];
  const asked = (r: Request) => {
    if (!r.url().endsWith('/AccountsService/GetAccountsList')) return;
    if ((JSON.parse(r.postData() ?? '{}') as { nextToken?: unknown }).nextToken === null) firstPages.push(r.url());
  };
  const { release, done } = await holdConsoleEntry(page);
  page.on('request', asked);
  try {
    await page.reload({ waitUntil: 'commit' });
    const frameRows = page.locator('[data-first-frame] [data-frame-row]');
    await frameRows.first().waitFor();
    const drawn = await frameRows.count();
    release();
    const shown = await accountNames(page);
    check(drawn === shown.length, `the kept frame drew the grid's ${shown.length} rows (drew ${drawn})`);
  } finally {
    page.off('request', asked);
    await done();
  }
  check(firstPages.length === 1, `the list's first page was asked for once (${firstPages.length})`);
  check((await page.locator('[data-first-frame]').count()) === 0, 'the console replaced the kept frame');
}

/** An approver (AccountCreateDelete) creates an account: a bad email is refused in the dialog; the saved account is listed; an edit of it shows in its History. */
const journey: Journey = {
  name: 'create-account',
  async run({ newPage, webUrl }) {
    const page = await newPage();
    await signInAndLand(page, webUrl, 'approver@demo.mixdesk.test', /\/accounts\/list$/);
    await page.locator('[data-menu-id="accounts"]').click();
    await page.waitForURL(/\/accounts\/list$/);
    await accountNames(page);
    await keptFrameDrawn(page);

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
