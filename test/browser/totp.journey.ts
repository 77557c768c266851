import { generate } from 'otplib';
import { check, type Journey } from './harness';
import { signIn } from './steps';

const EMAIL = 'analyst@demo.mixdesk.test';

/**
 * Authenticator-app setup on the profile page, then a second sign-in that asks for the 6-digit
 * code: a wrong code says "MFA failed: …", the right one lands on the accounts list.
 */
const journey: Journey = {
  name: 'totp-setup-and-sign-in',
  async run({ newPage, webUrl }) {
    const page = await newPage();
    await signIn(page, webUrl, EMAIL);
    await page.waitForURL(/\/(accounts\/list|dashboard\/default)$/);
    await page.goto(`${webUrl}/user/account-profile/profile2`);

    await page.getByTestId('mfa-enable').click();
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    check(/^[A-Z2-7]{16,}$/.test(secret), `the secret is shown as text (${secret})`);
    check(
      (await page
        .locator('svg title')
        .filter({ hasText: /QR|קוד/ })
        .count()) > 0 || (await page.locator('svg[role="img"], svg').count()) > 0,
      'a QR code is shown',
    );
    await page.locator('input[name="code"]').fill(await generate({ secret }));
    await page.locator('form button[type="submit"]').first().click();
    await page.getByTestId('mfa-disable').waitFor();

    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login$/);
    await page.locator('button[lang="en"]').click();

    await signIn(page, webUrl, EMAIL);
    await page.locator('input[name="code"]').waitFor();
    await page.locator('input[name="code"]').fill('000000');
    await page.locator('form button[type="submit"]').click();
    await page.getByText(/^MFA failed: /).waitFor();

    await page.locator('input[name="code"]').fill(await generate({ secret }));
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/accounts\/list$/, { timeout: 20_000 });
    await page.getByTestId('account-row').first().waitFor();
    return page;
  },
};
export default journey;
