/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLocale } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { callsTo, fail, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { chooseLocale } from '../../../lib/display/settings-store';
import type { TemplateSummary } from '../api/templates-api';
import { TemplatesScreen } from './templates-screen';

setUpScreenTests({ quiet: true });

const tpl = (ID: number, Name: string, Status: TemplateSummary['Status'] = 'Active'): TemplateSummary => ({
  ID,
  Name,
  Description: '',
  LineCount: 2,
  Status,
  version: Status === 'Active' ? 1 : 2,
  createdAt: '2026-01-01T00:00:00Z',
  createdBy: 'x',
  updatedAt: '2026-01-02T00:00:00Z',
  updatedBy: 'x',
});
const ACTIVE = [tpl(1, 'Always on')];
const ARCHIVED = [tpl(2, 'Summer sale', 'Archived')];

/** GetTemplatesList answering by the flag, as the server does. */
const listByFlag =
  (archived: TemplateSummary[] = ARCHIVED) =>
  (b: Record<string, unknown>) =>
    ok({ Items: b.archived ? archived : ACTIVE });

const rows = () => screen.queryAllByTestId('template-row');
/** The confirmation's title and message as the user reads them. */
const confirmText = (dialog: HTMLElement) => [
  dialog.querySelector('#confirm-title')?.textContent,
  dialog.querySelector('.MuiDialogContentText-root')?.textContent,
];
const chooseView = async (label: 'Active' | 'Archived') => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'View' }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: label }));
};

describe('<TemplatesScreen> deleted templates', () => {
  it('the view switch lists the archived templates (archived: true), with Restore instead of Edit and Delete', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({ 'TemplatesService/GetTemplatesList': listByFlag() });
    renderWithProviders(<TemplatesScreen />);
    await screen.findByText('Always on');
    expect(lastCall(api, 'GetTemplatesList')?.body).toEqual({ archived: false });
    expect(lastCall(api, 'GetTemplatesList')?.headers).not.toHaveProperty('x-account-id');

    await chooseView('Archived');
    await screen.findByText('Summer sale');
    expect(lastCall(api, 'GetTemplatesList')?.body).toEqual({ archived: true });
    expect(screen.queryByText('Always on')).toBeNull();
    expect(
      within(rows()[0])
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Restore Summer sale', 'History']);
    expect(screen.queryByTestId('create-template')).toBeNull();

    // The active list read a moment ago is still fresh in the query cache: it shows again without another read.
    await chooseView('Active');
    await screen.findByText('Always on');
    expect(callsTo(api, 'GetTemplatesList').map((c) => c.body)).toEqual([{ archived: false }, { archived: true }]);
    expect((screen.getByTestId('create-template') as HTMLButtonElement).disabled).toBe(false);
  });

  it('restores after confirmation with the id, says so and reloads the list', async () => {
    signInAs(PROFILES.admin);
    let archived = ARCHIVED;
    const api = mockApi({
      'TemplatesService/GetTemplatesList': (b) => listByFlag(archived)(b),
      'TemplatesService/RestoreTemplate': (b) => {
        archived = [];
        return ok({ ...tpl(Number(b.templateId), 'Summer sale'), version: 3 });
      },
    });
    renderWithProviders(<TemplatesScreen />);
    await screen.findByText('Always on');
    await chooseView('Archived');
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Summer sale' }));
    const dialog = await screen.findByRole('dialog');
    expect(confirmText(dialog)).toEqual(['Restore template?', '"Summer sale" will be offered for new plans again.']);
    const listCalls = callsTo(api, 'GetTemplatesList').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await screen.findByText('Template restored');
    expect(callsTo(api, 'RestoreTemplate')).toEqual([
      { body: { templateId: 2 }, headers: expect.not.objectContaining({ 'x-account-id': expect.anything() }) },
    ]);
    await waitFor(() => expect(callsTo(api, 'GetTemplatesList').length).toBe(listCalls + 1));
    expect(lastCall(api, 'GetTemplatesList')?.body).toEqual({ archived: true });
    expect((await screen.findByTestId('templates-empty')).textContent).toBe('No archived templates');
    expect(rows()).toHaveLength(0);
  });

  it('cancelling the confirmation restores nothing; a refusal is shown', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'TemplatesService/GetTemplatesList': listByFlag(),
      'TemplatesService/RestoreTemplate': () => fail(404, 'Template 2 was not found'),
    });
    renderWithProviders(<TemplatesScreen />);
    await screen.findByText('Always on');
    await chooseView('Archived');
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Summer sale' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(api, 'RestoreTemplate')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Restore Summer sale' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));
    await screen.findByText('Template 2 was not found');
  });

  it('a user without GeneralSettings gets no view switch, no Delete and no Restore', async () => {
    signInAs(PROFILES.planner);
    // Even if archived rows came, they would have no action.
    mockApi({ 'TemplatesService/GetTemplatesList': () => ok({ Items: [...ACTIVE, ...ARCHIVED] }) });
    renderWithProviders(<TemplatesScreen />);
    await screen.findByText('Summer sale');
    expect(screen.queryByRole('combobox', { name: 'View' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore Summer sale' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive Always on' })).toBeNull();
    // Its History only (agency staff may read who changed a template).
    expect(
      within(rows()[1])
        .queryAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['History']);
  });

  it('right-to-left in Hebrew: the switch and the Restore action in Hebrew', async () => {
    chooseLocale('he');
    await setLocale('he');
    try {
      signInAs(PROFILES.admin);
      mockApi({ 'TemplatesService/GetTemplatesList': listByFlag() });
      renderWithProviders(<TemplatesScreen />);
      await screen.findByText('Always on');
      expect(document.documentElement.dir).toBe('rtl');
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'תצוגה' }));
      fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'בארכיון' }));
      fireEvent.click(await screen.findByRole('button', { name: 'שחזור Summer sale' }));
      expect(confirmText(await screen.findByRole('dialog'))[0]).toBe('לשחזר את התבנית?');
    } finally {
      chooseLocale('en');
      await setLocale('en');
    }
  });
});

