/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLocale } from '../../../lib/i18n';
import { chooseLocale } from '../../../lib/display/settings-store';
import { callsTo, fail, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { inLocale } from '../../../testing/hebrew';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { VersionLineView } from '../api/media-plan-api';
import { ACTIVITY, CHANNEL_TYPES, EXAMPLE_LINES, listItem, versionInfo } from '../testing/plan-fixtures';
import { AUTOSAVE_MS } from './use-line-autosave';
import { MediaPlanScreen } from './media-plan-screen';

type Handler = (body: Record<string, unknown>) => { status?: number; json: unknown };

setUpScreenTests({ quiet: true });
afterEach(() => jest.useRealTimers());

/**
 * A plan API that keeps what is saved, as the server does: GetMediaMixInfo and GetMediaMixList
 * answer the lines as saved (totals by the money module, like the API), so a stale figure on the
 * page can only come from the console.
 */
function statefulPlanApi({ refusal }: { refusal?: () => ReturnType<Handler> | null } = {}) {
  let lines: VersionLineView[] = EXAMPLE_LINES.map((l) => ({ ...l }));
  const info = () => versionInfo({}, lines);
  return mockApi({
    'MediaMixService/GetMediaMixList': () => ok({ ActivityId: 5, Items: [listItem(info())] }),
    'MediaMixService/GetMediaMixInfo': () => ok(JSON.parse(JSON.stringify(info()))),
    'ActivitiesService/GetActivityInfo': () => ok(ACTIVITY),
    'CustomColumnsService/GetCustomColumnsList': () => ok({ Items: [] }),
    'AccountsService/GetAccountChannelTypesList': () => ok({ AccountId: 1, Items: CHANNEL_TYPES }),
    'AccountsService/SaveMediaChannel': (body) => {
      const refused = refusal?.();
      if (refused) return refused;
      const sent = body.mediaChannel as VersionLineView;
      const saved = { ...lines.find((l) => l.ID === sent.ID)!, ...sent, version: sent.version + 1 };
      lines = lines.map((l) => (l.ID === saved.ID ? saved : l));
      return ok({ ...saved, MediaMixChanged: false });
    },
  });
}

const render = () =>
  renderWithProviders(<MediaPlanScreen accountId={1} activityId={5} />, '/accounts/1/activities/5/mediaMix/list');
const rowOf = (id: number) => document.querySelector(`[data-line-id="${id}"]`) as HTMLElement;
const cell = (id: number, name: string) => rowOf(id).querySelector(`[name="${name}"]`) as HTMLInputElement;
const saveState = (id: number) => rowOf(id).getAttribute('data-save-state');
const stateText = (id: number) => within(rowOf(id)).queryByTestId('line-save-state')?.getAttribute('aria-label');
const versionTotal = () => screen.getByTestId('version-total').textContent;
const footerTotal = () => screen.getByTestId('total-total').textContent;
const editor = () => screen.findByTestId('plan-editor');

describe('media plan: a grid edit saves by itself', () => {
  it(`saves ${AUTOSAVE_MS} ms after the last keystroke, showing saving then saved`, async () => {
    signInAs(PROFILES.planner);
    const api = statefulPlanApi();
    render();
    await editor();
    jest.useFakeTimers();
    fireEvent.change(cell(201, 'Budget'), { target: { value: '12000' } });
    act(() => {
      jest.advanceTimersByTime(AUTOSAVE_MS - 100);
    });
    // Another keystroke starts the wait again.
    fireEvent.change(cell(201, 'Budget'), { target: { value: '12500' } });
    act(() => {
      jest.advanceTimersByTime(AUTOSAVE_MS - 1);
    });
    expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(0);
    expect(rowOf(201).className).toContain('dirty');
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(saveState(201)).toBe('saving');
    expect(stateText(201)).toBe('Saving…');
    await waitFor(() => expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(1));
    expect(callsTo(api, 'SaveMediaChannel')[0].body.mediaChannel).toMatchObject({ ID: 201, Budget: 12500, version: 3 });
    await waitFor(() => expect(saveState(201)).toBe('saved'));
    expect(stateText(201)).toBe('Saved');
    expect(rowOf(201).className).not.toMatch(/dirty|saving|failed/);
    expect(cell(201, 'Budget').value).toBe('12500');
    // Nothing is sent twice.
    act(() => {
      jest.advanceTimersByTime(5 * AUTOSAVE_MS);
    });
    expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(1);
  });

  it('saves at once when focus leaves the row, without waiting for the timer', async () => {
    signInAs(PROFILES.planner);
    const api = statefulPlanApi();
    render();
    await editor();
    jest.useFakeTimers();
    fireEvent.change(cell(202, 'Notes'), { target: { value: 'brand safety list' } });
    fireEvent.focusOut(cell(202, 'Notes'), { relatedTarget: document.body });
    expect(saveState(202)).toBe('saving');
    await waitFor(() => expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(1));
    await waitFor(() => expect(saveState(202)).toBe('saved'));
    act(() => {
      jest.advanceTimersByTime(2 * AUTOSAVE_MS);
    });
    expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(1);
  });

  it('a refused save says why on the row and keeps the edit; the next keystroke tries again', async () => {
    signInAs(PROFILES.planner);
    let refuse = true;
    const api = statefulPlanApi({
      refusal: () => (refuse ? fail(409, 'Version 1 is Submitted', 'PLAN_SUBMITTED', { version: 1 }) : null),
    });
    render();
    await editor();
    fireEvent.change(cell(201, 'Budget'), { target: { value: '11000' } });
    fireEvent.keyDown(cell(201, 'Budget'), { key: 'Enter' });
    await waitFor(() => expect(saveState(201)).toBe('failed'));
    const reason = 'Version 1 is submitted; it cannot change until it is approved or rejected.';
    expect(within(rowOf(201)).getByTestId('line-save-error').textContent).toBe(`Not saved: ${reason}`);
    expect(stateText(201)).toBe(`Not saved: ${reason}`);
    expect(rowOf(201).className).toContain('failed');
    expect(cell(201, 'Budget').value).toBe('11000');
    expect(footerTotal()).not.toBe(versionTotal()); // the footer shows what is typed; the list, what is saved

    refuse = false;
    fireEvent.change(cell(201, 'Budget'), { target: { value: '11000.5' } });
    expect(within(rowOf(201)).queryByTestId('line-save-error')).toBeNull();
    await waitFor(() => expect(saveState(201)).toBe('saved'));
    expect(callsTo(api, 'SaveMediaChannel').at(-1)?.body.mediaChannel).toMatchObject({
      ID: 201,
      Budget: 11000.5,
      version: 3,
    });
  });

  it('in Hebrew (i18next) the row says "saved" in Hebrew', async () => {
    chooseLocale('he');
    await act(async () => {
      await setLocale('he');
    });
    try {
      signInAs(PROFILES.planner);
      statefulPlanApi();
      render();
      await editor();
      fireEvent.change(cell(201, 'Budget'), { target: { value: '12000' } });
      fireEvent.keyDown(cell(201, 'Budget'), { key: 'Enter' });
      await waitFor(() => expect(stateText(201)).toBe('נשמר'));
    } finally {
      cleanup(); // unmount first: the language switch back re-renders nothing
      chooseLocale('en');
      await act(async () => {
        await setLocale('en');
      });
    }
  });
});

describe('media plan: numbers typed in the UI language', () => {
  it('in French the grid shows a decimal comma, reads "12 500,5" as 12500.5 and refuses "1.5"', async () => {
    signInAs(PROFILES.planner);
    const api = statefulPlanApi();
    await inLocale('fr', async () => {
      render();
      await editor();
      expect(cell(201, 'SystemFeePct').value).toBe('2,5');
      expect(cell(202, 'Budget').value).toBe('3333,33');

      // A dot between digits that are no group of three is no number in French: refused on the cell, not sent.
      fireEvent.change(cell(201, 'Budget'), { target: { value: '1.5' } });
      expect(cell(201, 'Budget').getAttribute('aria-invalid')).toBe('true');
      expect(cell(201, 'Budget').title).toContain('nombre');
      fireEvent.change(cell(201, 'Budget'), { target: { value: '12\u202f500,5' } });
      expect(cell(201, 'Budget').getAttribute('aria-invalid')).toBeNull();
      fireEvent.keyDown(cell(201, 'Budget'), { key: 'Enter' });
      await waitFor(() => expect(saveState(201)).toBe('saved'));
      expect(callsTo(api, 'SaveMediaChannel').map((c) => c.body.mediaChannel)).toEqual([
        expect.objectContaining({ ID: 201, Budget: 12500.5, SystemFeePct: 2.5, version: 3 }),
      ]);
      expect(cell(201, 'Budget').value).toBe('12\u202f500,5');
      cleanup(); // unmount first: the language switch back re-renders nothing
    });
    // Shown again from what was saved (a new screen), in the language's way.
    await inLocale('ro', async () => {
      render();
      await editor();
      await waitFor(() => expect(cell(201, 'Budget').value).toBe('12500,5'));
      cleanup();
    });
  });
});

describe('media plan: every figure on the page comes from one cache', () => {
  it("after a budget edit the versions list's total equals the footer's, at once and after the list is read again", async () => {
    signInAs(PROFILES.planner);
    const api = statefulPlanApi();
    render();
    await editor();
    expect(versionTotal()).toBe('₪18,654.03');
    expect(footerTotal()).toBe('₪18,654.03');
    fireEvent.change(cell(202, 'Budget'), { target: { value: '5,000' } });
    expect(footerTotal()).toBe('₪20,866.53'); // typing: the footer follows, nothing is saved yet
    fireEvent.keyDown(cell(202, 'Budget'), { key: 'Enter' });
    await waitFor(() => expect(saveState(202)).toBe('saved'));
    expect(footerTotal()).toBe('₪20,866.53');
    expect(versionTotal()).toBe('₪20,866.53');
    // The list is read again once the saves pause; the server's figure is the same.
    const reads = callsTo(api, 'GetMediaMixList').length;
    await waitFor(() => expect(callsTo(api, 'GetMediaMixList').length).toBe(reads + 1));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(versionTotal()).toBe(footerTotal());
  });
});

describe('media plan: leaving with unsaved lines asks first', () => {
  it('a navigation waits for a pending autosave, then goes on without asking', async () => {
    signInAs(PROFILES.planner);
    const api = statefulPlanApi();
    const { router } = render();
    await editor();
    fireEvent.change(cell(201, 'Name'), { target: { value: 'Search - renamed' } });
    await act(async () => {
      await router.navigate('/accounts/list');
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/list'));
    expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(1);
    expect(callsTo(api, 'SaveMediaChannel')[0].body.mediaChannel).toMatchObject({ ID: 201, Name: 'Search - renamed' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a line that cannot be saved blocks the navigation until the planner chooses to leave', async () => {
    signInAs(PROFILES.planner);
    const api = statefulPlanApi();
    const { router } = render();
    await editor();
    fireEvent.change(cell(201, 'Budget'), { target: { value: '10.005' } }); // not an amount: never sent
    await act(async () => {
      void router.navigate('/accounts/list');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Leave this plan?' });
    expect(dialog.textContent).toContain('Lines with changes that are not saved (refused, or with marked fields): 1.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/accounts/1/activities/5/mediaMix/list');
    expect(cell(201, 'Budget').value).toBe('10.005');

    // Another version (a link within the page) is a navigation too.
    await act(async () => {
      void router.navigate('?version=12');
    });
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave this plan?' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?version=12'));
    expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(0);
  });

  it('closing or reloading the tab asks (beforeunload) while a line is unsaved, and not once it is saved', async () => {
    signInAs(PROFILES.planner);
    statefulPlanApi();
    render();
    await editor();
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      act(() => {
        window.dispatchEvent(e);
      });
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(cell(202, 'VideoCreatives'), { target: { value: '5' } });
    expect(unload()).toBe(true); // and the save starts meanwhile
    await waitFor(() => expect(saveState(202)).toBe('saved'));
    expect(unload()).toBe(false);
  });
});
