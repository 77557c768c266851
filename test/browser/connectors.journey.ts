import { GOOGLE_ADS_DEMO } from '../../local/fakes/google-ads-server';
import { check, screenshotPath, type Journey } from './harness';
import { apiCall, apiToken, chooseLanguage, expectText, signInAndLand } from './steps';

/**
 * Connectors (issue 12 §1) in real Chromium against the local stack and its Google Ads fake: the
 * demo Admin sees the seeded connections' health (the one whose Google sign-in expired: No access,
 * with Google's reason), adds a Google Ads connection with a refresh token (the dialog's credential
 * fields are password inputs), tests it (OK, with the ad accounts it sees), and links TechNova to
 * the US ad account from the account's connectors page.
 */
const ADMIN = 'admin@demo.mixdesk.test';
const NAME = 'Google Ads — journey';

const journey: Journey = {
  name: 'connectors',
  async run({ newPage, webUrl, stack }) {
    const page = await newPage();
    await signInAndLand(page, webUrl, ADMIN, /\/(accounts\/list|user\/account-profile\/profile2)$/);
    await chooseLanguage(page, 'en');

    await page.goto(`${webUrl}/agentSettings/connectors/list`);
    const expired = page.getByTestId('agent-connector-row').filter({ hasText: 'Google Ads — old sign-in' });
    await expired.waitFor({ timeout: 15_000 });
    check((await expired.getByTestId('agent-status').innerText()) === 'No access', 'the expired sign-in shows No access');
    check(/expired|revoked|reconnect/i.test(await expired.getByTestId('agent-error').innerText()), "the expired connection shows Google's reason");

    await page.getByTestId('create-agent-connector').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="Name"]').fill(NAME);
    check((await dialog.getByTestId('credential-refreshToken').getAttribute('type')) === 'password', 'the refresh token is typed into a password field');
    await dialog.getByTestId('credential-refreshToken').fill(GOOGLE_ADS_DEMO.refreshToken);
    await dialog.getByTestId('credential-clientId').fill(GOOGLE_ADS_DEMO.clientId);
    await dialog.getByTestId('credential-clientSecret').fill(GOOGLE_ADS_DEMO.clientSecret);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByTestId('agent-connector-row').filter({ hasText: NAME });
    await row.waitFor();
    check((await row.getByTestId('agent-status').innerText()) === 'Not tested', 'a new connection is Not tested');
    await row.getByTestId('test-connection').click();
    await row.getByTestId('agent-status').filter({ hasText: /^OK$/ }).waitFor({ timeout: 15_000 });
    await expectText(page, '2345678901');
    check(!(await page.content()).includes(GOOGLE_ADS_DEMO.refreshToken), 'the page never shows the refresh token');
    await page.screenshot({ path: screenshotPath('connectors-agent'), fullPage: true });

    const token = await apiToken(stack, ADMIN);
    const accounts = await apiCall<{ Items: { ID: number; Name: string }[] }>(stack.apiUrl, token, 'AccountsService/GetAccountsList', { mainAccountId: -1 });
    const techNova = accounts.Items.find((a) => a.Name === 'TechNova');
    check(!!techNova, 'the demo account TechNova exists');
    await page.goto(`${webUrl}/accounts/${techNova!.ID}/connectors/list`);
    await page.getByTestId('create-account-connector').click();
    const link = page.getByRole('dialog');
    await link.getByRole('combobox').first().click();
    await page.getByRole('option', { name: NAME }).click();
    await link.getByRole('checkbox', { name: /2345678901/ }).check();
    await link.getByRole('button', { name: 'Save' }).click();
    await link.waitFor({ state: 'hidden' });
    const linked = page.getByTestId('account-connector-row').filter({ hasText: NAME });
    await linked.waitFor();
    check((await linked.innerText()).includes('2345678901'), 'TechNova is linked to the US ad account');
    await page.screenshot({ path: screenshotPath('connectors-account'), fullPage: true });
    return page;
  },
};

export default journey;
