import { readFileSync } from 'node:fs';
import { readSheet } from 'read-excel-file/node';
import { EXPORT_LABELS } from '../../lambdas/shared/export-labels';
import { VersionStatus } from '../../lambdas/shared/version-status';
import { xlsxParts } from '../media-plans/xlsx-parts';
import type { Locator, Page } from 'playwright-core';
import { check, screenshotPath, type Journey, type JourneyContext } from './harness';
import { apiCall, apiToken, chooseLanguage, chooseOption, signInAndLand, typeDate } from './steps';

/**
 * The media plan from start to sign-off, as the people who do it:
 * a planner creates an activity on Hadar Insurance, starts its media plan, applies a template
 * (created by the admin through the API when the company has none), edits two lines and submits;
 * the approver approves; the client signs in, sees the approved plan read only, exports it to
 * Excel (the downloaded .xlsx is read back and its totals compared with the screen's) and signs off.
 */
const PLANNER = 'planner@demo.mixdesk.test';
const APPROVER = 'approver@demo.mixdesk.test';
const CLIENT = 'client@demo.mixdesk.test';
const ADMIN = 'admin@demo.mixdesk.test';

type Sheet = (string | number | boolean | Date | null)[][];

/** A template the demo company can apply (the admin makes one through the API when there is none). */
async function ensureTemplate({ stack, log }: JourneyContext): Promise<string> {
  const token = await apiToken(stack, ADMIN);
  const list = await apiCall<{ Items: { ID: number; Name: string }[] }>(
    stack.apiUrl,
    token,
    'TemplatesService/GetTemplatesList',
    {},
  );
  if (list.Items.length > 0) {
    log(`template: using the company's "${list.Items[0].Name}"`);
    return list.Items[0].Name;
  }
  const catalogue = await apiCall<{ Items: { ID: number; Name: string; Active: boolean }[] }>(
    stack.apiUrl,
    token,
    'ChannelTypesService/GetChannelTypesList',
    {},
  );
  const active = catalogue.Items.filter((c) => c.Active);
  const pick = (name: string, i: number) => active.find((c) => c.Name === name) ?? active[i];
  const name = 'Journey search + social';
  await apiCall(stack.apiUrl, token, 'TemplatesService/SaveTemplate', {
    template: {
      ID: 0,
      Name: name,
      Description: 'Created by the media plan journey',
      Lines: [
        { ChannelTypeId: pick('Google Search', 0).ID, SharePct: 60, BuyType: 'CPC', UnitCost: 3.5 },
        { ChannelTypeId: pick('Meta', 1).ID, SharePct: 25, BuyType: 'CPM', UnitCost: 28 },
        { ChannelTypeId: pick('YouTube', 2).ID, SharePct: 15, BuyType: 'CPV', UnitCost: 0.12 },
      ],
    },
  });
  log(`template: the company had none; the admin created "${name}" through the API`);
  return name;
}

/** The id of Hadar Insurance, through the accounts list as the user sees it. */
async function openHadar(page: Page, webUrl: string): Promise<number> {
  await page.goto(`${webUrl}/accounts/list`);
  await page.getByRole('link', { name: 'Hadar Insurance', exact: true }).click();
  await page.waitForURL(/\/accounts\/\d+\/subAccounts\/list$/);
  return Number(/\/accounts\/(\d+)\//.exec(page.url())![1]);
}

/** Creates the activity through the activities screen, then opens its media plans. */
async function createActivity(ctx: JourneyContext, page: Page, accountId: number, name: string): Promise<number> {
  const { webUrl, log } = ctx;
  await page.goto(`${webUrl}/accounts/${accountId}/activities/list`);
  const create = page.getByTestId('create-activity');
  await create.waitFor();
  await create.click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="Name"]').fill(name);
  // Dates in the UI's language (Hebrew here: day first), through the date picker.
  await typeDate(page, dialog, 'StartDate', '2026-12-01');
  await typeDate(page, dialog, 'EndDate', '2027-02-28');
  await dialog.locator('input[name="Budget"]').fill('40000');
  await dialog.locator('button[type="submit"]').click();
  await dialog.waitFor({ state: 'detached' });
  const row = page.locator('[data-testid="activity-row"]', { hasText: name });
  await row.waitFor();
  const id = Number(await row.getAttribute('data-activity-id'));
  log(`activity "${name}" (${id}) created through the activities screen`);
  await row.getByRole('link', { name }).click();
  await page.waitForURL(/\/mediaMix\/list/);
  return id;
}

