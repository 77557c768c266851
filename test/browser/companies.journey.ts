import { randomUUID } from 'node:crypto';
import type { Invitation } from '../../local/fakes/cognito-admin-server';
import { check, type Journey } from './harness';
import { chooseLanguage, chooseOption, expectText, signIn, signInAndLand } from './steps';

/**
 * Companies in real Chromium against the local stack: the system administrator (the
 * demo Admin) creates an agency from the companies screen, with English as its default language,
 * and sees it listed with 1 user and no accounts. Its first Admin signs in with the temporary
 * password of the invitation (kept by the local user-pool front, docs/users.md "Locally"), chooses
 * a password and lands in the console of the new company, in English, seeing only themselves.
 */
const SYSTEM_ADMIN = 'admin@demo.mixdesk.test';
const NEW_PASSWORD = 'First-Admin-2026!';

const journey: Journey = {
  name: 'companies',
  async run({ newPage, webUrl, stack }) {
    const tag = randomUUID().slice(0, 8);
    const company = `Journey Agency ${tag}`;
    const email = `first-admin-${tag}@journey.mixdesk.test`;

    const admin = await newPage();
    await signInAndLand(admin, webUrl, SYSTEM_ADMIN, /\/(accounts\/list|user\/account-profile\/profile2)$/);
    await chooseLanguage(admin, 'en');
    await admin.goto(`${webUrl}/globalSettings/companies/list`);
    await admin.getByTestId('company-row').first().waitFor();
    await admin.getByTestId('create-company').click();
    const dialog = admin.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill(company);
    await dialog.locator('input[name="adminEmail"]').fill(email);
    await dialog.locator('input[name="adminName"]').fill('Fay First');
    await chooseOption(admin, dialog.getByRole('combobox', { name: 'Default language' }), 'English');
    await dialog.getByRole('button', { name: 'New company' }).click();
    await expectText(admin, `${company} was created; ${email} was invited`);
    await dialog.waitFor({ state: 'hidden' });

    // Listed (read again after the create) with its one user, its Admin, and no accounts yet.
    const row = admin.locator('[data-testid="company-row"]', { hasText: company });
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    check(
      cells[1] === '1' && cells[2] === '0',
      `${company} is listed with 1 user and 0 accounts (${cells.join(' | ')})`,
    );

    // The first Admin signs in with the invitation's temporary password and chooses their own.
    const invitations = (await (await fetch(`${stack.cognitoAdminEndpoint}/_fake/invitations`)).json()) as Invitation[];
    const invitation = invitations.find((i) => i.Email === email);
    check(invitation, `an invitation was sent to ${email}`);
    const first = await newPage();
    await signIn(first, webUrl, email, invitation.TemporaryPassword);
    await first.locator('input[name="newPassword"]').fill(NEW_PASSWORD);
    await first.locator('input[name="repeatPassword"]').fill(NEW_PASSWORD);
    await first.locator('form button[type="submit"]').click();
    await first.waitForURL(/\/accounts\/list$/, { timeout: 20_000 });
    await expectText(first, company);
    check(
      (await first.evaluate(() => document.documentElement.lang)) === 'en',
      "the new company's console speaks its default language, English",
    );

    // They administer the new company: its users list holds them alone.
    await first.goto(`${webUrl}/Users/list`);
    await first.locator(`[data-testid="user-row"][data-email="${email}"]`).waitFor();
    check((await first.getByTestId('user-row').count()) === 1, 'the new company has one user, its Admin');
    check(
      (await first.getByTestId('user-row').locator('td').nth(1).innerText()) === 'Administrator',
      'the first user is the Admin',
    );
    return admin;
  },
};
export default journey;
