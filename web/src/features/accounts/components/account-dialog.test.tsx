/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { verdicts } from '../../../testing/api-verdict';
import { inHebrew } from '../../../testing/hebrew';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { ACCOUNT_FORM, AccountDialog } from './account-dialog';
import { emptyAccountForm, toPayload, type AccountForm } from './account-form';
import { stripIsolates } from '../../../testing/bidi';

const valid: AccountForm = {
  ...emptyAccountForm(null),
  Name: 'Galil Foods',
  ContactEmail: 'media@galil.co.il',
  Phone: '+97231234567',
  Website: 'https://galil.co.il',
  ManagementFeePct: '12.5',
};

describe('the account form refuses what CreateAccount refuses (its own schema)', () => {
  it.each([
    ['a valid account', 'accepted', {}],
    ['empty optional fields', 'accepted', { ContactEmail: '', Phone: '', Website: '' }],
    // The old hand-written check accepted this one; the API refuses it: a name of invisible characters is empty.
    ['a name of zero-width spaces', 'FIELD_REQUIRED', { Name: '\u200b\u200b' }],
    ['a name over 200 characters', 'FIELD_TOO_LONG', { Name: 'x'.repeat(201) }],
    ['an e-mail without a domain', 'FIELD_INVALID', { ContactEmail: 'media@galil' }],
    ['an e-mail with two dots', 'FIELD_INVALID', { ContactEmail: 'media@galil..co.il' }],
    ['a phone with words', 'FIELD_INVALID', { Phone: '03-123 ext 4' }],
    ['a website without a scheme', 'FIELD_INVALID', { Website: 'galil.co.il' }],
    ['a fee over 100', 'FIELD_INVALID', { ManagementFeePct: '101' }],
    ['a fee with 3 decimals', 'FIELD_INVALID', { ManagementFeePct: '1.234' }],
    ['a negative fee', 'FIELD_INVALID', { ManagementFeePct: '-1' }],
    ['a fee that is not a number', 'FIELD_INVALID', { ManagementFeePct: '1e2' }],
    // …and the old check refused this one, which the API takes as its default (0).
    ['an empty fee', 'accepted', { ManagementFeePct: '' }],
  ] as const)('%s: the form and the API both say %s, on the same field', (_, expected, patch) => {
    const { api, form } = verdicts(ACCOUNT_FORM, { ...valid, ...patch }, 'AccountsService', 'CreateAccount');
    expect(form).toEqual(api);
    expect(api === 'accepted' ? api : api.code).toBe(expected);
    if (api !== 'accepted') expect(api.field).toBe(Object.keys(patch)[0]);
  });

  it('builds the API payload with numbers and trimmed text; version only when updating', () => {
    expect(toPayload({ ...valid, Name: ' Galil ' })).toMatchObject({
      ID: 0,
      Name: 'Galil',
      ManagementFeePct: 12.5,
      ParentId: null,
    });
    expect(toPayload(valid)).not.toHaveProperty('version');
    expect(toPayload({ ...valid, ID: 7, version: 3 })).toMatchObject({ ID: 7, version: 3 });
  });
});

describe('<AccountDialog>', () => {
  setUpScreenTests();

  const field = (name: string) => document.querySelector(`[role="dialog"] input[name="${name}"]`) as HTMLInputElement;
  /** The message the field announces (its helper text, tied to it by aria-describedby). */
  const messageOf = (name: string) =>
    stripIsolates(document.getElementById(field(name).getAttribute('aria-describedby') ?? '')?.textContent);
  const title = () => screen.getByRole('dialog').querySelector('h2')?.textContent;

  it("shows the API's messages naming each field and does not save an invalid account", async () => {
    const onSave = jest.fn(async () => undefined);
    renderWithProviders(<AccountDialog initial={emptyAccountForm(null)} onSave={onSave} onClose={() => undefined} />);
    fireEvent.change(field('ContactEmail'), { target: { value: 'nobody@' } });
    fireEvent.change(field('Website'), { target: { value: 'www.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf('Name')).toBe('Name is required.'));
    expect(messageOf('ContactEmail')).toBe(
      'Contact email is not valid: must be an email address like name@example.com',
    );
    expect(messageOf('Website')).toBe('Website is not valid: must start with http:// or https://');
    expect(['Name', 'ContactEmail', 'Website', 'Phone'].map((n) => field(n).getAttribute('aria-invalid'))).toEqual([
      'true',
      'true',
      'true',
      'false',
    ]);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('in Hebrew, the message names the field by its Hebrew label', async () => {
    await inHebrew(async () => {
      renderWithProviders(
        <AccountDialog initial={{ ...valid, ManagementFeePct: '150' }} onSave={jest.fn()} onClose={() => undefined} />,
      );
      fireEvent.click(screen.getByRole('button', { name: 'שמירה' }));
      await waitFor(() =>
        expect(messageOf('ManagementFeePct')).toBe('הערך בשדה עמלת ניהול % אינו תקין: צריך להיות בין 0 ל-100'),
      );
    });
  });

  it("a field the server refuses shows the server's reason on that field, and the dialog stays open", async () => {
    const refusal = new ApiError(400, 'account.Phone: must be a phone number', 'AccountsService.CreateAccount', {
      ErrorCode: 'FIELD_INVALID',
      ErrorParams: { field: 'account.Phone', detail: 'must be a phone number…', reason: 'PHONE' },
    });
    const onSave = jest.fn(async () => {
      throw refusal;
    });
    const onClose = jest.fn();
    renderWithProviders(<AccountDialog initial={valid} onSave={onSave} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(messageOf('Phone')).toMatch(/^Phone is not valid: must be a phone number: 4 to 15 digits/),
    );
    expect(field('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a name the server finds taken (a code without a field) lands on the name', async () => {
    const taken = new ApiError(409, 'taken', 'AccountsService.CreateAccount', {
      ErrorCode: 'ACCOUNT_NAME_TAKEN',
      ErrorParams: { name: 'Galil Foods' },
    });
    renderWithProviders(
      <AccountDialog
        initial={valid}
        onSave={jest.fn(async () => {
          throw taken;
        })}
        onClose={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(messageOf('Name')).toBe('An active account is already named "Galil Foods". Choose another name.'),
    );
  });

  it('saves a valid account; editing a main account offers "apply VAT to sub-accounts"', async () => {
    const onSave = jest.fn(async () => undefined);
    renderWithProviders(
      <AccountDialog initial={{ ...valid, ID: 4, version: 2 }} onSave={onSave} onClose={() => undefined} />,
    );
    expect(title()).toBe('Edit account');
    expect(field('Name').value).toBe('Galil Foods');
    fireEvent.click(screen.getByLabelText('Apply VAT to sub-accounts'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ ID: 4, Name: 'Galil Foods' }), true),
    );
  });

  it('a new sub-account has no "apply VAT to sub-accounts" choice', () => {
    renderWithProviders(<AccountDialog initial={emptyAccountForm(3)} onSave={jest.fn()} onClose={() => undefined} />);
    expect(title()).toBe('New sub-account');
    expect(field('Name').value).toBe('');
    expect(screen.queryByLabelText('Apply VAT to sub-accounts')).toBeNull();
  });
});
