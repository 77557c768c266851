import type { Locator, Page } from 'playwright-core';
import { check, DEMO_PASSWORD } from './harness';

/**
 * Steps shared by the journeys. Selectors use names and roles the user sees, or the `name` attribute
 * of form fields, so a journey reads like what a person does.
 */
export async function signIn(page: Page, webUrl: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${webUrl}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** Signs in and waits until the console left /login (the landing page depends on MFA). */
export async function signInAndLand(page: Page, webUrl: string, email: string, expectedPath: RegExp): Promise<void> {
  await signIn(page, webUrl, email);
  await page.waitForURL(expectedPath, { timeout: 20_000 });
}

/** Chooses a language from the top-bar language menu. */
/**
 * Picks a language from the menu and waits for the shell's own strings to be in it: <html lang> turns
 * first, the labels when the language's catalogue is in and React has drawn them again.
 */
export async function chooseLanguage(page: Page, locale: 'he' | 'en'): Promise<void> {
  const button = page.getByTestId('language-menu-button');
  const before = await button.getAttribute('aria-label');
  const already = (await page.evaluate(() => document.documentElement.lang)) === locale;
  await button.click();
  await page.locator(`[role="menuitem"][lang="${locale}"]`).click();
  await page.waitForFunction((l) => document.documentElement.lang === l, locale);
  if (!already) {
    await page.waitForFunction(
      (label) => document.querySelector('[data-testid="language-menu-button"]')?.getAttribute('aria-label') !== label,
      before,
    );
  }
}

/**
 * Picks an option of a MUI select (its menu over the page): the menu opened, the option clicked,
 * then the menu gone and the field showing the choice. On a loaded machine a click can come while the
 * menu is still growing in and miss its option (the menu stays open, the page under it hidden); the
 * choice is then made again, at most three times.
 */
export async function chooseOption(page: Page, field: Locator, name: string | RegExp): Promise<void> {
  const menu = page.getByRole('listbox');
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (!(await menu.isVisible())) await field.click();
    await page.getByRole('option', { name, exact: true }).click();
    const closed = await menu
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    const shown = closed ? (await field.innerText()).trim() : '';
    if (closed && (typeof name === 'string' ? shown === name : name.test(shown))) return;
  }
  check(false, `the option ${String(name)} was chosen (the field shows "${await field.innerText().catch(() => '?')}")`);
}

/** Waits for the screen's title to read `text` (a feature's strings can arrive after the shell's). */
export async function expectTitle(page: Page, text: string): Promise<void> {
  const title = page.getByTestId('screen-title');
  try {
    await page.waitForFunction(
      (t) => (document.querySelector('[data-testid="screen-title"]') as HTMLElement | null)?.innerText.trim() === t,
      text,
      { timeout: 10_000 },
    );
  } catch {
    check(false, `the title reads "${text}" (it reads "${await title.innerText().catch(() => '')}")`);
  }
}

/** Signs in (landing page by MFA), in English, and opens Reports on last month (period 4) from the menu. */
export async function openLastMonthReport(page: Page, webUrl: string, email: string): Promise<void> {
  await signInAndLand(page, webUrl, email, /\/(accounts\/list|dashboard\/default|user\/account-profile\/profile2)$/);
  await chooseLanguage(page, 'en');
  await page.locator('[data-menu-id="reports"]').click();
  await page.waitForURL(/\/performance\/list/);
  await page.getByTestId('report-period').selectOption('4');
  await page.waitForURL((u) => u.searchParams.get('period') === '4');
}

/**
 * Types a date (YYYY-MM-DD) into a date input as a person does: in the UI's language, day first in
 * Hebrew (31.12.2026), month first in English, section by section; checks what the field then shows.
 */
export async function typeDate(page: Page, scope: Locator, name: string, iso: string): Promise<void> {
  const [y, m, d] = iso.split('-');
  const hebrew = (await page.evaluate(() => document.documentElement.lang)) === 'he';
  const field = scope.locator('.MuiFormControl-root', { has: page.locator(`input[name="${name}"]`) });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(hebrew ? `${d}${m}${y}` : `${m}${d}${y}`);
  const expected = hebrew ? `${d}.${m}.${y}` : `${m}/${d}/${y}`;
  const shown = await field.locator(`input[name="${name}"]`).inputValue();
  check(shown === expected, `the ${name} field shows ${expected} (${shown})`);
}

export async function gotoInApp(page: Page, webUrl: string, pathname: string): Promise<void> {
  await page.goto(`${webUrl}${pathname}`);
}

export async function accountNames(page: Page): Promise<string[]> {
  await page.getByTestId('account-row').first().waitFor();
  return page.locator('[data-testid="account-row"] td:nth-child(2)').allInnerTexts();
}

export async function expectText(page: Page, text: string | RegExp): Promise<void> {
  try {
    await page.getByText(text).first().waitFor({ timeout: 10_000 });
  } catch {
    check(false, `expected to see ${String(text)} on ${page.url()}`);
  }
}

