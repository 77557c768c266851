/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { AccountDialog } from './account-dialog';
import { emptyAccountForm, toPayload, validateAccount, type AccountForm } from './account-form';

const valid: AccountForm = { ...emptyAccountForm(null), Name: 'Galil Foods', ContactEmail: 'media@galil.co.il', Phone: '+97231234567', Website: 'https://galil.co.il', ManagementFeePct: '12.5' };

describe('account validation (SPEC §5, the API\'s own patterns)', () => {
  it('accepts a valid account and empty optional fields', () => {
    expect(validateAccount(valid)).toEqual({});
    expect(validateAccount({ ...emptyAccountForm(null), Name: 'X' })).toEqual({});
  });

  it.each([
    ['Name', '  ', 'validation.required'],
    ['ContactEmail', 'media@galil', 'validation.email'],
    ['ContactEmail', 'media@galil..co.il', 'validation.email'],
    ['Phone', '03-123 ext 4', 'validation.phone'],
    ['Website', 'galil.co.il', 'validation.url'],
    ['Website', 'ftp://galil.co.il', 'validation.url'],
    ['ManagementFeePct', '101', 'validation.percent'],
    ['ManagementFeePct', '1.234', 'validation.percent'],
    ['ManagementFeePct', '-1', 'validation.percent'],
  ] as const)('%s = %p → %s', (field, value, key) => {
    expect(validateAccount({ ...valid, [field]: value })[field]).toBe(key);
  });

  it('builds the API payload with numbers and trimmed text; version only when updating', () => {
    expect(toPayload({ ...valid, Name: ' Galil ' })).toMatchObject({ ID: 0, Name: 'Galil', ManagementFeePct: 12.5, ParentId: null });
    expect(toPayload(valid)).not.toHaveProperty('version');
    expect(toPayload({ ...valid, ID: 7, version: 3 })).toMatchObject({ ID: 7, version: 3 });
  });
});

describe('<AccountDialog>', () => {
  setUpScreenTests();

  const field = (name: string) => document.querySelector(`[role="dialog"] input[name="${name}"]`) as HTMLInputElement;
  /** The message the field announces (its helper text, tied to it by aria-describedby). */
  const messageOf = (name: string) => document.getElementById(field(name).getAttribute('aria-describedby') ?? '')?.textContent;
  const title = () => screen.getByRole('dialog').querySelector('h2')?.textContent;

  it('shows the field errors and does not save an invalid account', async () => {
    const onSave = jest.fn(async () => undefined);
    renderWithProviders(<AccountDialog initial={emptyAccountForm(null)} onSave={onSave} onClose={() => undefined} />);
    fireEvent.change(field('ContactEmail'), { target: { value: 'nobody@' } });
    fireEvent.change(field('Website'), { target: { value: 'www.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf('Name')).toBe('Required'));
    expect(messageOf('ContactEmail')).toBe('Enter an email address like name@example.com');
    expect(messageOf('Website')).toBe('Must start with http:// or https://');
    expect(['Name', 'ContactEmail', 'Website', 'Phone'].map((n) => field(n).getAttribute('aria-invalid'))).toEqual(['true', 'true', 'true', 'false']);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves a valid account; editing a main account offers "apply VAT to sub-accounts"', async () => {
    const onSave = jest.fn(async () => undefined);
    renderWithProviders(<AccountDialog initial={{ ...valid, ID: 4, version: 2 }} onSave={onSave} onClose={() => undefined} />);
    expect(title()).toBe('Edit account');
    expect(field('Name').value).toBe('Galil Foods');
    fireEvent.click(screen.getByLabelText('Apply VAT to sub-accounts'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ ID: 4, Name: 'Galil Foods' }), true));
  });

  it('a new sub-account has no "apply VAT to sub-accounts" choice', () => {
    renderWithProviders(<AccountDialog initial={emptyAccountForm(3)} onSave={jest.fn()} onClose={() => undefined} />);
    expect(title()).toBe('New sub-account');
    expect(field('Name').value).toBe('');
    expect(screen.queryByLabelText('Apply VAT to sub-accounts')).toBeNull();
  });
});
