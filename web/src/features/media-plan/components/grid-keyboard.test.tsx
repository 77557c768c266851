/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLocale } from '../../../lib/i18n';
import { chooseLocale } from '../../../lib/display/settings-store';
import { callsTo, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { VersionLineView } from '../api/media-plan-api';
import { ACTIVITY, CHANNEL_TYPES, EXAMPLE_LINES, listItem, versionInfo } from '../testing/plan-fixtures';
import { MediaPlanScreen } from './media-plan-screen';

setUpScreenTests({ quiet: true });
afterEach(async () => {
  chooseLocale('en');
  await setLocale('en');
});

/** The plan API of the fixtures, keeping what SaveMediaChannel is sent; `approved`: a version no one edits. */
function planApi(approved = false, empty = false) {
  let lines: VersionLineView[] = empty ? [] : EXAMPLE_LINES.map((l) => ({ ...l }));
  const info = () => versionInfo(approved ? { Status: 3, StatusName: 'Approved' } : {}, lines);
  return mockApi({
    'MediaMixService/GetMediaMixList': () => ok({ ActivityId: 5, Items: [listItem(info())] }),
    'MediaMixService/GetMediaMixInfo': () => ok(JSON.parse(JSON.stringify(info()))),
    'ActivitiesService/GetActivityInfo': () => ok(ACTIVITY),
    'CustomColumnsService/GetCustomColumnsList': () => ok({ Items: [] }),
    'AccountsService/GetAccountChannelTypesList': () => ok({ AccountId: 1, Items: CHANNEL_TYPES }),
    'AccountsService/SaveMediaChannel': (body) => {
      const sent = body.mediaChannel as VersionLineView;
      const saved = { ...lines.find((l) => l.ID === sent.ID)!, ...sent, version: sent.version + 1 };
      lines = lines.map((l) => (l.ID === saved.ID ? saved : l));
      return ok({ ...saved, MediaMixChanged: false });
    },
  });
}

async function openPlan(approved = false, empty = false) {
  signInAs(PROFILES.planner);
  const api = planApi(approved, empty);
  renderWithProviders(<MediaPlanScreen accountId={1} activityId={5} />, '/accounts/1/activities/5/mediaMix/list');
  await screen.findByTestId('plan-editor');
  return api;
}

const grid = () => screen.getByRole('grid');
const focused = () => document.activeElement as HTMLElement;
const press = (key: string, init: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(focused(), { key, ...init });
/** The cell holding a line's field. */
const cellOf = (lineId: number, name: string) =>
  document.querySelector(`[data-line-id="${lineId}"] [name="${name}"]`)!.closest('[role="gridcell"]') as HTMLElement;
const input = (lineId: number, name: string) =>
  document.querySelector(`[data-line-id="${lineId}"] [name="${name}"]`) as HTMLInputElement;
/** Into the grid, on its tab stop (as Tab gets there). */
function focusGrid() {
  const stop = grid().querySelector<HTMLElement>('[tabindex="0"]')!;
  act(() => stop.focus());
  return stop;
}
/** Into the grid, then right along the first line to a cell. */
function moveTo(cell: HTMLElement) {
  focusGrid();
  for (let i = 0; i < 30 && focused() !== cell; i++) press('ArrowRight');
  expect(focused()).toBe(cell);
}

describe('the plan grid by keyboard', () => {
  it('is an ARIA grid with one tab stop: every control in it is out of the Tab order', async () => {
    await openPlan();
    expect(grid().getAttribute('aria-label')).toBeTruthy();
    expect(grid().querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    expect(grid().querySelector('[tabindex="0"]')!.getAttribute('role')).toBe('gridcell');
    const controls = [...grid().querySelectorAll('input, select, button')];
    expect(controls.length).toBeGreaterThan(20);
    expect(controls.filter((c) => c.getAttribute('tabindex') !== '-1')).toEqual([]);
    // Every editor has a name a screen reader reads: the field and the line.
    expect(input(201, 'Budget').getAttribute('aria-label')).toBe('Budget (net), line 1');
  });

  it('arrow keys move between cells and rows; Home and End to the row ends; the tab stop follows', async () => {
    await openPlan();
    const first = focusGrid();
    press('ArrowRight');
    expect(focused()).toBe(cellOf(201, 'AccountChannelTypeId'));
    expect(first.hasAttribute('tabindex')).toBe(false);
    expect(focused().getAttribute('tabindex')).toBe('0');
    press('ArrowDown');
    expect(focused()).toBe(cellOf(202, 'AccountChannelTypeId'));
    press('ArrowUp');
    press('ArrowLeft');
    expect(focused()).toBe(first);
    press('End');
    expect(focused().classList.contains('actions')).toBe(true);
    press('Home');
    expect(focused()).toBe(first);
    press('ArrowLeft'); // the row's first cell: nowhere further
    expect(focused()).toBe(first);
  });

  it('Enter edits a cell, Escape puts its value back and returns to the cell without saving', async () => {
    const api = await openPlan();
    moveTo(cellOf(201, 'Budget'));
    const before = input(201, 'Budget').value;
    press('Enter');
    expect(focused()).toBe(input(201, 'Budget'));
    fireEvent.change(focused(), { target: { value: '99999' } });
    expect(input(201, 'Budget').value).toBe('99999');
    press('Escape');
    expect(input(201, 'Budget').value).toBe(before);
    expect(focused()).toBe(cellOf(201, 'Budget'));
    await new Promise((r) => setTimeout(r, 900)); // past the autosave delay
    expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(0);
  });

  it('F2 edits, Enter keeps the edit: the row saves and focus is back on the cell', async () => {
    const api = await openPlan();
    moveTo(cellOf(201, 'Budget'));
    press('F2');
    expect(focused()).toBe(input(201, 'Budget'));
    fireEvent.change(focused(), { target: { value: '12345' } });
    press('Enter');
    expect(focused()).toBe(cellOf(201, 'Budget'));
    await waitFor(() => expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(1));
    expect(callsTo(api, 'SaveMediaChannel')[0].body.mediaChannel).toMatchObject({ ID: 201, Budget: 12345 });
  });

  it('Tab keeps the edit and goes on to the next cell; Shift+Tab back', async () => {
    const api = await openPlan();
    moveTo(cellOf(201, 'UnitCost'));
    press('Enter');
    fireEvent.change(focused(), { target: { value: '4.25' } });
    press('Tab');
    expect(focused()).toBe(cellOf(201, 'Budget'));
    await waitFor(() => expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(1));
    expect(callsTo(api, 'SaveMediaChannel')[0].body.mediaChannel).toMatchObject({ ID: 201, UnitCost: 4.25 });
    press('Enter');
    press('Tab', { shiftKey: true });
    expect(focused()).toBe(cellOf(201, 'UnitCost'));
  });

  it('a read-only version is a read-only grid, moved through the same way', async () => {
    await openPlan(true);
    expect(grid().getAttribute('aria-readonly')).toBe('true');
    expect(grid().querySelectorAll('input, select')).toHaveLength(0);
    const first = focusGrid();
    press('ArrowDown');
    expect(focused().closest('[data-line-id]')?.getAttribute('data-line-id')).toBe('202');
    press('ArrowUp');
    expect(focused()).toBe(first);
    // The actions cell: Enter goes to its first button, Escape back to the cell.
    press('End');
    const actions = focused();
    press('Enter');
    expect(focused().tagName).toBe('BUTTON');
    press('ArrowRight');
    expect(focused().tagName).toBe('BUTTON');
    press('Escape');
    expect(focused()).toBe(actions);
  });

  it('a plan without lines still has its stop: the first column header; Up from a line reaches the headers', async () => {
    await openPlan(false, true);
    const stop = grid().querySelector('[tabindex="0"]')!;
    expect(stop.getAttribute('role')).toBe('columnheader');
    cleanup();
    await openPlan();
    focusGrid();
    press('ArrowUp');
    expect(focused().getAttribute('role')).toBe('columnheader');
  });

  it('a click in a cell makes it the tab stop', async () => {
    await openPlan();
    act(() => input(202, 'Name').focus());
    expect(grid().querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    expect(cellOf(202, 'Name').getAttribute('tabindex')).toBe('0');
  });

  it('right to left: Left moves on to the next cell, as the eye reads it', async () => {
    chooseLocale('he');
    await setLocale('he');
    await openPlan();
    const first = focusGrid();
    press('ArrowLeft');
    expect(focused()).toBe(cellOf(201, 'AccountChannelTypeId'));
    press('ArrowRight');
    expect(focused()).toBe(first);
  });
});
