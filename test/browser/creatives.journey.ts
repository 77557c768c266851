import type { Page } from 'playwright-core';
import { check, screenshotPath, type Journey } from './harness';
import { apiCall, apiToken, chooseLanguage, signInAndLand } from './steps';

/**
 * Creatives on a plan line, as a planner does it: on a Draft line of Hadar Insurance
 * (activity, plan and line made through the API with the planner's token), the creatives dialog
 * uploads an image and a video straight to the local S3 server, refuses an image over 1.5 MB with
 * the limit named, and the line's counts and the plan's creative fees follow (0.5 + 1.3).
 */
const PLANNER = 'planner@demo.mixdesk.test';

/** An 8×8 blue PNG: a browser draws it (what follows its IEND chunk is ignored). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000080000000808020000004b6d29dc0000001149444154789c635068788015310c2d090052f36001798ca34a0000000049454e44ae426082',
  'hex',
);

/** A file whose first bytes are what it claims (a real PNG, or an MP4 header), padded to `size`. */
function fileOf(kind: 'png' | 'mp4', size: number): Buffer {
  const b = Buffer.alloc(size, 0x20);
  const head =
    kind === 'png' ? PNG : Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2')]);
  head.copy(b);
  return b;
}

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await page.getByTestId('creatives-file').setInputFiles({ name, mimeType, buffer });
}

const minorOf = async (page: Page, key: string) =>
  Number(await page.getByTestId(`total-${key}`).getAttribute('data-minor'));

const journey: Journey = {
  name: 'creatives',
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
    const activity = await apiCall<{ ID: number }>(
      stack.apiUrl,
      token,
      'ActivitiesService/SaveActivity',
      {
        activity: {
          ID: 0,
          AccountId: accountId,
          Name: `Creatives flight ${Date.now() % 100000}`,
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
      { mediaMix: { ID: 0, ActivityId: activity.ID, Name: 'Creatives plan' } },
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
    log(`Draft line ${line.ID} of plan ${version.ID} on activity ${activity.ID}`);

    const page = await newPage();
    await signInAndLand(page, webUrl, PLANNER, /\/dashboard\/default$/);
    await chooseLanguage(page, 'en');
    await page.goto(`${webUrl}/accounts/${accountId}/activities/${activity.ID}/mediaMix/list?version=${version.ID}`);
    await page.getByTestId('plan-editor').waitFor();
    check((await minorOf(page, 'creativeFee')) === 0, 'no creative fee before any upload');

    await page.getByTestId(`creatives-${line.ID}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('creatives-empty').waitFor();
    await upload(page, 'banner.png', 'image/png', fileOf('png', 40_000));
    await dialog.locator('[data-testid="creative"][data-kind="image"]').waitFor();
    await upload(page, 'spot.mp4', 'video/mp4', fileOf('mp4', 200_000));
    await dialog.locator('[data-testid="creative"][data-kind="video"]').waitFor();
    log('an image and a video uploaded to the local S3 server and confirmed');
    // The thumbnail is drawn from its pre-signed URL (the local S3 server checks the signature).
    await page.waitForFunction(
      () => (document.querySelector('img[alt="banner.png"]') as HTMLImageElement | null)?.naturalWidth === 8,
    );
    const thumb = await dialog.getByAltText('banner.png').getAttribute('src');
    check(thumb?.includes('X-Amz-Signature='), `the thumbnail is a pre-signed URL (${thumb})`);

    // Over the limit: the API's 413, named in the user's language with the limit.
    await upload(page, 'poster.png', 'image/png', fileOf('png', 1_600_000));
    const refusal = await dialog.getByTestId('creatives-error').innerText();
    check(
      /poster\.png/.test(refusal) && refusal.includes('1.5 MB'),
      `an image over 1.5 MB is refused naming the limit ("${refusal}")`,
    );
    check((await dialog.locator('[data-testid="creative"]').count()) === 2, 'the refused file is not listed');

    check(
      await dialog.getByRole('button', { name: 'Upload image or video' }).isEnabled(),
      'another file may be uploaded after a refusal',
    );
    await page.screenshot({ path: screenshotPath('creatives-dialog') });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The line's counts and the creative fees follow: 0.50 + 1.30.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="total-creativeFee"]')?.getAttribute('data-minor') === '180',
    );
    const row = page.locator(`[data-line-id="${line.ID}"]`);
    check((await row.locator('[name="ImageCreatives"]').inputValue()) === '1', 'the line counts one image');
    check((await row.locator('[name="VideoCreatives"]').inputValue()) === '1', 'the line counts one video');
    check(
      (await minorOf(page, 'creativeFee')) === 180,
      `the plan's creative fee is 1.80 (${await minorOf(page, 'creativeFee')})`,
    );
    log('the line counts 1 image and 1 video; creative fees 1.80');
    return page;
  },
};

export default journey;