describe('<TemplatesScreen> in the query cache', () => {
  it("archiving reads the list on screen again and marks every template list (the plan editor's picker too) and the template read whole out of date, not the catalogue", async () => {
    signInAs(PROFILES.admin);
    let active = ACTIVE;
    const api = mockApi({
      'TemplatesService/GetTemplatesList': (b) => ok({ Items: b.archived ? ARCHIVED : active }),
      'TemplatesService/DeleteTemplate': () => {
        active = [];
        return ok({ ...tpl(1, 'Always on', 'Archived') });
      },
    });
    // Reads of other screens in the cache: the plan editor's picker (an account's), a template read whole, the catalogue.
    const picker = ['TemplatesService', 'GetTemplatesList', '7', {}];
    const info = ['TemplatesService', 'GetTemplateInfo', null, { templateId: 1 }];
    const catalogue = ['ChannelTypesService', 'GetChannelTypesList', null, {}];
    queryClient.setQueryData(picker, { Items: ACTIVE });
    queryClient.setQueryData(info, { ...tpl(1, 'Always on'), Lines: [] });
    queryClient.setQueryData(catalogue, { Items: [] });
    renderWithProviders(<TemplatesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive Always on' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }));
    await screen.findByText('Successfully deleted');
    expect(callsTo(api, 'DeleteTemplate').map((c) => c.body)).toEqual([{ templateId: 1 }]);
    expect(await screen.findByTestId('templates-empty')).not.toBeNull();
    expect(callsTo(api, 'GetTemplatesList')).toHaveLength(2);
    expect(queryClient.getQueryState(picker)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(info)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(catalogue)?.isInvalidated).toBe(false);
  });

  it('a list that cannot be read says why with a Reload that reads it again', async () => {
    signInAs(PROFILES.admin);
    let down = true;
    const api = mockApi({
      'TemplatesService/GetTemplatesList': () =>
        down ? fail(500, 'Internal error', 'INTERNAL') : ok({ Items: ACTIVE }),
    });
    renderWithProviders(<TemplatesScreen />);
    const reload = await screen.findByRole('button', { name: 'Reload' });
    expect(screen.queryByTestId('templates-empty')).toBeNull();
    down = false;
    fireEvent.click(reload);
    await screen.findByText('Always on');
    expect(callsTo(api, 'GetTemplatesList')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });
});
