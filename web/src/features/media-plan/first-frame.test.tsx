/** @jest-environment jsdom */
import '../../testing/polyfills';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { VersionStatus } from '@server/shared/version-status';
import { chooseLocale } from '../../lib/display/settings-store';
import { drawFrame } from '../../lib/first-frame/draw';
import { captureFrame } from '../../lib/first-frame/keep';
import type { KeptFrame } from '../../lib/first-frame/kept-frame';
import { takeTyped } from '../../lib/first-frame/typed';
import { setLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { BUILD_ID } from '../../lib/version';
import { callsTo, mockApi, ok, PROFILES, signInAs } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { setUpScreenTests } from '../../testing/screen-tests';
import { prefetchPlan } from './api/plan-queries';
import { MediaPlanScreen } from './components/media-plan-screen';
import { LINE_FIELDS } from './model/line-form';
import { planFrame } from './first-frame';
import { EXAMPLE_LINES, line, planReads, versionInfo } from './testing/plan-fixtures';

// The worked example, a line on a channel type the account no longer offers, one with notes and a long budget.
const LINES = [
  ...EXAMPLE_LINES,
  line({
    ID: 203,
    AccountChannelTypeId: 999,
    ChannelTypeName: 'Old TV',
    Budget: 1234,
    ManagementFeePct: 10,
    SystemFeePct: 1,
  }),
  line({
    ID: 204,
    Budget: 123456.78,
    ManagementFeePct: 7.25,
    SystemFeePct: 0,
    Notes: 'Keep <b>as text</b>',
    UnitCost: 0.125,
  }),
];
const PLAN = '/accounts/1/activities/5/mediaMix/list';

setUpScreenTests({ quiet: true });

function planApi(info = versionInfo({}, LINES)) {
  return mockApi({
    ...planReads(info),
    'VendorsService/GetVendorsList': () => ok({ Items: [], NextToken: null }),
    'AccountsService/SaveMediaChannel': (body) => ok({ ...(body.mediaChannel as object), version: 9, Kpis: {} }),
  });
}

/** The editor of the newest version as it opens, its lines editable, kept as the next visit's frame. */
async function openAndKeep(locale: string): Promise<KeptFrame> {
  document.body.replaceChildren();
  renderWithProviders(<MediaPlanScreen accountId={1} activityId={5} />, PLAN);
  await waitFor(() => expect(document.querySelectorAll('[data-frame-row] input[name="Budget"]')).toHaveLength(4));
  await waitFor(() => expect(screen.getAllByRole('option', { name: 'Meta' })).toHaveLength(4));
  const captured = captureFrame(document.body);
  if (!captured) throw new Error('nothing kept');
  const fit = { build: BUILD_ID, user: 'u', settings: '', width: 3, lang: locale, dir: 'ltr' as const };
  return { ...fit, view: { locale, pageSize: 0 }, apiUrl: 'http://api.test', call: '', ...captured };
}

/** What a row shows: each control's value and label, a select's choice in words, and the texts of its amounts. */
function shown(row: Element) {
  const controls = LINE_FIELDS.map((name) => {
    const c = row.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
    const words = c instanceof HTMLSelectElement ? c.selectedOptions[0]?.textContent : undefined;
    return c && { name, value: c.value, label: c.getAttribute('aria-label'), words };
  });
  const cells = Array.from(row.children);
  return { controls, texts: [0, 9, 11, 14, 15].map((i) => cells[i]?.textContent) };
}

/** The kept frame drawn from the reply, in place of what the page shows, as before the console starts. */
function drawKept(kept: KeptFrame, locale: string): HTMLElement {
  cleanup();
  document.body.innerHTML = '<div id="root"><div class="boot-bar"></div></div>';
  const root = document.getElementById('root')!;
  expect(drawFrame(root, kept, planFrame.rows(versionInfo({}, LINES), { locale, pageSize: 0 }), true)).toBe(true);
  return root;
}

/** The console's rows as drawn now, then the frame drawn from the kept page and the reply, by line. */
function consoleAndFrame(kept: KeptFrame, locale: string) {
  const grid = LINES.map((l) => shown(document.querySelector(`[data-line-id="${l.ID}"]`)!));
  const root = drawKept(kept, locale);
  const frame = LINES.map((l) => shown(root.querySelector(`[data-frame-key="${l.ID}"]`)!));
  return { grid, frame };
}

/** The English frame, kept once (each screen render costs a second or more on a busy machine). */
const keptEnglish: KeptFrame[] = [];
async function englishFrame(): Promise<KeptFrame> {
  if (!keptEnglish[0]) keptEnglish.push(await openAndKeep('en'));
  return keptEnglish[0]!;
}

afterEach(async () => {
  takeTyped();
  chooseLocale('en');
  await setLocale('en');
});

describe("the plan editor's first frame", () => {
  it('asks for what the route asks for first: the newest version by the activity, for the page’s account', async () => {
    signInAs(PROFILES.planner);
    const api = planApi();
    prefetchPlan({ pathname: PLAN, search: '' });
    await waitFor(() => expect(callsTo(api, 'MediaMixService/GetMediaMixInfo').length).toBeGreaterThan(0));
    const sent = callsTo(api, 'MediaMixService/GetMediaMixInfo')[0]!;
    const call = planFrame.call({ pathname: PLAN, search: '' });
    expect(call).toEqual({
      service: 'MediaMixService',
      method: 'GetMediaMixInfo',
      body: sent.body,
      accountId: Number(sent.headers['x-account-id']),
    });
    expect(planFrame.call({ pathname: PLAN, search: '?version=11' })).toBeNull();
    expect(planFrame.call({ pathname: '/accounts/1/activities/5/mediaMix/11/stats', search: '' })).toBeNull();
  });

  it.each(['en', 'fr'] as const)('draws the lines as the editable grid draws them (%s)', async (locale) => {
    chooseLocale(locale);
    await setLocale(locale);
    signInAs(PROFILES.planner);
    planApi();
    const kept = locale === 'en' ? await englishFrame() : await openAndKeep(locale);
    for (const gone of ['Search - car insurance', 'Keep', 'Old TV']) expect(kept.row + kept.html).not.toContain(gone);
    const { grid, frame } = consoleAndFrame(kept, locale);
    expect(frame).toEqual(grid);
    expect(frame[3]?.controls.find((c) => c?.name === 'Notes')?.value).toBe('Keep <b>as text</b>');
    expect(frame[2]?.controls[0]).toMatchObject({ value: '999', words: 'Old TV' });
  });

  it('draws nothing for a version the grid would not offer to edit, or a reply it does not understand', () => {
    const view = { locale: 'en', pageSize: 0 };
    expect(planFrame.rows(versionInfo({ Status: VersionStatus.Submitted }, LINES), view)).toEqual([]);
    expect(planFrame.rows({ Lines: 'x' }, view)).toEqual([]);
    expect(planFrame.rows(null, view)).toEqual([]);
  });

  it('hands what was typed into it to the editor, whose row shows it, keeps the focus there and saves it', async () => {
    signInAs(PROFILES.planner);
    const api = planApi();
    drawKept(await englishFrame(), 'en');
    const budget = document.querySelector<HTMLInputElement>('[data-frame-key="202"] input[name="Budget"]')!;
    budget.focus();
    budget.value = '4,500';
    budget.dispatchEvent(new Event('input', { bubbles: true }));
    document.getElementById('root')!.replaceChildren();

    renderWithProviders(<MediaPlanScreen accountId={1} activityId={5} />, PLAN);
    const row = await waitFor(() => {
      const shownRow = document.querySelector('[data-line-id="202"]');
      if (!shownRow) throw new Error('the editor has not shown line 202 yet');
      return shownRow;
    });
    const input = row.querySelector<HTMLInputElement>('input[name="Budget"]')!;
    expect(input.value).toBe('4,500');
    expect(document.activeElement).toBe(input);
    expect(row.classList.contains('dirty')).toBe(true);
    // Enter saves the row at once, as typed now would (the timer's save is the autosave tests').
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(callsTo(api, 'AccountsService/SaveMediaChannel')).toHaveLength(1));
    const saved = callsTo(api, 'AccountsService/SaveMediaChannel')[0]!.body.mediaChannel as {
      ID: number;
      Budget: unknown;
    };
    expect([saved.ID, Number(saved.Budget)]).toEqual([202, 4500]);
  });

  it('says so when what was typed cannot be entered: the version is no longer editable', async () => {
    signInAs(PROFILES.planner);
    planApi();
    drawKept(await englishFrame(), 'en');
    const name = document.querySelector<HTMLInputElement>('[data-frame-key="201"] input[name="Name"]')!;
    name.value = 'Renamed';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    document.getElementById('root')!.replaceChildren();

    // Submitted meanwhile: the editor reads it afresh.
    queryClient.clear();
    const api = planApi(versionInfo({ Status: VersionStatus.Submitted }, LINES));
    renderWithProviders(<MediaPlanScreen accountId={1} activityId={5} />, PLAN);
    expect((await screen.findByTestId('snackbar')).textContent).toContain(
      'Values typed while the plan was opening could not be entered (1)',
    );
    expect(callsTo(api, 'AccountsService/SaveMediaChannel')).toHaveLength(0);
  });
});
