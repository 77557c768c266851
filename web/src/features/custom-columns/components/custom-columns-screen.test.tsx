/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STALE_VERSION_MESSAGE } from '@server/core/errors';
import { setLocale } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { callsTo, fail, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { chooseLocale } from '../../../lib/display/settings-store';
import type { CustomColumn } from '../api/custom-columns-api';
import { CustomColumnsScreen } from './custom-columns-screen';
import { stripIsolates } from '../../../testing/bidi';

setUpScreenTests({ quiet: true });

const col = (
  ID: number,
  Name: string,
  Scope: CustomColumn['Scope'],
  Status: CustomColumn['Status'] = 'Active',
): CustomColumn => ({
  ID,
  Name,
  Formula: Scope === 'performance' ? 'spend / conversions' : 'net / total',
  Names: [],
  Format: 'number',
  Scope,
  Status,
  version: Status === 'Active' ? 1 : 2,
  createdAt: '',
  createdBy: '',
  updatedAt: '2026-01-02T00:00:00Z',
  updatedBy: '',
});
const ACTIVE = [col(1, 'CPA', 'performance')];
const ARCHIVED = [col(2, 'Net share', 'mediaPlan', 'Archived'), col(3, 'Old CPV', 'performance', 'Archived')];

/** GetCustomColumnsList answering by the flag, as the server does. */
const listByFlag =
  (archived: CustomColumn[] = ARCHIVED) =>
  (b: Record<string, unknown>) =>
    ok({ Items: b.archived ? archived : ACTIVE });

const rows = () => screen.queryAllByTestId('column-row');
/** The confirmation's title and message as the user reads them. */
const confirmText = (dialog: HTMLElement) =>
  [
    dialog.querySelector('#confirm-title')?.textContent,
    dialog.querySelector('.MuiDialogContentText-root')?.textContent,
  ].map(stripIsolates);
const choose = async (field: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: field }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
};

