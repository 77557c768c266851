import { check, screenshotPath, type Journey } from './harness';
import { apiCall, apiToken, chooseLanguage, signInAndLand } from './steps';

const PLANNER = 'planner@demo.mixdesk.test';
const APPROVER = 'approver@demo.mixdesk.test';

/**
 * Notifications: the planner submits a plan in the editor; the approver signs in, sees
 * the bell's unread count, opens it, finds the submission by the planner's name and follows it to the
 * plan editor on that version; the local mail catcher shows the mail SES would have sent the approver.
 */
const journey: Journey = {
  name: 'notifications',
  async run({ newPage, webUrl, stack, log }) {
    // A Draft of the planner's own (the demo plan's Draft is other journeys' to use).
    const token = await apiToken(stack, PLANNER);
    const accounts = await apiCall<{ Items: { ID: number; Name: string }[] }>(
      stack.apiUrl,
      token,
      'AccountsService/GetAccountsList',
      { mainAccountId: -1 },
    );
    const hadar = accounts.Items.find((a) => a.Name === 'Hadar Insurance');
    check(hadar, 'the demo account Hadar Insurance exists');
    const accountId = hadar.ID;
    const activityName = `Notify flight ${Date.now() % 100000}`;
    const activity = await apiCall<{ ID: number }>(
      stack.apiUrl,
      token,
      'ActivitiesService/SaveActivity',
      {
        activity: {
          ID: 0,
          AccountId: accountId,
          Name: activityName,
          StartDate: '2026-12-01',
          EndDate: '2027-01-31',
          Budget: 20000,
        },
      },
      accountId,
    );
    const version = await apiCall<{ ID: number }>(
      stack.apiUrl,
      token,
      'MediaMixService/SaveMediaMix',
      { mediaMix: { ID: 0, ActivityId: activity.ID, Name: 'Notify plan' } },
      accountId,
    );
    const types = await apiCall<{ Items: { ID: number; Active: boolean }[] }>(
      stack.apiUrl,
      token,
      'AccountsService/InitAccountChannelTypes',
      { reload: false },
      accountId,
    );
    await apiCall(
      stack.apiUrl,
      token,
      'AccountsService/SaveMediaChannel',
      {
        mediaChannel: {
          ID: 0,
          MediaMixId: version.ID,
          AccountChannelTypeId: types.Items.find((t) => t.Active)!.ID,
          Name: 'Display',
          StartDate: '2026-12-01',
          EndDate: '2027-01-31',
          BuyType: 'CPM',
          UnitCost: 20,
          Budget: 5000,
          ImageCreatives: 0,
          VideoCreatives: 0,
        },
      },
      accountId,
    );
    const planPath = `/accounts/${accountId}/activities/${activity.ID}/mediaMix/list`;

    // 1. The planner submits it in the editor.
    const planner = await newPage();
    await signInAndLand(planner, webUrl, PLANNER, /\/dashboard\/default$/);
    await planner.goto(`${webUrl}${planPath}?version=${version.ID}`);
    await planner.getByTestId('submit-plan').click();
    await planner.locator('[data-testid="plan-editor"][data-status="2"]').waitFor();
    log(`planner submitted version ${version.ID} of ${activityName}`);
    await stack.settleStreams();

    // 2. The approver: the bell counts it; the list names the planner; the link opens that version.
    const approver = await newPage();
    await signInAndLand(approver, webUrl, APPROVER, /\/accounts\/list$/);
    await chooseLanguage(approver, 'en');
    const badge = approver.getByTestId('notifications-count');
    await approver.waitForFunction(
      () =>
        Number(document.querySelector('[data-testid="notifications-count"]')?.textContent?.replace('+', '') || 0) > 0,
      undefined,
      { timeout: 15_000 },
    );
    const before = (await badge.innerText()).trim();
    log(`bell shows ${before}`);
    await approver.getByTestId('notifications-bell').click();
    const row = approver.locator(
      `[data-testid="notification"][data-notification-id*="-${String(version.ID).padStart(10, '0')}-"]`,
    );
    await row.waitFor();
    await approver.screenshot({ path: screenshotPath('notifications-open') });
    const text = await row.innerText();
    check(
      text.includes('Paz Planner') && text.includes(activityName) && text.includes('for approval'),
      `the notification names the planner and the activity (${text})`,
    );
    check(!text.includes('@'), 'the planner is named, not by e-mail');
    await row.click();
    await approver.waitForURL((u) => u.pathname === planPath && u.searchParams.get('version') === String(version.ID));
    await approver.locator(`[data-testid="plan-editor"][data-mix-id="${version.ID}"]`).waitFor();
    await approver.getByTestId('approve-plan').waitFor();
    // Opened, so read: the count went down by one (or the badge is gone).
    await approver.waitForFunction(
      (was) => {
        const el = document.querySelector('[data-testid="notifications-count"]');
        const now = el && !el.classList.contains('MuiBadge-invisible') ? (el.textContent ?? '0') : '0';
        return was === '99+' || Number(now) === Number(was) - 1;
      },
      before,
      { timeout: 15_000 },
    );

    // 3. The mail catcher shows the mail to the approver.
    const mail = await newPage();
    await mail.goto(`${stack.sesEndpoint}/`);
    // One mail per recipient (the admin approves too): the approver's.
    const article = mail.locator('article.mail', { hasText: activityName }).filter({ hasText: APPROVER });
    await article.first().waitFor();
    const mailText = await article.first().innerText();
    check(mailText.includes(`${planPath}?version=${version.ID}`), 'the mail links to the plan version');
    return approver;
  },
};
export default journey;
