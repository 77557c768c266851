import type { Page } from 'playwright-core';
import { check, type Journey, type JourneyContext } from './harness';
import { apiCall, apiToken, chooseLanguage, signInAndLand } from './steps';

/**
 * Where plans wait, as the people who use it: a planner submits a plan whose net
 * media is over its activity's budget and confirms it in the dialog that names the amount; the
 * approver finds it under "To approve" (the menu's badge counts it), sees "over budget by", opens it
 * from the row and approves it; the planner's "My plans" shows it approved.
 */
const PLANNER = 'planner@demo.mixdesk.test';
const APPROVER = 'approver@demo.mixdesk.test';

/** An activity of Hadar Insurance with a budget of ₪1,000 and a Draft plan of one ₪1,500 line, made through the API as the planner. */
async function overBudgetDraft({
  stack,
  log,
}: JourneyContext): Promise<{ accountId: number; activityId: number; versionId: number; name: string }> {
  const token = await apiToken(stack, PLANNER);
  const accounts = await apiCall<{ Items: { ID: number; Name: string }[] }>(
    stack.apiUrl,
    token,
    'AccountsService/GetAccountsList',
    { mainAccountId: -1, pageSize: 100 },
  );
  const hadar = accounts.Items.find((a) => a.Name === 'Hadar Insurance');
  check(hadar, 'the demo company has Hadar Insurance');
  const accountId = hadar.ID;
  const name = `Budget check ${Date.now() % 100000}`;
  const activity = await apiCall<{ ID: number }>(
    stack.apiUrl,
    token,
    'ActivitiesService/SaveActivity',
    {
      activity: {
        ID: 0,
        AccountId: accountId,
        Name: name,
        StartDate: '2026-12-01',
        EndDate: '2027-02-28',
        Budget: 1000,
      },
    },
    accountId,
  );
  const version = await apiCall<{ ID: number }>(
    stack.apiUrl,
    token,
    'MediaMixService/SaveMediaMix',
    { mediaMix: { ID: 0, ActivityId: activity.ID, Name: 'Over budget plan' } },
    accountId,
  );
  const types = await apiCall<{ Items: { ID: number; Name: string; Active: boolean }[] }>(
    stack.apiUrl,
    token,
    'AccountsService/GetAccountChannelTypesList',
    {},
    accountId,
  );
  const type = types.Items.find((t) => t.Active && t.Name === 'Google Search') ?? types.Items.find((t) => t.Active);
  check(type, 'Hadar Insurance has an active channel type');
  await apiCall(
    stack.apiUrl,
    token,
    'AccountsService/SaveMediaChannel',
    {
      mediaChannel: {
        ID: 0,
        MediaMixId: version.ID,
        AccountChannelTypeId: type.ID,
        Name: 'Search - brand',
        StartDate: '2026-12-01',
        EndDate: '2027-02-28',
        BuyType: 'CPC',
        UnitCost: 2.5,
        Budget: 1500,
        ManagementFeePct: 10,
        SystemFeePct: 0,
        ImageCreatives: 0,
        VideoCreatives: 0,
      },
    },
    accountId,
  );
  log(
    `activity "${name}" (${activity.ID}, budget 1,000) with a draft of one 1,500 line (${version.ID}), through the API as the planner`,
  );
  return { accountId, activityId: activity.ID, versionId: version.ID, name };
}

const planPath = (p: { accountId: number; activityId: number; versionId: number }) =>
  `/accounts/${p.accountId}/activities/${p.activityId}/mediaMix/list?version=${p.versionId}`;

async function english(page: Page): Promise<void> {
  if ((await page.evaluate(() => document.documentElement.lang)) !== 'en') await chooseLanguage(page, 'en');
}