const minorOf = async (page: Page, key: string) =>
  Number(await page.getByTestId(`total-${key}`).getAttribute('data-minor'));
const lineRows = (page: Page) => page.locator('[data-testid="plan-line"]');

/** Types into a cell and leaves the row, then waits for the row's save (SaveMediaChannel) to finish. */
async function editCell(page: Page, lineId: string, field: string, value: string): Promise<void> {
  const row = page.locator(`[data-line-id="${lineId}"]`);
  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith('/AccountsService/SaveMediaChannel') &&
      r.request().postDataJSON()?.mediaChannel?.ID === Number(lineId),
  );
  await row.locator(`[name="${field}"]`).fill(value);
  await page.getByTestId('activity-name').click(); // focus leaves the row: it saves
  const res = await saved;
  check(res.ok(), `SaveMediaChannel of line ${lineId} answered ${res.status()}`);
  await page.waitForFunction(
    (id) => !document.querySelector(`[data-line-id="${id}"]`)?.className.match(/dirty|saving|failed/),
    lineId,
  );
}

/**
 * The plan's card fits the screen: at 1280 px the page does not scroll sideways and what
 * is in the card (the empty state, the plan-name field) is inside it; at 1024 px the grid scrolls
 * sideways inside its card, which stays as wide as the screen allows. Screenshots of both.
 */
async function checkPlanFits(page: Page, label: string): Promise<void> {
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForFunction((w) => document.documentElement.clientWidth === w, width);
    const m = await page.evaluate(() => {
      const card = document.querySelector('[data-testid="plan-editor"]')?.parentElement as HTMLElement;
      const scroller = document.querySelector('[data-testid="plan-grid-scroll"]') as HTMLElement;
      const box = card.getBoundingClientRect();
      const inCard = [
        document.querySelector('[data-testid="plan-empty"]'),
        document.querySelector('input[name="mixName"]'),
      ]
        .filter((e) => e !== null)
        .map((e) => e.getBoundingClientRect())
        .every((r) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.width > 0);
      const before = scroller.scrollLeft;
      scroller.scrollLeft += document.documentElement.dir === 'rtl' ? -200 : 200;
      const moved = scroller.scrollLeft !== before;
      scroller.scrollLeft = before;
      return {
        page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
        card: [card.scrollWidth, card.clientWidth, Math.round(box.left), Math.round(box.right)],
        scroller: [scroller.scrollWidth, scroller.clientWidth],
        inCard,
        moved,
      };
    });
    const at = `${label} at ${width} px`;
    check(m.page[0] <= m.page[1], `${at}: the page does not scroll sideways (${m.page.join(' > ')})`);
    check(m.card[0] <= m.card[1] && m.card[3] <= width, `${at}: the card fits the screen (${m.card.join(', ')})`);
    check(m.inCard, `${at}: the empty state and the plan-name field are inside the card`);
    check(
      m.scroller[0] > m.scroller[1] && m.moved,
      `${at}: the grid scrolls sideways inside its card (${m.scroller.join(' in ')})`,
    );
    await page.screenshot({ path: screenshotPath(`media-plan-${label}-${width}`) });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/**
 * A notification of the bell that names `text`: notifications come from the table's
 * change stream, a moment after the change, so the bell (which reads again when clicked) is asked
 * until one arrives.
 */
async function notificationNamed(page: Page, text: string, timeoutMs = 30_000): Promise<Locator> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.getByTestId('notifications-bell').click();
    const item = page.getByTestId('notification').filter({ hasText: text }).first();
    try {
      await item.waitFor({ timeout: 2_000 });
      return item;
    } catch {
      await page.keyboard.press('Escape');
      if (Date.now() > deadline) throw new Error(`no notification naming "${text}" within ${timeoutMs} ms`);
      await page.waitForTimeout(1_000);
    }
  }
}

