import { check, screenshotPath, type Journey } from './harness';
import { apiCall, apiToken, chooseLanguage, signInAndLand } from './steps';

/**
 * A plan line follows its channel, as a planner does it: on a Draft line of Hadar
 * Insurance carrying its channel type's name and buy type, choosing another channel type in the grid
 * brings that type's name and default buy type (a Search line turned Video stops planning clicks),
 * the row says which fields followed, and the line saves by itself with them.
 */
const PLANNER = 'planner@demo.mixdesk.test';

interface TypeCopy {
  ID: number;
  Name: string;
  DefaultBuyType: string;
  ManagementFeePct: number;
  SystemFeePct: number;
  Active: boolean;
}

const journey: Journey = {
  name: 'channel-defaults',
  async run({ newPage, webUrl, stack, log }) {
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
    const types = (
      await apiCall<{ Items: TypeCopy[] }>(
        stack.apiUrl,
        token,
        'AccountsService/InitAccountChannelTypes',
        { reload: false },
        accountId,
      )
    ).Items.filter((t) => t.Active);
    const from = types[0];
    const to = types.find((t) => t.DefaultBuyType !== from.DefaultBuyType && t.Name !== from.Name);
    check(
      from && to,
      `two active channel types with different buy types (${types.map((t) => `${t.Name}:${t.DefaultBuyType}`).join(', ')})`,
    );

    const activity = await apiCall<{ ID: number }>(
      stack.apiUrl,
      token,
      'ActivitiesService/SaveActivity',
      {
        activity: {
          ID: 0,
          AccountId: accountId,
          Name: `Channel flight ${Date.now() % 100000}`,
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
      { mediaMix: { ID: 0, ActivityId: activity.ID, Name: 'Channel plan' } },
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
          AccountChannelTypeId: from.ID,
          Name: from.Name,
          StartDate: '2026-12-01',
          EndDate: '2027-01-31',
          BuyType: from.DefaultBuyType,
          UnitCost: 2,
          Budget: 5000,
          ImageCreatives: 0,
          VideoCreatives: 0,
        },
      },
      accountId,
    );
    log(`Draft line ${line.ID} on ${from.Name} (${from.DefaultBuyType})`);

    const page = await newPage();
    await signInAndLand(page, webUrl, PLANNER, /\/dashboard\/default$/);
    await chooseLanguage(page, 'en');
    await page.goto(`${webUrl}/accounts/${accountId}/activities/${activity.ID}/mediaMix/list?version=${version.ID}`);
    const row = page.locator(`[data-testid="plan-line"][data-line-id="${line.ID}"]`);
    await row.waitFor();

    await row.locator('select[name="AccountChannelTypeId"]').selectOption(String(to.ID));
    check(
      (await row.locator('select[name="BuyType"]').inputValue()) === to.DefaultBuyType,
      `the buy type follows the channel (${to.DefaultBuyType})`,
    );
    check(
      (await row.locator('input[name="Name"]').inputValue()) === to.Name,
      `the line takes the channel's name (${to.Name})`,
    );
    const note = await page.getByTestId('line-channel-note').innerText();
    check(/name/i.test(note) && /buy type/i.test(note), `the row says what followed ("${note}")`);
    await page.screenshot({ path: screenshotPath('channel-defaults') });

    // Saved by itself, with the channel's values.
    const saved = async () => {
      const info = await apiCall<{
        Lines?: { ID: number; AccountChannelTypeId: number; BuyType: string; Name: string }[];
      }>(stack.apiUrl, token, 'MediaMixService/GetMediaMixInfo', { mediaMixId: version.ID }, accountId);
      return info.Lines?.find((l) => l.ID === line.ID);
    };
    const deadline = Date.now() + 15_000;
    let stored = await saved();
    while ((!stored || stored.AccountChannelTypeId !== to.ID) && Date.now() < deadline) {
      await page.waitForTimeout(500);
      stored = await saved();
    }
    check(
      stored &&
        stored.AccountChannelTypeId === to.ID &&
        stored.BuyType === to.DefaultBuyType &&
        stored.Name === to.Name,
      `the line is stored on ${to.Name}, ${to.DefaultBuyType} (${JSON.stringify(stored)})`,
    );
    log(`line ${line.ID}: ${from.Name}/${from.DefaultBuyType} → ${to.Name}/${to.DefaultBuyType}, saved`);
    return page;
  },
};
export default journey;