/** A Cognito access token of a demo user (for the API calls a journey makes outside the browser). */
export async function apiToken(
  stack: { cognitoEndpoint: string; clientId: string },
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await fetch(stack.cognitoEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const out = (await res.json()) as { AuthenticationResult?: { AccessToken?: string }; message?: string };
  const token = out.AuthenticationResult?.AccessToken;
  check(token, `could not sign in ${email} through Cognito: ${out.message ?? res.status}`);
  return token;
}

/** POST {apiUrl}/{Service}/{Method} as a user; returns Response, throws with the server's message. */
export async function apiCall<T = any>(
  apiUrl: string,
  token: string,
  route: string,
  body: unknown,
  accountId?: number,
): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  if (accountId !== undefined) headers['x-account-id'] = String(accountId);
  const res = await fetch(`${apiUrl}/${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await res.json()) as { Success: boolean; Response: T; ErrorMessage?: string };
  if (!json.Success) throw new Error(`${route} answered ${res.status}: ${json.ErrorMessage}`);
  return json.Response;
}

/** A demo plan found through the API as `token`'s user sees it: its account, activity and versions (newest first as listed). */
export interface DemoPlan {
  account: { ID: number; Name: string };
  activity: { ID: number; Name: string };
  versions: { ID: number; Version: number; Status: number }[];
}

/** The demo's "Hadar always-on" plan of Hadar Insurance (local/demo-media-plan.ts), read as the given user. */
export async function findDemoPlan(
  apiUrl: string,
  token: string,
  accountName = 'Hadar Insurance',
  activityName = 'Hadar always-on',
): Promise<DemoPlan> {
  const accounts = await apiCall<{ Items: { ID: number; Name: string }[] }>(
    apiUrl,
    token,
    'AccountsService/GetAccountsList',
    { mainAccountId: -1, pageSize: 100 },
  );
  const account = accounts.Items.find((a) => a.Name === accountName);
  if (!account) throw new Error(`the demo has no account ${accountName} visible to this user`);
  const activities = await apiCall<{ Items: { ID: number; Name: string }[] }>(
    apiUrl,
    token,
    'ActivitiesService/GetActivitiesList',
    { accountId: account.ID, pageSize: 100 },
    account.ID,
  );
  const activity = activities.Items.find((a) => a.Name === activityName);
  if (!activity) throw new Error(`the demo has no activity ${activityName} in ${accountName}`);
  const versions = await apiCall<{ Items: { ID: number; Version: number; Status: number }[] }>(
    apiUrl,
    token,
    'MediaMixService/GetMediaMixList',
    { activityId: activity.ID },
    account.ID,
  );
  return { account, activity, versions: versions.Items };
}

/** A Draft plan made through the API for a journey to open, with its lines' stored budgets to read back. */
export interface DraftPlan {
  accountId: number;
  activityId: number;
  versionId: number;
  lines: number[];
  storedBudget: (lineId: number) => Promise<number | undefined>;
}

/**
 * A new activity of Hadar Insurance (Dec 2026 – Jan 2027, budget 30,000) with a Draft version of
 * `lines` lines (the account's first active channel types, budgets 5,000, 6,000, …), made as
 * `token`'s user: a journey edits a plan of its own, so the demo's plans stay as other journeys expect.
 */
export async function makeDraftPlan(
  apiUrl: string,
  token: string,
  names: { activity: string; plan: string },
  lines = 1,
): Promise<DraftPlan> {
  const call = <T>(route: string, body: unknown, accountId?: number) =>
    apiCall<T>(apiUrl, token, route, body, accountId);
  const accounts = await call<{ Items: { ID: number; Name: string }[] }>('AccountsService/GetAccountsList', {
    mainAccountId: -1,
  });
  const hadar = accounts.Items.find((a) => a.Name === 'Hadar Insurance');
  check(hadar, 'the demo account Hadar Insurance exists');
  const types = (
    await call<{ Items: { ID: number; Name: string; DefaultBuyType: string; Active: boolean }[] }>(
      'AccountsService/InitAccountChannelTypes',
      { reload: false },
      hadar.ID,
    )
  ).Items.filter((t) => t.Active);
  const dates = { StartDate: '2026-12-01', EndDate: '2027-01-31' };
  const activity = await call<{ ID: number }>(
    'ActivitiesService/SaveActivity',
    { activity: { ID: 0, AccountId: hadar.ID, Name: names.activity, ...dates, Budget: 30000 } },
    hadar.ID,
  );
  const version = await call<{ ID: number }>(
    'MediaMixService/SaveMediaMix',
    { mediaMix: { ID: 0, ActivityId: activity.ID, Name: names.plan } },
    hadar.ID,
  );
  const ids: number[] = [];
  for (const [i, type] of types.slice(0, lines).entries()) {
    const line = await call<{ ID: number }>(
      'AccountsService/SaveMediaChannel',
      {
        mediaChannel: {
          ID: 0,
          MediaMixId: version.ID,
          AccountChannelTypeId: type.ID,
          Name: type.Name,
          ...dates,
          BuyType: type.DefaultBuyType,
          UnitCost: 2,
          Budget: 5000 + i * 1000,
          ImageCreatives: 0,
          VideoCreatives: 0,
        },
      },
      hadar.ID,
    );
    ids.push(line.ID);
  }
  const storedBudget = async (lineId: number) => {
    const info = await call<{ Lines?: { ID: number; Budget: number }[] }>(
      'MediaMixService/GetMediaMixInfo',
      { mediaMixId: version.ID },
      hadar.ID,
    );
    return info.Lines?.find((l) => l.ID === lineId)?.Budget;
  };
  return { accountId: hadar.ID, activityId: activity.ID, versionId: version.ID, lines: ids, storedBudget };
}

/**
 * Holds the console's entry script until `release` is called: a kept first frame is then drawn
 * before the console, as on a slow machine, whatever this machine's speed. `done` lets it go.
 */
export async function holdConsoleEntry(page: Page): Promise<{ release: () => void; done: () => Promise<void> }> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const entry = /\/assets\/index-[\w-]+\.js$/;
  await page.route(entry, async (route) => {
    await held;
    await route.continue();
  });
  return { release, done: () => (release(), page.unroute(entry)) };
}
