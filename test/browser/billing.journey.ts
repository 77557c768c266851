import { listAgentConnectors, listExternalLinks } from '../../lambdas/modules/connectors/connector-store.dynamodb';
import { getSyncState, putSyncState } from '../../lambdas/modules/connectors/sync-run-store.dynamodb';
import { check, type Journey } from './harness';
import { apiCall, apiToken, chooseLanguage, findDemoPlan, signInAndLand } from './steps';

/**
 * Billing in real Chromium against the local stack: the demo's Hadar always-on flight starts on the
 * 1st of the month its first sync backfilled from, so that month is billed whole. Its Google ad
 * account's data is made to start two days late (as a 90-day backfill left it): the statement names
 * the missing days and Mark final is disabled; Sync now reads the account back to the flight's start,
 * and the month can be marked final — after a confirmation stating the month and the total; then an
 * Admin reopens it with a reason, and both acts are in the month's History.
 */
const ADMIN = 'admin@demo.mixdesk.test';
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const journey: Journey = {
  name: 'billing',
  async run({ newPage, webUrl, stack, log }) {
    const token = await apiToken(stack, ADMIN);
    const { account: hadar, activity } = await findDemoPlan(stack.apiUrl, token);
    const { StartDate: start } = await apiCall<{ StartDate: string }>(
      stack.apiUrl,
      token,
      'ActivitiesService/GetActivityInfo',
      { activityId: activity.ID },
      hadar.ID,
    );
    const month = start.slice(0, 7);
    // The Google connection's ad account of Hadar (local/demo-connectors.ts), its data started two days into the flight.
    const companyId = (
      await apiCall<{ Company: { ID: number } }>(stack.apiUrl, token, 'AuthService/LogInByAws', {
        JwtToken: token,
        Email: ADMIN,
      })
    ).Company.ID;
    const agents = await listAgentConnectors(companyId);
    const link = (await listExternalLinks(companyId)).find(
      (l) =>
        l.AccountId === hadar.ID && agents.find((a) => a.ID === l.AgentConnectorId)?.ConnectorType === 'google_ads',
    );
    check(link, 'Hadar is linked to a Google Ads ad account');
    const state = await getSyncState(companyId, link.AgentConnectorId, link.ExternalAccountId);
    check(
      state?.SyncedFrom && state.SyncedFrom <= start,
      `the first sync backfilled from the flight's start ${start} (from ${state?.SyncedFrom})`,
    );
    await putSyncState(companyId, { ...state, SyncedFrom: addDays(start, 2) });

    const page = await newPage();
    await signInAndLand(page, webUrl, ADMIN, /\/(accounts\/list|user\/account-profile\/profile2)$/);
    await chooseLanguage(page, 'en');
    await page.goto(`${webUrl}/accounts/${hadar.ID}/billing?month=${month}`);
    const missing = page.locator('[data-testid="billing-reason"][data-code="MISSING_DAYS"]');
    await missing.waitFor({ timeout: 30_000 });
    log(`not final: ${await missing.innerText()}`);
    check(await page.getByTestId('billing-mark-final').isDisabled(), 'Mark final is disabled while days lack data');

    // Sync now reads the ad account back to the flight's start.
    await apiCall(stack.apiUrl, token, 'ConnectorsService/SyncAgentConnectorNow', {
      agentConnectorId: link.AgentConnectorId,
    });
    // Done when the ad account is read back to the flight's start (or before: a backfill may reach further).
    const synced = Date.now();
    for (let i = 0; i < 120; i++) {
      const from = (await getSyncState(companyId, link.AgentConnectorId, link.ExternalAccountId))?.SyncedFrom;
      if (from && from <= start) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    log(`synced back to the flight's start in ${Date.now() - synced} ms`);
    await page.reload();
    await page.getByTestId('billing-lines').waitFor({ timeout: 30_000 });
    const reasons = await page.getByTestId('billing-reason').allInnerTexts();
    check(reasons.length === 0, `no reason left once synced (${reasons.join(' | ')})`);
    const total = (await page.locator('[data-testid="billing-totals"] tr[data-total="total"] td').innerText()).trim();
    await page.getByTestId('billing-mark-final').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const asked = await dialog.innerText();
    check(
      asked.includes(total) && /\d{4}/.test(asked),
      `the confirmation states the total ${total} and the month (${asked})`,
    );
    await dialog.getByRole('button', { name: 'Mark final' }).click();
    await page.getByTestId('billing-final').waitFor();
    check(!(await page.getByTestId('billing-final').innerText()).includes('@'), 'marked by a name, not an e-mail');

    await page.getByTestId('billing-reopen').click();
    await page.getByTestId('billing-reopen-reason').locator('textarea').first().fill('The client disputed a line');
    await page.getByTestId('billing-reopen-confirm').click();
    await page.getByTestId('billing-final').waitFor({ state: 'detached' });
    check(!(await page.getByTestId('billing-mark-final').isDisabled()), 'reopened: it may be marked final again');
    await page.getByTestId('history-open').click();
    const entries = page.getByTestId('history-entry');
    await entries.first().waitFor();
    const history = await entries.allInnerTexts();
    check(
      history[0].includes('Reopened') &&
        history[0].includes('The client disputed a line') &&
        history[1].includes('Marked final'),
      `History lists the reopening with its reason, then the marking (${history.join(' | ')})`,
    );
    await page.keyboard.press('Escape');

    await chooseLanguage(page, 'he');
    const hebrewMonth = new Intl.DateTimeFormat('he-IL', { month: 'long', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    );
    await page.waitForFunction(
      (m) =>
        (document.querySelector('[data-testid="billing-month"] input') as HTMLInputElement | null)?.value.includes(m),
      hebrewMonth,
    );
    return page;
  },
};

export default journey;
