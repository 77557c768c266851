import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Invitation } from '../../local/fakes/cognito-admin-server';
import { generate } from 'otplib';
import { check, screenshotPath, type Journey } from './harness';
import { accountNames, chooseLanguage, chooseOption, expectText, signIn, signInAndLand } from './steps';

/**
 * Users administration in real Chromium against the local stack: the Admin invites a
 * planner from the users list; the invitation (the local user-pool front keeps it and mails it to the
 * mail catcher) carries a temporary password, with which the invitee signs in, sets their own
 * password, turns on TOTP (a code computed from the secret shown) and signs in with a code into the
 * accounts list. The Admin gives the demo client user a second main account on the client's page; the
 * client, signed in, sees both, and the account is taken back (other journeys expect one). The Admin
 * disables the invitee: the invitee's next call is refused at once (401 USER_DISABLED) and their page
 * falls back to sign-in. The demo company's only Admin cannot demote themselves, told so in Hebrew.
 */
const ADMIN = 'admin@demo.mixdesk.test';
const NEW_PASSWORD = 'Invitee-Chosen-2026!';
/** The demo client user, who sees Hadar Insurance only (client-zone.journey.ts relies on it). */
const CLIENT = 'client@demo.mixdesk.test';
const SECOND_ACCOUNT = 'Sunrise Travel';

async function openUser(page: Page, webUrl: string, search: string): Promise<void> {
  await page.goto(`${webUrl}/Users/list`);
  await page.getByTestId('users-search').fill(search);
  const row = page.locator(`[data-testid="user-row"][data-email="${search}"]`);
  await row.waitFor({ timeout: 10_000 });
  await row.getByTestId('open-user').click();
  await page.getByTestId('user-page').waitFor();
}

/** On the open user page: adds a main account to the user's access, or removes it, and saves. */
async function setClientAccount(page: Page, account: string, give: boolean): Promise<void> {
  await page.getByTestId('edit-user').click();
  const edit = page.getByRole('dialog');
  if (give) {
    await edit.locator('input[name="accounts"]').click();
    await page.getByRole('option', { name: account }).click();
  } else {
    await edit.locator('.MuiChip-root', { hasText: account }).locator('.MuiChip-deleteIcon').click();
  }
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'hidden' });
}

