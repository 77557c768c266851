import type { Page } from 'playwright-core';
import { campaignsOf, metricsOf } from '../../local/fakes/google-ads-data';
import { GOOGLE_ADS_DEMO } from '../../local/fakes/google-ads-server';
import { addDaysTo } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { CSV_INLINE_MAX_ROWS, CSV_TEMPLATE_HEADER } from '../../lambdas/shared/connectors';
import { DEFAULT_SYNC_SETTINGS, syncWindow } from '../../lambdas/modules/connectors/sync/sync-window';
import { check, screenshotPath, type Journey } from './harness';
import { apiCall, apiToken, chooseLanguage, chooseOption, expectText, signInAndLand } from './steps';

/**
 * Connectors in real Chromium against the local stack and its Google Ads fake: the
 * demo Admin sees the seeded connections' health (the one whose Google sign-in expired: No access,
 * with Google's reason), adds a Google Ads connection with a refresh token (the dialog's credential
 * fields are password inputs), tests it (OK, with the ad accounts it sees), and links TechNova to
 * the US ad account from the account's connectors page. Then it presses Sync now,
 * waits for the sync to finish (Last sync), opens Campaigns, filters Google Ads' unmapped campaigns,
 * maps one of the US account's to a TechNova plan line with the line picker (checked once in Hebrew),
 * and sees the campaign's actuals on the line: the spend equals the fake's figures for that campaign
 * over the days the first sync reads (computed from local/fakes/google-ads-data.ts). Last, a CSV
 * upload connection linked to TechNova takes a file over the import call's row threshold: the dialog
 * shows the job's progress, then the file's summary.
 */
const ADMIN = 'admin@demo.mixdesk.test';
const NAME = 'Google Ads — journey';
const US = GOOGLE_ADS_DEMO.customers[1];

/** The US campaign the journey maps: the first (by name) that delivered in the first sync's window, and its spend there. */
function campaignToMap(): { name: string; spend: number } {
  const { from, to } = syncWindow(todayIn(US.timeZone), undefined, DEFAULT_SYNC_SETTINGS);
  const spends = campaignsOf(US.id).map((c) => {
    let micros = 0;
    for (let day = from; day <= to; day = addDaysTo(day, 1)) micros += metricsOf(US.id, c, day)?.costMicros ?? 0;
    return { name: c.name, spend: micros / 1e6 };
  });
  const delivered = spends.filter((c) => c.spend > 0).sort((a, b) => a.name.localeCompare(b.name));
  check(delivered.length > 0, 'the fake US account delivered in the sync window');
  return delivered[0];
}

/** Opens the line picker on a campaign row and types into its search. */
async function openPicker(page: Page, row: ReturnType<Page['getByTestId']>, search: string) {
  await row.getByTestId('map-campaign').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('line-search').fill(search);
  await page.getByTestId('line-option').first().waitFor();
  return dialog;
}

