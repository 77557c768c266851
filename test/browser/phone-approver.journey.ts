import type { Locator, Page } from 'playwright-core';
import { check, DEMO_PASSWORD, PHONE, screenshotPath, type Journey, type JourneyContext } from './harness';
import { apiCall, apiToken } from './steps';

/**
 * A phone is enough (390 × 844, touch; every step a tap): the approver opens "To approve" from the
 * menu, reads a submitted version's totals and lines as cards and rejects it with a reason; the
 * bell's list, a page of its own, opens the other version, which the approver approves. The client
 * opens the approved version and signs it off, in Hebrew (right to left). On every screen the page never scrolls sideways and
 * each target tapped is at least 44 × 44 px; a screenshot of each step goes to artifacts/screenshots/.
 */
const PLANNER = 'planner@demo.mixdesk.test';
const APPROVER = 'approver@demo.mixdesk.test';
const CLIENT = 'client@demo.mixdesk.test';
const MIN_TARGET = 44;

interface Submitted {
  accountId: number;
  activityId: number;
  versionId: number;
  activity: string;
  /** GetMediaMixInfo's total, as the phone should write it. */
  total: string;
  lines: string[];
}

const ils = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'ILS' }).format(n);

/** An activity of Hadar Insurance with a plan of two lines, submitted by the planner, all through the API. */
async function submittedPlan({ stack }: JourneyContext, token: string, label: string): Promise<Submitted> {
  const accounts = await apiCall<{ Items: { ID: number; Name: string }[] }>(
    stack.apiUrl,
    token,
    'AccountsService/GetAccountsList',
    { mainAccountId: -1, pageSize: 100 },
  );
  const accountId = accounts.Items.find((a) => a.Name === 'Hadar Insurance')?.ID;
  check(accountId, 'the demo company has Hadar Insurance');
  const activity = `${label} ${Date.now() % 100000}`;
  const { ID: activityId } = await apiCall<{ ID: number }>(
    stack.apiUrl,
    token,
    'ActivitiesService/SaveActivity',
    {
      activity: {
        ID: 0,
        AccountId: accountId,
        Name: activity,
        StartDate: '2026-12-01',
        EndDate: '2027-01-31',
        Budget: 30000,
      },
    },
    accountId,
  );
  const { ID: versionId } = await apiCall<{ ID: number }>(
    stack.apiUrl,
    token,
    'MediaMixService/SaveMediaMix',
    { mediaMix: { ID: 0, ActivityId: activityId, Name: `${label} plan` } },
    accountId,
  );
  const types = await apiCall<{ Items: { ID: number; Active: boolean }[] }>(
    stack.apiUrl,
    token,
    'AccountsService/InitAccountChannelTypes',
    { reload: false },
    accountId,
  );
  const typeId = types.Items.find((t) => t.Active)?.ID;
  check(typeId, 'Hadar Insurance has an active channel type');
  const lines = [
    { Name: 'Search – brand terms', BuyType: 'CPC', UnitCost: 2.5, Budget: 12000 },
    { Name: 'Display – retargeting', BuyType: 'CPM', UnitCost: 18, Budget: 4500.5 },
  ];
  for (const l of lines)
    await apiCall(
      stack.apiUrl,
      token,
      'AccountsService/SaveMediaChannel',
      {
        mediaChannel: {
          ID: 0,
          MediaMixId: versionId,
          AccountChannelTypeId: typeId,
          StartDate: '2026-12-01',
          EndDate: '2027-01-31',
          ImageCreatives: 2,
          VideoCreatives: 0,
          ...l,
        },
      },
      accountId,
    );
  const info = await apiCall<{ version: number; Totals: { Total: number } }>(
    stack.apiUrl,
    token,
    'MediaMixService/GetMediaMixInfo',
    { mediaMixId: versionId },
    accountId,
  );
  await apiCall(
    stack.apiUrl,
    token,
    'MediaMixService/SubmitMediaMix',
    { mediaMixId: versionId, version: info.version },
    accountId,
  );
  return {
    accountId,
    activityId,
    versionId,
    activity,
    total: ils(info.Totals.Total),
    lines: lines.map((l) => l.Name),
  };
}

