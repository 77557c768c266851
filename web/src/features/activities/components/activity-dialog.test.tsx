/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { verdicts } from '../../../testing/api-verdict';
import { mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { inHebrew } from '../../../testing/hebrew';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { ACTIVITY_FORM, ActivityDialog } from './activity-dialog';
import { emptyActivityForm, toPayload, type ActivityForm } from './activity-form';
import { stripIsolates } from '../../../testing/bidi';
import { dateFieldOf, datePickerInput, setDate } from '../../../testing/dates';

const valid: ActivityForm = {
  ...emptyActivityForm(7, null),
  Name: 'Spring sale',
  StartDate: '2026-03-01',
  EndDate: '2026-03-31',
  Budget: '12500.50',
};

describe('the activity form refuses what SaveActivity refuses (its own schema)', () => {
  it.each([
    ['a valid activity', 'accepted', {}],
    ['a one-day flight with a zero budget', 'accepted', { EndDate: '2026-03-01', Budget: '0' }],
    ['a budget with thousands separators', 'accepted', { Budget: '12,500.50' }],
    ['a blank name', 'FIELD_REQUIRED', { Name: ' ' }],
    ['no start date', 'FIELD_INVALID', { StartDate: '' }],
    ['a day the calendar lacks', 'FIELD_INVALID', { StartDate: '2026-02-30' }],
    ['an end before the start', 'FIELD_INVALID', { EndDate: '2026-02-28' }],
    ['no budget', 'FIELD_REQUIRED', { Budget: '' }],
    ['a negative budget', 'FIELD_INVALID', { Budget: '-1' }],
    ['a budget with 3 decimals', 'FIELD_INVALID', { Budget: '1.234' }],
    // The old check stripped every comma, so "1,5" was 15; it is not a number.
    ['a comma that groups nothing', 'FIELD_INVALID', { Budget: '1,5' }],
    // The old check stopped at 1,000,000,000,000 (it said so in its own words); the API's limit is 50,000,000,000.
    ["a budget over the plan's most", 'FIELD_INVALID', { Budget: '60000000000' }],
    // …and counted a 500-character objective by its untrimmed length.
    ['an objective padded with spaces', 'accepted', { Objective: `${'o'.repeat(500)}   ` }],
  ] as const)('%s: the form and the API both say %s, on the same field', (_, expected, patch) => {
    const { api, form } = verdicts(ACTIVITY_FORM, { ...valid, ...patch }, 'ActivitiesService', 'SaveActivity');
    expect(form).toEqual(api);
    expect(api === 'accepted' ? api : api.code).toBe(expected);
    if (api !== 'accepted') expect(api.field).toBe(Object.keys(patch)[0]);
  });

  it('builds the payload: numbers, null sub-account, version only when updating', () => {
    expect(toPayload(valid)).toEqual({
      ID: 0,
      AccountId: 7,
      SubAccountId: null,
      Name: 'Spring sale',
      Objective: '',
      StartDate: '2026-03-01',
      EndDate: '2026-03-31',
      Budget: 12500.5,
    });
    expect(toPayload({ ...valid, ID: 3, version: 2, SubAccountId: '8' })).toMatchObject({
      ID: 3,
      SubAccountId: 8,
      version: 2,
    });
  });
});

describe('<ActivityDialog>', () => {
  setUpScreenTests();
  const field = (name: string) => document.querySelector(`[role="dialog"] input[name="${name}"]`) as HTMLInputElement;
  const messageOf = (name: string) =>
    stripIsolates(document.getElementById(field(name).getAttribute('aria-describedby') ?? '')?.textContent);

  it('refuses an end date before the start date, naming both fields', async () => {
    const onSave = jest.fn(async () => undefined);
    renderWithProviders(
      <ActivityDialog
        initial={{ ...valid, EndDate: '2026-02-15' }}
        mainAccountName={null}
        currency={2}
        onSave={onSave}
        onClose={() => undefined}
      />,
    );
    await datePickerInput('EndDate');
    // A date field's message is announced from its sections (the picker's hidden input only holds the value).
    const dateMessage = () =>
      stripIsolates(
        document.getElementById(dateFieldOf('EndDate').getAttribute('aria-describedby') ?? '')?.textContent,
      );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dateMessage()).toBe('End is not valid: must be on or after Start'));
    expect(dateFieldOf('EndDate').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
    await setDate('EndDate', '2026-03-01');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ EndDate: '2026-03-01' })));
  });

  it('in Hebrew, a missing budget names the budget field', async () => {
    await inHebrew(async () => {
      renderWithProviders(
        <ActivityDialog
          initial={{ ...valid, Budget: '' }}
          mainAccountName={null}
          currency={2}
          onSave={jest.fn()}
          onClose={() => undefined}
        />,
      );
      fireEvent.click(screen.getByRole('button', { name: 'שמירה' }));
      await waitFor(() => expect(messageOf('Budget')).toBe('השדה תקציב הוא חובה.'));
    });
  });

  it('a sub-account the server refuses (NOT_A_SUBACCOUNT on activity.SubAccountId) lands on the picker', async () => {
    signInAs(PROFILES.planner);
    mockApi({
      'AccountsService/GetAccountsList': () =>
        ok({ Items: [{ ID: 8, Name: 'Galil Dairy', ParentId: 7 }], NextToken: null }),
    });
    const refusal = new ApiError(400, 'not a sub-account', 'ActivitiesService.CreateActivity', {
      ErrorCode: 'NOT_A_SUBACCOUNT',
      ErrorParams: { field: 'activity.SubAccountId', accountId: 8, mainId: 7 },
    });
    renderWithProviders(
      <ActivityDialog
        initial={{ ...valid, SubAccountId: '8' }}
        mainAccountName="Galil Foods"
        currency={2}
        onSave={jest.fn(async () => {
          throw refusal;
        })}
        onClose={() => undefined}
      />,
    );
    const picker = await screen.findByRole('combobox', { name: 'Booked on' });
    await waitFor(() => expect(picker.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const helper = () => picker.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent;
    await waitFor(() => expect(helper()).toBe('Booked on: account 8 is not a sub-account of account 7.'));
  });

  it('on the main account page offers its sub-accounts (GetAccountsList of the account)', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'AccountsService/GetAccountsList': () =>
        ok({ Items: [{ ID: 8, Name: 'Galil Dairy', ParentId: 7 }], NextToken: null }),
    });
    const onSave = jest.fn(async () => undefined);
    renderWithProviders(
      <ActivityDialog
        initial={valid}
        mainAccountName="Galil Foods"
        currency={2}
        onSave={onSave}
        onClose={() => undefined}
      />,
    );
    await waitFor(() => expect(api).toHaveBeenCalled());
    const call = api.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(call[1].body))).toMatchObject({ mainAccountId: 7, status: 'active' });
    expect(call[1].headers).toMatchObject({ 'x-account-id': '7' });
    const picker = await screen.findByRole('combobox', { name: 'Booked on' });
    await waitFor(() => expect(picker.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.mouseDown(picker);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Galil Foods (main account)', 'Galil Dairy']);
    fireEvent.click(within(listbox).getByText('Galil Dairy'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ SubAccountId: '8' })));
  });
});