describe('<CustomColumnsScreen> deleted columns', () => {
  it('the view switch lists the archived columns (archived: true), still filtered by scope, with Restore only', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({ 'CustomColumnsService/GetCustomColumnsList': listByFlag() });
    renderWithProviders(<CustomColumnsScreen />);
    await screen.findByText('CPA');
    expect(lastCall(api, 'GetCustomColumnsList')?.body).toEqual({ archived: false });

    await choose('View', 'Archived');
    await screen.findByText('Net share');
    expect(lastCall(api, 'GetCustomColumnsList')?.body).toEqual({ archived: true });
    expect(lastCall(api, 'GetCustomColumnsList')?.headers).not.toHaveProperty('x-account-id');
    expect(screen.queryByText('CPA')).toBeNull();
    expect(
      rows().map((r) =>
        within(r)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')),
      ),
    ).toEqual([
      ['Restore Net share', 'History'],
      ['Restore Old CPV', 'History'],
    ]);
    expect(screen.queryByTestId('create-column')).toBeNull();

    await choose('Shown in', 'Performance report');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(
      within(rows()[0])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('Old CPV');
  });

  it('restores after confirmation with the id, says so and reloads the list', async () => {
    signInAs(PROFILES.admin);
    let archived = ARCHIVED;
    const api = mockApi({
      'CustomColumnsService/GetCustomColumnsList': (b) => listByFlag(archived)(b),
      'CustomColumnsService/RestoreCustomColumn': (b) => {
        archived = archived.filter((c) => c.ID !== b.customColumnId);
        return ok({ ...col(2, 'Net share', 'mediaPlan'), version: 3 });
      },
    });
    renderWithProviders(<CustomColumnsScreen />);
    await screen.findByText('CPA');
    await choose('View', 'Archived');
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Net share' }));
    const dialog = await screen.findByRole('dialog');
    expect(confirmText(dialog)).toEqual(['Restore column?', '"Net share" will be shown again.']);
    const listCalls = callsTo(api, 'GetCustomColumnsList').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await screen.findByText('Column restored');
    expect(callsTo(api, 'RestoreCustomColumn').map((c) => c.body)).toEqual([{ customColumnId: 2 }]);
    await waitFor(() => expect(callsTo(api, 'GetCustomColumnsList').length).toBe(listCalls + 1));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByText('Net share')).toBeNull();
  });

  it("a refused restore names why (the server's 409); a stale one offers a reload", async () => {
    signInAs(PROFILES.admin);
    const refusal =
      "Custom column 2 cannot be restored: its formula no longer works with the media plan metrics (Unknown name 'leads' at position 9); make a new column instead";
    let answer = fail(409, refusal, 'COLUMN_FORMULA_BROKEN', { id: 2, detail: "Unknown name 'leads' at position 9" });
    mockApi({
      'CustomColumnsService/GetCustomColumnsList': listByFlag(),
      'CustomColumnsService/RestoreCustomColumn': () => answer,
    });
    renderWithProviders(<CustomColumnsScreen />);
    await screen.findByText('CPA');
    await choose('View', 'Archived');
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Net share' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));
    // Shown from its code, in the user's language (apiErrors.codes.COLUMN_FORMULA_BROKEN), not the server's English text.
    await screen.findByText(
      "The column was not restored: Custom column 2 cannot be restored: its formula no longer works with the metrics (Unknown name 'leads' at position 9). Make a new column instead.",
    );

    answer = fail(409, STALE_VERSION_MESSAGE, 'STALE_VERSION');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Restore Old CPV' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));
    await screen.findByText('This record was changed by someone else. Reload it and try again.');
  });

  it('a user without GeneralSettings gets no view switch, no Delete and no Restore', async () => {
    signInAs(PROFILES.planner);
    mockApi({ 'CustomColumnsService/GetCustomColumnsList': () => ok({ Items: [...ACTIVE, ...ARCHIVED] }) });
    renderWithProviders(<CustomColumnsScreen />);
    await screen.findByText('Net share');
    expect(screen.queryByRole('combobox', { name: 'View' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Restore / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive CPA' })).toBeNull();
  });

  it('right-to-left in Hebrew: the switch and the Restore action in Hebrew', async () => {
    chooseLocale('he');
    await setLocale('he');
    try {
      signInAs(PROFILES.admin);
      mockApi({ 'CustomColumnsService/GetCustomColumnsList': listByFlag() });
      renderWithProviders(<CustomColumnsScreen />);
      await screen.findByText('CPA');
      expect(document.documentElement.dir).toBe('rtl');
      await choose('תצוגה', 'בארכיון');
      fireEvent.click(await screen.findByRole('button', { name: 'שחזור Net share' }));
      const dialog = await screen.findByRole('dialog');
      expect(confirmText(dialog)).toEqual(['לשחזר את העמודה?', '"Net share" תוצג שוב.']);
    } finally {
      chooseLocale('en');
      await setLocale('en');
    }
  });
});

describe('<CustomColumnsScreen> in the query cache', () => {
  it("archiving reads the list on screen again and marks every column list (the plan editor's too) out of date", async () => {
    signInAs(PROFILES.admin);
    let active = ACTIVE;
    const api = mockApi({
      'CustomColumnsService/GetCustomColumnsList': (b) => ok({ Items: b.archived ? ARCHIVED : active }),
      'CustomColumnsService/DeleteCustomColumn': () => {
        active = [];
        return ok(col(1, 'CPA', 'performance', 'Archived'));
      },
    });
    // The plan editor's columns of one account, in the cache from another screen.
    const planColumns = ['CustomColumnsService', 'GetCustomColumnsList', '7', { scope: 'mediaPlan' }];
    queryClient.setQueryData(planColumns, { Items: ACTIVE });
    renderWithProviders(<CustomColumnsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive CPA' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }));
    await screen.findByText('Successfully deleted');
    expect(callsTo(api, 'DeleteCustomColumn').map((c) => c.body)).toEqual([{ customColumnId: 1 }]);
    await screen.findByTestId('columns-empty');
    expect(callsTo(api, 'GetCustomColumnsList')).toHaveLength(2);
    expect(queryClient.getQueryState(planColumns)?.isInvalidated).toBe(true);
  });
});