/** Taps `target` after checking it is at least 44 × 44 px (measured once it stops moving: menus grow in). */
async function tap(target: Locator, what: string): Promise<void> {
  await target.waitFor();
  let box = await target.boundingBox();
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const now = await target.boundingBox();
    const same = now && box && now.width === box.width && now.height === box.height && now.y === box.y;
    box = now;
    if (same) break;
  }
  check(box, `${what} is on screen`);
  check(
    box.width >= MIN_TARGET && box.height >= MIN_TARGET,
    `${what} is a ${MIN_TARGET} px target (${Math.round(box.width)} × ${Math.round(box.height)})`,
  );
  await target.tap();
}

/**
 * The page does not scroll sideways, and the screen is kept as a screenshot to look at, once still
 * (nothing loading, no transition running): the whole page, or what the phone shows while a dialog is open.
 */
async function screen(page: Page, step: string): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[role="progressbar"]') &&
      document.getAnimations().every((a) => a.playState !== 'running'),
  );
  const { scrollWidth, innerWidth, bar } = await page.evaluate(() => {
    // The top bar is fixed: what overflows it would not widen the page, so it is measured itself.
    const toolbar = document.querySelector('header .MuiToolbar-root');
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      bar: toolbar && { scroll: toolbar.scrollWidth, client: toolbar.clientWidth },
    };
  });
  check(!bar || bar.scroll <= bar.client, `${step}: the top bar fits (${bar?.scroll} > ${bar?.client})`);
  check(innerWidth === PHONE.viewport.width, `the page is ${PHONE.viewport.width} px wide (${innerWidth})`);
  check(scrollWidth <= innerWidth, `${step}: the page does not scroll sideways (${scrollWidth} > ${innerWidth})`);
  const dialog = (await page.getByRole('dialog').count()) > 0;
  await page.screenshot({ path: screenshotPath(`phone-approver-${step}`), fullPage: !dialog });
}