const journey: Journey = {
  name: 'users',
  async run({ newPage, webUrl, stack }) {
    const email = `invitee-${randomUUID().slice(0, 8)}@demo.mixdesk.test`;
    const admin = await newPage();
    await signInAndLand(admin, webUrl, ADMIN, /\/(accounts\/list|user\/account-profile\/profile2)$/);
    await chooseLanguage(admin, 'en');

    // The Admin invites a planner.
    await admin.goto(`${webUrl}/Users/list`);
    await admin.getByTestId('invite-user').click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByTestId('user-email').fill(email);
    await dialog.getByTestId('user-name').fill('Ido Invitee');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expectText(admin, `Invitation sent to ${email}.`);
    await admin.getByTestId('users-search').fill(email);
    const row = admin.locator(`[data-testid="user-row"][data-email="${email}"]`);
    await row.waitFor();
    check((await row.getByTestId('user-status').innerText()) === 'Invited', 'the new user is listed as Invited');

    // The invitation: its temporary password, and its mail in the catcher.
    const invitations = (await (await fetch(`${stack.cognitoAdminEndpoint}/_fake/invitations`)).json()) as Invitation[];
    const invitation = invitations.find((i) => i.Email === email);
    check(invitation, `an invitation was sent to ${email}`);
    const mails = (await (await fetch(`${stack.sesEndpoint}/_fake/mails`)).json()) as {
      To: string[];
      Subject: string;
      Text: string;
    }[];
    check(
      mails.some((m) => m.To.includes(email) && m.Text.includes(invitation.TemporaryPassword)),
      'the mail catcher holds the invitation with its temporary password',
    );

    // The invitee signs in with it, chooses a password, turns on TOTP and signs in with a code.
    const invitee = await newPage();
    await signIn(invitee, webUrl, email, invitation.TemporaryPassword);
    await invitee.locator('input[name="newPassword"]').fill(NEW_PASSWORD);
    await invitee.locator('input[name="repeatPassword"]').fill(NEW_PASSWORD);
    await invitee.locator('form button[type="submit"]').click();
    // Their home first (their company does not require MFA); the profile page is where they turn it on.
    await invitee.waitForURL(/\/(accounts\/list|dashboard\/default)$/, { timeout: 20_000 });
    await invitee.goto(`${webUrl}/user/account-profile/profile2`);
    await invitee.getByTestId('mfa-enable').click();
    const secret = (await invitee.getByTestId('totp-secret').innerText()).trim();
    check(/^[A-Z2-7]{16,}$/.test(secret), `the TOTP secret is shown as text (${secret})`);
    await invitee.locator('input[name="code"]').fill(await generate({ secret }));
    await invitee.locator('form button[type="submit"]').first().click();
    await invitee.getByTestId('mfa-disable').waitFor();
    await invitee.getByTestId('logout').click();
    await invitee.waitForURL(/\/login$/);
    await signIn(invitee, webUrl, email, NEW_PASSWORD);
    await invitee.locator('input[name="code"]').fill(await generate({ secret }));
    await invitee.locator('form button[type="submit"]').click();
    // A planner lands on their home, the planner's dashboard.
    await invitee.waitForURL(/\/dashboard\/default$/, { timeout: 20_000 });
    await invitee.goto(`${webUrl}/accounts/list`);
    await invitee.getByTestId('account-row').first().waitFor();
    await admin.goto(`${webUrl}/Users/list`);
    await admin.getByTestId('users-search').fill(email);
    await row.waitFor();
    check((await row.getByTestId('user-status').innerText()) === 'Active', 'the invitee is Active once signed in');
    check(
      (await row.getByTestId('user-mfa').innerText()) === 'On',
      'the invitee shows MFA on after a sign-in with TOTP',
    );

    // The Admin gives the client user a second account; the client sees it, then it is given back.
    await openUser(admin, webUrl, CLIENT);
    check(
      (await admin.getByTestId('user-access').innerText()) === 'Hadar Insurance',
      'the client starts with Hadar Insurance only',
    );
    await setClientAccount(admin, SECOND_ACCOUNT, true);
    await admin
      .getByTestId('user-access')
      .filter({ hasText: `Hadar Insurance, ${SECOND_ACCOUNT}` })
      .waitFor();
    const client = await newPage();
    await signInAndLand(client, webUrl, CLIENT, /\/accounts\/list$/);
    // A profile read stays in the API's memory up to 30 s (docs/users.md): the client's access
    // follows within that time, so a client seen by an earlier journey may need a few reloads.
    await client.goto(`${webUrl}/accounts/list`);
    const secondRow = client.locator('[data-testid="account-row"]', { hasText: SECOND_ACCOUNT });
    for (const until = Date.now() + 35_000; ; ) {
      await client.getByTestId('account-row').first().waitFor();
      if ((await secondRow.isVisible()) || Date.now() > until) break;
      await client.waitForTimeout(2_000);
      await client.reload();
    }
    const seen = (await accountNames(client)).sort();
    check(
      seen.join('|') === ['Hadar Insurance', SECOND_ACCOUNT].sort().join('|'),
      `the client sees both accounts (${seen.join(', ')})`,
    );
    await setClientAccount(admin, SECOND_ACCOUNT, false);
    await admin
      .getByTestId('user-access')
      .filter({ hasText: /^Hadar Insurance$/ })
      .waitFor();
    await client.close();

    // The Admin disables the invitee: the invitee's next call is refused at once, and they are sent to sign in.
    await openUser(admin, webUrl, email);
    await admin.getByTestId('DisableUser').click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await expectText(admin, 'Ido Invitee is disabled.');
    const refusedCall = invitee.waitForResponse((r) => r.request().method() === 'POST' && r.status() === 401, {
      timeout: 15_000,
    });
    await invitee.reload();
    const refusal = (await (await refusedCall).json()) as { ErrorCode?: string };
    check(
      refusal.ErrorCode === 'USER_DISABLED',
      `the disabled invitee's next call is refused USER_DISABLED (${refusal.ErrorCode})`,
    );
    await invitee.waitForURL(/\/login$/, { timeout: 20_000 });

    // The company's only Admin cannot demote themselves; the refusal is in the Admin's language (Hebrew).
    await chooseLanguage(admin, 'he');
    await openUser(admin, webUrl, ADMIN);
    await admin.getByTestId('edit-user').click();
    const edit = admin.getByRole('dialog');
    await chooseOption(admin, edit.getByRole('combobox', { name: 'תפקיד' }), 'מתכנן');
    await edit.getByRole('button', { name: 'שמירה' }).click();
    await expectText(admin, 'זהו מנהל המערכת הפעיל האחרון של החברה. הגדירו קודם מישהו אחר כמנהל.');
    check(await edit.isVisible(), 'the dialog stays open after the refusal');
    // The message has slid in and is whole on the screen (not cut at an edge) when it is captured.
    await admin.waitForFunction(
      () => {
        const box = document.querySelector('[data-testid="snackbar"]')?.getBoundingClientRect();
        return !!box && box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
      },
      undefined,
      { timeout: 5_000 },
    );
    await admin.screenshot({ path: screenshotPath('users-last-admin-he') });
    await edit.getByRole('button', { name: 'ביטול' }).click();
    await admin.goto(`${webUrl}/Users/list`);
    await admin.getByTestId('users-search').fill(ADMIN);
    const adminRow = admin.locator(`[data-testid="user-row"][data-email="${ADMIN}"]`);
    check((await adminRow.locator('td').nth(1).innerText()) === 'מנהל מערכת', 'the Admin is still Admin');
    return admin;
  },
};
export default journey;
