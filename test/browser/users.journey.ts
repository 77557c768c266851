import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Invitation } from '../../local/fakes/cognito-admin-server';
import { check, type Journey } from './harness';
import { apiToken, chooseLanguage, expectText, signIn, signInAndLand } from './steps';

/**
 * Users administration (issue 11 §1) in real Chromium against the local stack: the Admin invites a
 * planner from the users list; the invitation (the local user-pool front keeps it and mails it to the
 * mail catcher) carries a temporary password, with which the invitee signs in, sets their own
 * password and lands in the console. The Admin disables them on their page: the invitee's next call
 * is refused at once (their session ends; the API answers 401 USER_DISABLED to a token from before).
 * The demo company's only Admin cannot demote themselves.
 */
const ADMIN = 'admin@demo.mixdesk.test';
const NEW_PASSWORD = 'Invitee-Chosen-2026!';

async function openUser(page: Page, webUrl: string, search: string): Promise<void> {
  await page.goto(`${webUrl}/Users/list`);
  await page.getByTestId('users-search').fill(search);
  const row = page.locator(`[data-testid="user-row"][data-email="${search}"]`);
  await row.waitFor({ timeout: 10_000 });
  await row.getByTestId('open-user').click();
  await page.getByTestId('user-page').waitFor();
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
    const mails = (await (await fetch(`${stack.sesEndpoint}/_fake/mails`)).json()) as { To: string[]; Subject: string; Text: string }[];
    check(mails.some((m) => m.To.includes(email) && m.Text.includes(invitation.TemporaryPassword)), 'the mail catcher holds the invitation with its temporary password');

    // The invitee signs in with it, chooses a password and lands in the console.
    const invitee = await newPage();
    await signIn(invitee, webUrl, email, invitation.TemporaryPassword);
    await invitee.locator('input[name="newPassword"]').fill(NEW_PASSWORD);
    await invitee.locator('input[name="repeatPassword"]').fill(NEW_PASSWORD);
    await invitee.locator('form button[type="submit"]').click();
    await invitee.waitForURL(/\/user\/account-profile\/profile2$/, { timeout: 20_000 });
    await invitee.locator('[data-menu-id="accounts"]').click();
    await invitee.waitForURL(/\/accounts\/list$/);
    await invitee.getByTestId('account-row').first().waitFor();
    const tokenBefore = await apiToken(stack, email, NEW_PASSWORD);

    // The Admin disables them: their next call is refused at once.
    await openUser(admin, webUrl, email);
    await admin.getByTestId('DisableUser').click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await expectText(admin, 'Ido Invitee is disabled.');
    const refused = await fetch(`${stack.apiUrl}/AccountsService/GetAccountsList`, {
      method: 'POST', headers: { authorization: `Bearer ${tokenBefore}`, 'content-type': 'application/json' }, body: '{}',
    });
    const refusal = (await refused.json()) as { ErrorCode?: string };
    check(refused.status === 401 && refusal.ErrorCode === 'USER_DISABLED', `a disabled user's token is refused (${refused.status} ${refusal.ErrorCode})`);
    await invitee.reload();
    await invitee.waitForURL(/\/login$/, { timeout: 20_000 });

    // The company's only Admin cannot demote themselves.
    await openUser(admin, webUrl, ADMIN);
    await admin.getByTestId('edit-user').click();
    const edit = admin.getByRole('dialog');
    await edit.getByRole('combobox', { name: 'Role' }).click();
    await admin.getByRole('option', { name: 'Planner' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectText(admin, /last active Admin/);
    check(await edit.isVisible(), 'the dialog stays open after the refusal');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    check((await admin.getByTestId('user-page').innerText()).includes('Admin'), 'the Admin is still Admin');
    return admin;
  },
};
export default journey;