const journey: Journey = {
  name: 'connectors',
  async run({ newPage, webUrl, stack, log, audit }) {
    const page = await newPage();
    await signInAndLand(page, webUrl, ADMIN, /\/(accounts\/list|user\/account-profile\/profile2)$/);
    await chooseLanguage(page, 'en');

    await page.goto(`${webUrl}/agentSettings/connectors/list`);
    const expired = page.getByTestId('agent-connector-row').filter({ hasText: 'Google Ads — old sign-in' });
    await expired.waitFor({ timeout: 15_000 });
    check(
      (await expired.getByTestId('agent-status').innerText()) === 'No access',
      'the expired sign-in shows No access',
    );
    check(
      /expired|revoked|reconnect/i.test(await expired.getByTestId('agent-error').innerText()),
      "the expired connection shows Google's reason",
    );

    await page.getByTestId('create-agent-connector').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="Name"]').fill(NAME);
    check(
      (await dialog.getByTestId('credential-refreshToken').getAttribute('type')) === 'password',
      'the refresh token is typed into a password field',
    );
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
    const accounts = await apiCall<{ Items: { ID: number; Name: string }[] }>(
      stack.apiUrl,
      token,
      'AccountsService/GetAccountsList',
      { mainAccountId: -1 },
    );
    const techNova = accounts.Items.find((a) => a.Name === 'TechNova');
    check(!!techNova, 'the demo account TechNova exists');
    await page.goto(`${webUrl}/accounts/${techNova!.ID}/connectors/list`);
    await page.getByTestId('create-account-connector').click();
    const link = page.getByRole('dialog');
    await chooseOption(page, link.getByRole('combobox').first(), NAME);
    await link.getByRole('checkbox', { name: /2345678901/ }).check();
    await link.getByRole('button', { name: 'Save' }).click();
    await link.waitFor({ state: 'hidden' });
    // An admin may Sync now: the new link's ad account is synced at once, and the screen says so.
    await page.getByTestId('snackbar').filter({ hasText: 'A sync of the changed ad accounts has started' }).waitFor();
    const linked = page.getByTestId('account-connector-row').filter({ hasText: NAME });
    await linked.waitFor();
    check((await linked.innerText()).includes('2345678901'), 'TechNova is linked to the US ad account');
    await page.screenshot({ path: screenshotPath('connectors-account'), fullPage: true });

    // A TechNova plan line to map to (a Draft: with no approved version, the picker offers the latest).
    const today = todayIn(US.timeZone);
    const accountId = techNova!.ID;
    const activity = await apiCall<{ ID: number }>(
      stack.apiUrl,
      token,
      'ActivitiesService/SaveActivity',
      {
        activity: {
          ID: 0,
          AccountId: accountId,
          Name: 'TechNova US always-on',
          StartDate: addDaysTo(today, -120),
          EndDate: addDaysTo(today, 60),
          Budget: 90000,
        },
      },
      accountId,
    );
    const version = await apiCall<{ ID: number }>(
      stack.apiUrl,
      token,
      'MediaMixService/SaveMediaMix',
      { mediaMix: { ID: 0, ActivityId: activity.ID, Name: 'US plan' } },
      accountId,
    );
    const types = await apiCall<{ Items: { ID: number; Active: boolean }[] }>(
      stack.apiUrl,
      token,
      'AccountsService/InitAccountChannelTypes',
      { reload: false },
      accountId,
    );
    const line = await apiCall<{ ID: number }>(
      stack.apiUrl,
      token,
      'AccountsService/SaveMediaChannel',
      {
        mediaChannel: {
          ID: 0,
          MediaMixId: version.ID,
          AccountChannelTypeId: types.Items.find((t) => t.Active)!.ID,
          Name: 'US search — journey',
          StartDate: addDaysTo(today, -120),
          EndDate: addDaysTo(today, 60),
          BuyType: 'CPC',
          UnitCost: 2,
          Budget: 60000,
          ImageCreatives: 0,
          VideoCreatives: 0,
        },
      },
      accountId,
    );
    const before = await apiCall<{ Items: { Totals: unknown[] }[] }>(
      stack.apiUrl,
      token,
      'ConnectorsService/GetLineActuals',
      { lineIds: [line.ID] },
      accountId,
    );
    check(before.Items[0].Totals.length === 0, 'the new line has no actuals before the mapping');

    // The link's sync finishes (Last sync is stamped; the list is read again until then).
    await page.goto(`${webUrl}/agentSettings/connectors/list`);
    await expect90s(async () => {
      await page.reload();
      await row.getByTestId('agent-last-sync').filter({ hasNotText: '—' }).waitFor({ timeout: 5_000 });
    });
    // The old sign-in's test warns (never a green success).
    const oldSignIn = page.getByTestId('agent-connector-row').filter({ hasText: 'old sign-in' });
    await oldSignIn.getByTestId('test-connection').click();
    await page.locator('[data-testid="snackbar"] .MuiAlert-colorWarning').waitFor();

    // Campaigns: Google Ads, unmapped; the US campaign to map.
    const target = campaignToMap();
    log(`mapping "${target.name}" of ${US.id} (spend ${target.spend} ${US.currency}) to line ${line.ID}`);
    await page.goto(`${webUrl}/campaigns/list`);
    await page.getByTestId('platform-filter').selectOption('google_ads');
    await page.getByTestId('mapped-filter').selectOption('no');
    const campaignRow = page.getByTestId('campaign-row').filter({ hasText: US.id }).filter({ hasText: target.name });
    await campaignRow.waitFor({ timeout: 15_000 });
    check(
      (await campaignRow.getByTestId('campaign-mapping').innerText()) === 'Unmapped',
      'the synced campaign is unmapped',
    );

    // The picker once in Hebrew (right to left), then mapped in English.
    await chooseLanguage(page, 'he');
    let picker = await openPicker(page, campaignRow, 'US search');
    check((await page.evaluate(() => document.dir)) === 'rtl', 'Hebrew is right to left');
    check((await picker.locator('#line-picker-title').innerText()).startsWith('מיפוי'), 'the picker speaks Hebrew');
    // (i18next isolates what it interpolates: U+2066-U+2069 are left out of the comparison.)
    const hebrewOption = (await page.getByTestId('line-option').first().innerText()).replace(/[\u2066-\u2069]/g, '');
    check(hebrewOption.includes('גרסה 1 · טיוטה'), `a line says its version and status in Hebrew (${hebrewOption})`);
    await page.keyboard.press('Escape'); // closes the list of lines
    await picker.getByRole('button', { name: 'ביטול' }).click();
    await picker.waitFor({ state: 'hidden' });
    await chooseLanguage(page, 'en');

    picker = await openPicker(page, campaignRow, 'US search');
    const options = page.getByTestId('line-option');
    check((await options.count()) === 1, 'the search finds the one TechNova line');
    check(
      ((await page.getByRole('listbox').textContent()) ?? '').includes('TechNova US always-on'),
      'the line is listed under its activity',
    );
    // Audited with its list of lines open, whenever the dialog's own audit ran: a group of options
    // must be a group (ARIA), not a plain list inside the listbox.
    await audit(page, 'the line picker with its grouped lines open');
    await page.keyboard.press('Enter');
    check(
      (await picker.getByTestId('picked-line').innerText()).includes(`US search — journey #${line.ID}`),
      'the line is chosen with the keyboard',
    );
    await page.screenshot({ path: screenshotPath('connectors-line-picker'), fullPage: true });
    await picker.getByRole('button', { name: 'Save' }).click();
    await picker.waitFor({ state: 'hidden' });

    // Mapped: the campaign's actuals are on the line.
    await page.getByTestId('mapped-filter').selectOption('yes');
    await campaignRow.waitFor();
    check(
      (await campaignRow.getByTestId('campaign-mapping').innerText()).includes(
        `US search — journey #${line.ID} · chosen`,
      ),
      'the campaign maps to the chosen line',
    );
    check(
      (await campaignRow.getByTestId('campaign-client').innerText()) === 'TechNova',
      'the campaign says its client',
    );
    const spend = campaignRow.locator(
      `[data-testid="campaign-actuals-total"][data-currency="${US.currency}"] [data-testid="campaign-actuals-spend"]`,
    );
    await spend.waitFor({ timeout: 15_000 });
    const expected = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: US.currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(target.spend);
    const shown = await spend.innerText();
    check(shown === expected, `the row shows the campaign's own spend ${expected} (${shown})`);
    await page.screenshot({ path: screenshotPath('connectors-campaign-actuals'), fullPage: true });

    await importLargeCsv(page, webUrl, stack.apiUrl, token, accountId);
    return page;
  },
};

