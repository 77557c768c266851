/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { ActivityDialog } from './activity-dialog';
import { emptyActivityForm, toPayload, validateActivity, type ActivityForm } from './activity-form';

const valid: ActivityForm = { ...emptyActivityForm(7, null), Name: 'Spring sale', StartDate: '2026-03-01', EndDate: '2026-03-31', Budget: '12500.50' };

describe('activity validation', () => {
  it('accepts a valid activity, a one-day flight and a zero budget', () => {
    expect(validateActivity(valid)).toEqual({});
    expect(validateActivity({ ...valid, EndDate: '2026-03-01', Budget: '0' })).toEqual({});
  });

  it.each([
    ['Name', ' ', 'validation.required'],
    ['StartDate', '', 'validation.required'],
    ['StartDate', '2026-02-30', 'activities.errors.date'],
    ['EndDate', '2026-02-28', 'validation.dateRange'],
    ['Budget', '', 'validation.required'],
    ['Budget', '-1', 'activities.errors.budget'],
    ['Budget', '1.234', 'activities.errors.budget'],
    ['Budget', '1000000000001', 'activities.errors.budget'],
  ] as const)('%s = %p → %s', (field, value, key) => {
    expect(validateActivity({ ...valid, [field]: value })[field]).toBe(key);
  });

  it('builds the payload: numbers, null sub-account, version only when updating', () => {
    expect(toPayload(valid)).toEqual({ ID: 0, AccountId: 7, SubAccountId: null, Name: 'Spring sale', Objective: '', StartDate: '2026-03-01', EndDate: '2026-03-31', Budget: 12500.5 });
    expect(toPayload({ ...valid, ID: 3, version: 2, SubAccountId: '8' })).toMatchObject({ ID: 3, SubAccountId: 8, version: 2 });
  });
});

describe('<ActivityDialog>', () => {
  setUpScreenTests();
  const field = (name: string) => document.querySelector(`[role="dialog"] input[name="${name}"]`) as HTMLInputElement;

  it('refuses an end date before the start date', async () => {
    const onSave = jest.fn(async () => undefined);
    renderWithProviders(<ActivityDialog initial={{ ...valid, EndDate: '2026-02-15' }} mainAccountName={null} currency={2} onSave={onSave} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.getElementById(field('EndDate').getAttribute('aria-describedby') ?? '')?.textContent).toBe('The end date must be on or after the start date'));
    expect(field('EndDate').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(field('EndDate'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ EndDate: '2026-03-01' })));
  });

  it('on the main account page offers its sub-accounts (GetAccountsList of the account)', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'AccountsService/GetAccountsList': () => ok({ Items: [{ ID: 8, Name: 'Galil Dairy', ParentId: 7 }], NextToken: null }),
    });
    const onSave = jest.fn(async () => undefined);
    renderWithProviders(<ActivityDialog initial={valid} mainAccountName="Galil Foods" currency={2} onSave={onSave} onClose={() => undefined} />);
    await waitFor(() => expect(api).toHaveBeenCalled());
    const call = api.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(call[1].body))).toMatchObject({ mainAccountId: 7, status: 'active' });
    expect(call[1].headers).toMatchObject({ 'x-account-id': '7' });
    const picker = await screen.findByRole('combobox', { name: 'Booked on' });
    await waitFor(() => expect(picker.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.mouseDown(picker);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Galil Foods (main account)', 'Galil Dairy']);
    fireEvent.click(within(listbox).getByText('Galil Dairy'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ SubAccountId: '8' })));
  });
});