const journey: Journey = {
  name: 'media-plan',
  async run(ctx) {
    const { newPage, webUrl, log } = ctx;
    const templateName = await ensureTemplate(ctx);

    // 1. The planner: activity, plan, template, two line edits, submit.
    const planner = await newPage();
    await signInAndLand(planner, webUrl, PLANNER, /\/dashboard\/default$/);
    const accountId = await openHadar(planner, webUrl);
    const activityName = `Winter push ${Date.now() % 100000}`;
    await createActivity(ctx, planner, accountId, activityName);
    await planner.getByTestId('create-plan').click();
    await planner.getByTestId('plan-editor').waitFor();
    await planner.getByTestId('plan-empty').waitFor();
    await checkPlanFits(planner, 'empty-he');

    await planner.getByTestId('apply-template').click();
    const dialog = planner.getByRole('dialog');
    await chooseOption(planner, dialog.getByRole('combobox'), new RegExp(templateName.replace(/[+]/g, '\\+')));
    await dialog.locator('input[name="totalBudget"]').fill('30000');
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'detached' });
    await lineRows(planner).first().waitFor();
    const ids = await lineRows(planner).evaluateAll((rows) =>
      rows.map((r) => r.getAttribute('data-line-id') as string),
    );
    check(ids.length >= 2, `the template added lines (${ids.length})`);
    check(
      (await minorOf(planner, 'net')) === 3_000_000,
      `the template spread 30,000.00 over its lines (net ${await minorOf(planner, 'net')})`,
    );
    log(`template applied: ${ids.length} lines`);

    // The screen in both languages: Hebrew (the company's default, right to left), then English.
    check((await planner.getByTestId('add-line').innerText()) === 'הוספת שורה', 'the editor speaks Hebrew');
    check((await planner.evaluate(() => document.documentElement.dir)) === 'rtl', 'Hebrew reads right to left');
    await chooseLanguage(planner, 'en');
    await planner.getByTestId('add-line').filter({ hasText: 'Add line' }).waitFor();
    check((await planner.evaluate(() => document.documentElement.dir)) === 'ltr', 'English reads left to right');
    check(
      (await planner.getByTestId('plan-totals').getByText('Net media').count()) === 1,
      'the totals are labelled in English',
    );
    await checkPlanFits(planner, 'lines-en');

    await editCell(planner, ids[0], 'Budget', '20000');
    await editCell(planner, ids[1], 'ImageCreatives', '6');
    await editCell(planner, ids[1], 'Name', 'Social - winter reach');
    const net = await minorOf(planner, 'net');
    check(net > 3_000_000, `the edited budget shows in the footer (net ${net})`);
    const plannerTotal = await minorOf(planner, 'total');

    await planner.getByTestId('submit-plan').click();
    await planner.locator('[data-testid="plan-editor"][data-status="2"]').waitFor();
    const planUrl = planner.url();
    const versionId = Number(await planner.getByTestId('plan-editor').getAttribute('data-mix-id'));
    log(`submitted version ${versionId}; total ${plannerTotal / 100}`);
    check(/[?&]version=\d+/.test(planUrl), `the plan URL names its version (${planUrl})`);

    // 2. The approver finds it through the bell and approves it.
    const approver = await newPage();
    await signInAndLand(approver, webUrl, APPROVER, /\/accounts\/list$/);
    await (await notificationNamed(approver, activityName)).click();
    await approver.locator(`[data-testid="plan-editor"][data-mix-id="${versionId}"][data-status="2"]`).waitFor();
    check(
      new URL(approver.url()).pathname === new URL(planUrl).pathname,
      `the notification opens the submitted plan (${approver.url()})`,
    );
    await approver.getByTestId('approve-plan').click();
    await approver
      .getByRole('dialog')
      .getByRole('button', { name: /Approve|אישור/ })
      .click();
    await approver.locator('[data-testid="plan-editor"][data-status="3"]').waitFor();
    check(
      (await approver.locator('[data-testid="plan-grid"] input').count()) === 0,
      'an approved version has no inputs',
    );
    log('approved');

    // 3. The client: read only, export, sign-off.
    const client = await newPage();
    await signInAndLand(client, webUrl, CLIENT, /\/accounts\/list$/);
    await client.goto(
      `${webUrl}/accounts/${accountId}/activities/${new URL(planUrl).pathname.split('/')[4]}/mediaMix/list`,
    );
    await client.locator(`[data-testid="plan-editor"][data-mix-id="${versionId}"][data-status="3"]`).waitFor();
    check(
      (await client.locator('[data-testid="plan-grid"]').getAttribute('data-editable')) === 'false',
      'the client sees the plan read only',
    );
    check(
      (await client.locator('[data-testid="plan-grid"] input, [data-testid="plan-grid"] select').count()) === 0,
      'no inputs for the client',
    );
    check(
      (await client.getByTestId('add-line').count()) === 0 && (await client.getByTestId('submit-plan').count()) === 0,
      'no planner actions for the client',
    );
    const rows = await lineRows(client).count();
    check(rows === ids.length, `the client sees every line (${rows})`);
    check(
      (await client.locator('[data-line-id]', { hasText: 'Social - winter reach' }).count()) === 1,
      'the edited line name is shown',
    );
    const shown: Record<string, number> = {};
    for (const k of [
      'net',
      'managementFee',
      'systemFee',
      'creativeFee',
      'setupFee',
      'subtotal',
      'vat',
      'total',
      'converted',
    ])
      shown[k] = await minorOf(client, k);
    check(
      shown.total === plannerTotal,
      `the approved total is what the planner submitted (${shown.total} vs ${plannerTotal})`,
    );

    const [download] = await Promise.all([client.waitForEvent('download'), client.getByTestId('export-plan').click()]);
    const file = await download.path();
    check(file, 'the export was downloaded');
    check(/\.xlsx$/.test(download.suggestedFilename()), `an .xlsx file (${download.suggestedFilename()})`);
    // The client works in Hebrew (the company's default): the export is the Hebrew file,
    // its labels the server's Hebrew catalogue, its sheet right to left, its dates real dates.
    const he = EXPORT_LABELS.he;
    const sheet = (await readSheet(file)) as Sheet;
    const cell = (label: string) => sheet.find((r) => r[0] === label)?.[1];
    const labels: Record<string, string> = {
      net: he.net,
      managementFee: he.managementFee,
      systemFee: he.systemFee,
      creativeFee: he.creativeFee,
      setupFee: he.setupFee,
      subtotal: he.subtotal,
      vat: he.vat,
      total: he.total,
      converted: he.converted,
    };
    for (const [k, label] of Object.entries(labels)) {
      const v = cell(label);
      check(
        typeof v === 'number' && Math.round(v * 100) === shown[k],
        `Excel "${label}" ${v} equals the screen's ${shown[k] / 100}`,
      );
    }
    check(
      sheet.find((r) => r[0] === he.status)?.[1] === he.statuses[VersionStatus.Approved],
      'the sheet says Approved, in Hebrew',
    );
    const parts = xlsxParts(readFileSync(file));
    check(/rightToLeft="1"/.test(parts.get('xl/worksheets/sheet1.xml') ?? ''), 'the Hebrew sheet reads right to left');
    const header = sheet.findIndex((r) => r[0] === he.columns.channel);
    const sheetLines = sheet.slice(header + 1).findIndex((r) => r.every((c) => c === null || c === ''));
    check(header > 0 && sheetLines === rows, `the sheet lists the ${rows} lines (${sheetLines})`);
    check(
      sheet.slice(header + 1, header + 1 + rows).every((r) => r[2] instanceof Date),
      'line start dates are Excel dates',
    );
    log(
      `export "${download.suggestedFilename()}": ${sheetLines} lines; every total equals the screen's (total ${shown.total / 100}, converted ${shown.converted / 100})`,
    );

    await client.getByTestId('client-sign-off').click();
    await client
      .getByRole('dialog')
      .getByRole('button', { name: /Sign off|אישור הלקוח/ })
      .click();
    await client.getByTestId('client-signed-off').first().waitFor();
    check((await client.getByTestId('client-sign-off').count()) === 0, 'a signed-off plan cannot be signed off again');
    log('signed off by the client');

    // 4. The planner hears of both: the approval and the client's sign-off, in English.
    const approved = await notificationNamed(planner, `approved version`);
    check((await approved.innerText()).includes(activityName), 'the planner is told of the approval');
    await planner.keyboard.press('Escape');
    const signedOff = await notificationNamed(planner, `signed off version`);
    const signedText = await signedOff.innerText();
    check(
      signedText.includes(activityName) && !signedText.includes('@'),
      `the planner is told of the client's sign-off, by name (${signedText.split('\n')[0]})`,
    );
    log('the planner was notified of the approval and the sign-off');
    return client;
  },
};
export default journey;