/** A CSV file over the import call's row threshold, through the dialog: the job's progress, then its summary. */
async function importLargeCsv(page: Page, webUrl: string, apiUrl: string, token: string, accountId: number) {
  const stamp = Date.now().toString(36);
  const name = `CSV — journey ${stamp}`;
  const adAccount = `csv-journey-${stamp}`;
  const agent = await apiCall<{ ID: number }>(apiUrl, token, 'ConnectorsService/SaveAgentConnector', {
    agentConnector: { ID: 0, ConnectorId: 4, Name: name },
  });
  await apiCall(
    apiUrl,
    token,
    'ConnectorsService/SaveAccountConnector',
    {
      accountConnector: {
        ID: 0,
        AccountId: accountId,
        AgentConnectorId: agent.ID,
        ExternalAccountIds: [adAccount],
        NamingRule: '',
      },
    },
    accountId,
  );
  const rows = CSV_INLINE_MAX_ROWS + 1;
  const lines = [CSV_TEMPLATE_HEADER];
  for (let i = 0; i < rows; i++)
    lines.push(
      `2026-05-${String((i % 31) + 1).padStart(2, '0')},other,${adAccount},j${Math.floor(i / 31)},Journey ${Math.floor(i / 31)},100,1,2.5,ILS,0,0,0`,
    );
  const total = rows.toLocaleString('en-US');

  await page.goto(`${webUrl}/agentSettings/connectors/list`);
  await page.getByTestId('agent-connector-row').filter({ hasText: name }).getByTestId('upload-csv').click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByTestId('csv-upload-file')
    .setInputFiles({ name: 'journey.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  // Handed to the job (202): the dialog shows its run's rows as it reads it again every second.
  await dialog
    .getByTestId('csv-upload-progress')
    .filter({ hasText: new RegExp(`Importing… [\\d,]+ of ${total} rows`) })
    .waitFor({ timeout: 60_000 });
  const summary = dialog.getByTestId('csv-upload-summary');
  await summary.waitFor({ timeout: 120_000 });
  const text = await summary.innerText();
  check(
    text.includes('journey.csv was imported') && text.includes(`${total} rows (${total} new or changed)`),
    `the job's end shows the file's summary (${text})`,
  );
  await page.screenshot({ path: screenshotPath('connectors-csv-job'), fullPage: true });
  await dialog.getByTestId('csv-upload-close').click();
}

/** Retries `step` (each try bounded by its own waits) for up to 90 s: the sync runs in the stack's process. */
async function expect90s(step: () => Promise<void>): Promise<void> {
  const until = Date.now() + 90_000;
  for (;;) {
    try {
      return await step();
    } catch (err) {
      if (Date.now() > until) throw err;
    }
  }
}

export default journey;