const journey: Journey = {
  name: 'approvals-inbox',
  async run(ctx) {
    const { newPage, webUrl, log } = ctx;
    const plan = await overBudgetDraft(ctx);

    // 1. The planner submits; the server refuses it unconfirmed and the console asks, naming the amount.
    const planner = await newPage();
    await signInAndLand(planner, webUrl, PLANNER, /\/dashboard\/default$/);
    await english(planner);
    await planner.goto(`${webUrl}${planPath(plan)}`);
    await planner.locator(`[data-testid="plan-editor"][data-mix-id="${plan.versionId}"][data-status="1"]`).waitFor();
    await planner.getByTestId('budget-check').filter({ hasText: 'over the activity budget' }).waitFor();
    await planner.getByTestId('submit-plan').click();
    const dialog = planner.getByRole('dialog');
    await dialog.waitFor();
    const asked = await dialog.innerText();
    check(
      asked.includes('over the activity budget (₪1,000.00) by ₪500.00'),
      `the dialog names the amount over (${asked})`,
    );
    await dialog.getByRole('button', { name: 'Submit over budget' }).click();
    await planner.locator(`[data-testid="plan-editor"][data-mix-id="${plan.versionId}"][data-status="2"]`).waitFor();
    log('the planner confirmed the amount over and submitted');

    // 2. The approver: the badge, "To approve", the row's "over budget by", the plan, approve.
    const approver = await newPage();
    await signInAndLand(approver, webUrl, APPROVER, /\/accounts\/list$/);
    await english(approver);
    const entry = approver.locator('[data-menu-id="toApprove"]');
    await entry.waitFor();
    const badge = entry.getByTestId('approvals-badge');
    await badge.waitFor();
    const waiting = Number(await badge.innerText());
    check(waiting >= 1, `the menu's badge counts the waiting versions (${waiting})`);
    await entry.click();
    await approver.waitForURL(/\/approvals\/inbox$/);
    const row = approver.locator(`[data-testid="inbox-row"][data-mix-id="${plan.versionId}"]`);
    await row.waitFor();
    const over = await row.getByTestId('over-budget').innerText();
    check(over === 'Over budget by ₪500.00', `the inbox says by how much the plan is over (${over})`);
    const rowText = await row.innerText();
    check(
      rowText.includes(plan.name) && rowText.includes('Hadar Insurance'),
      `the row names the account and the activity (${rowText})`,
    );
    check(!rowText.includes('@'), `people are shown by name, not e-mail (${rowText})`);
    log(`"To approve": ${waiting} waiting; the row: ${rowText.replace(/\s+/g, ' ')}`);
    await row.getByTestId('open-plan').click();
    await approver.waitForURL(
      (u) => u.pathname === planPath(plan).split('?')[0] && u.search.includes(`version=${plan.versionId}`),
    );
    await approver.locator(`[data-testid="plan-editor"][data-mix-id="${plan.versionId}"][data-status="2"]`).waitFor();
    const confirmed = await approver.getByTestId('over-budget-confirmed').innerText();
    check(
      /^Submitted over the activity budget by ₪500\.00 \(confirmed by [^@]+\)$/.test(confirmed),
      `the plan says it went over budget, confirmed by name (${confirmed})`,
    );
    await approver.getByTestId('approve-plan').click();
    await approver.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await approver.locator(`[data-testid="plan-editor"][data-mix-id="${plan.versionId}"][data-status="3"]`).waitFor();
    log('approved from the plan the inbox opened');
    await approver.goto(`${webUrl}/approvals/inbox`);
    await approver.getByTestId('approval-inbox').waitFor();
    await approver.waitForFunction(
      (id) =>
        !document.querySelector(`[data-testid="inbox-row"][data-mix-id="${id}"]`) &&
        !document.querySelector('[role="progressbar"]'),
      plan.versionId,
    );
    check(
      (await approver.locator(`[data-testid="inbox-row"][data-mix-id="${plan.versionId}"]`).count()) === 0,
      'an approved version leaves the inbox',
    );

    // 3. The planner's "My plans": approved.
    await planner.goto(`${webUrl}/approvals/my-plans`);
    const mine = planner.locator(`[data-testid="my-plan-row"][data-mix-id="${plan.versionId}"]`);
    await mine.waitFor();
    check((await mine.getAttribute('data-status')) === '3', 'My plans shows the version approved');
    const status = await mine.getByTestId('plan-status').innerText();
    const note = await mine.getByTestId('plan-note').innerText();
    check(status === 'Approved' && /^Approved by [^@]+ on /.test(note), `My plans: ${status}; ${note}`);
    log(`My plans: ${status} — ${note}`);
    return planner;
  },
};

export default journey;