/** Signs in by tapping; in English unless `hebrew` (the demo company's default language). */
async function signIn(page: Page, webUrl: string, email: string, landing: RegExp, hebrew = false): Promise<void> {
  await page.goto(`${webUrl}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await tap(page.locator('form button[type="submit"]'), 'Sign in');
  await page.waitForURL(landing, { timeout: 20_000 });
  // The profile's language applies once the signed-in shell is up.
  await page.getByTestId('drawer-toggle').waitFor();
  if (hebrew) await page.waitForFunction(() => document.documentElement.lang === 'he');
  else if ((await page.evaluate(() => document.documentElement.lang)) !== 'en') {
    await tap(page.getByTestId('language-menu-button'), 'the language menu');
    await tap(page.locator('[role="menuitem"][lang="en"]'), 'English');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
  }
}

const digits = (s: string) => s.replace(/\D/g, '');

/** The phone's view of a version in `status`: its totals and lines as cards, its answers on screen. */
async function readPlan(page: Page, plan: Submitted, status: number): Promise<void> {
  const view = page.locator(`[data-testid="phone-plan"][data-mix-id="${plan.versionId}"][data-status="${status}"]`);
  await view.waitFor();
  check((await page.getByTestId('plan-grid').count()) === 0, 'no plan grid on a phone');
  const total = await view.getByTestId('total-total').innerText();
  check(digits(total) === digits(plan.total), `the total is the server's (${total}, ${plan.total})`);
  const actions = page.getByTestId('plan-actions');
  const bar = (await actions.count()) > 0 ? await actions.boundingBox() : null;
  check(!bar || bar.y + bar.height <= PHONE.viewport.height + 1, `the answers are on screen, at its foot (${bar?.y})`);
  const names = await view.locator('[data-testid="line-card"] h3').allInnerTexts();
  check(names.join('|') === plan.lines.join('|'), `each line is a card (${names.join(', ')})`);
}

const journey: Journey = {
  name: 'phone-approver',
  async run(ctx) {
    const { newPhonePage, webUrl, stack, log } = ctx;
    const token = await apiToken(stack, PLANNER);
    const toReject = await submittedPlan(ctx, token, 'Phone reject');
    const toApprove = await submittedPlan(ctx, token, 'Phone approve');
    await stack.settleStreams();
    log(`two versions submitted by the planner: ${toReject.versionId} and ${toApprove.versionId}`);

    // 1. The approver: the menu (a temporary drawer), "To approve" as cards, the first version.
    const approver = await newPhonePage();
    await signIn(approver, webUrl, APPROVER, /\/accounts\/list$/);
    await screen(approver, '01-landing');
    await tap(approver.getByTestId('drawer-toggle'), 'the menu button');
    const drawer = approver.locator('.MuiDrawer-modal');
    await drawer.waitFor();
    await screen(approver, '02-menu');
    await tap(drawer.locator('[data-menu-id="toApprove"]'), '"To approve"');
    await approver.waitForURL(/\/approvals\/inbox$/);
    await drawer.waitFor({ state: 'hidden' });
    const card = approver.locator(`[data-testid="inbox-row"][data-mix-id="${toReject.versionId}"]`);
    await card.waitFor();
    const cardText = await card.innerText();
    check(
      cardText.includes(toReject.activity) && cardText.includes('Paz Planner') && cardText.includes('Hadar Insurance'),
      `the card names the activity, the account and the submitter (${cardText})`,
    );
    await screen(approver, '03-inbox');
    await tap(card.getByTestId('open-plan'), 'the inbox card');
    await readPlan(approver, toReject, 2);
    await screen(approver, '04-submitted-version');

    // 2. Reject with a reason, in a full-screen dialog.
    await tap(approver.getByTestId('reject-plan'), 'Reject');
    const dialog = approver.getByRole('dialog');
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    check(box && box.width === PHONE.viewport.width, `the dialog fills the screen (${box?.width})`);
    await dialog.locator('textarea[name="reason"]').tap();
    await dialog.locator('textarea[name="reason"]').fill('Move 2,000 from search to video');
    await screen(approver, '05-reject-dialog');
    await tap(dialog.getByRole('button', { name: 'Reject' }), 'the dialog’s Reject');
    await readPlan(approver, toReject, 4);
    const reason = await approver.getByTestId('reject-reason').innerText();
    check(reason.includes('Move 2,000 from search to video'), `the reason shows (${reason})`);
    await screen(approver, '06-rejected');
    log('rejected with a reason from the phone');

    // 3. The bell's list is a page of its own; the other submission opens its version, approved there.
    await tap(approver.getByTestId('notifications-bell'), 'the bell');
    const page = approver.getByRole('dialog', { name: 'Notifications' });
    await page.waitFor();
    const pageBox = await page.boundingBox();
    check(pageBox && pageBox.width === PHONE.viewport.width, `the list fills the screen (${pageBox?.width})`);
    const id = `-${String(toApprove.versionId).padStart(10, '0')}-`;
    const note = page.locator(`[data-testid="notification"][data-notification-id*="${id}"]`);
    await note.waitFor();
    await screen(approver, '07-notifications');
    await tap(note, 'the notification');
    await approver.waitForURL((u) => u.searchParams.get('version') === String(toApprove.versionId));
    await readPlan(approver, toApprove, 2);
    await tap(approver.getByTestId('approve-plan'), 'Approve');
    await tap(approver.getByRole('dialog').getByRole('button', { name: 'Approve' }), 'the dialog’s Approve');
    await readPlan(approver, toApprove, 3);
    await screen(approver, '08-approved');
    log('approved the version the notification opened');

    // 4. The client, in Hebrew (right to left): the approved version, signed off.
    const client = await newPhonePage();
    await signIn(client, webUrl, CLIENT, /\/accounts\/list$/, true);
    await screen(client, '09-client-landing');
    await client.goto(
      `${webUrl}/accounts/${toApprove.accountId}/activities/${toApprove.activityId}/mediaMix/list?version=${toApprove.versionId}`,
    );
    await readPlan(client, toApprove, 3);
    await screen(client, '10-client-version');
    await tap(client.getByTestId('client-sign-off'), 'Sign off');
    // The confirmation's own button, after Cancel.
    await tap(client.getByRole('dialog').getByRole('button').last(), 'the dialog’s Sign off');
    await client.getByTestId('client-signed-off').waitFor();
    check((await client.getByTestId('client-sign-off').count()) === 0, 'a signed-off version asks no more');
    await screen(client, '11-client-signed-off');
    log('the client signed off from the phone, in Hebrew');
    return client;
  },
};

export default journey;
