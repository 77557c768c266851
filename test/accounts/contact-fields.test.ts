import { getAccount } from '../../lambdas/modules/tenancy/account-store.dynamodb';
import { phoneE164 } from '../../lambdas/shared/phone-number';
import { isEmailAddress, isPhoneNumber } from '../../lambdas/shared/text-patterns';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * Contact fields accept real addresses and numbers as people write them (one rule,
 * shared by the API and the console); phone numbers are kept as written and stored in E.164 too.
 */
describe('the shared contact rules', () => {
  it.each([
    'ads@brand.media',
    'yael+ads@gmail.com',
    'yael@newbie-coffee.example',
    'first.last@sub.domain.co.il',
    "o'brien@example.ie",
    'x@y.io',
    'user_name-1@mail.example.com',
    'דנה@דוגמה.ישראל',
  ])('accepts the address %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    'plain',
    '@example.com',
    'name@',
    'name@example',
    'name@.example.com',
    'name@example..com',
    '.name@example.com',
    'na..me@example.com',
    'name.@example.com',
    'name@-example.com',
    'name@example-.com',
    'name@1.2.3.4',
    'two@@example.com',
    'sp ace@example.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
  ])('refuses %s', (address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it.each([
    ['+972-52-555-1234', '+972525551234'],
    ['052-555-1234', '+972525551234'],
    ['(03) 555 1234', '+97235551234'],
    ['+1 (555) 123-4567', '+15551234567'],
    ['00 44 20 7946 0958', '+442079460958'],
    ['052.555.1234', '+972525551234'],
    ['1234', null],
    ['3456', null],
  ])('accepts the number %s, stored in E.164 as %s', (written, e164) => {
    expect(isPhoneNumber(written)).toBe(true);
    expect(phoneE164(written)).toBe(e164);
  });

  it.each([
    '123',
    'call me',
    '+972+52',
    '52-555-1234 ext. 5',
    '1234567890123456',
    '--',
    '+ 972 52',
    '(03) 555 1234; drop table',
  ])('refuses the number %s', (written) => {
    expect(isPhoneNumber(written)).toBe(false);
    expect(phoneE164(written)).toBeNull();
  });
});

describe('CreateAccount and UpdateAccount with real contact details', () => {
  let co: Company;
  beforeAll(async () => {
    co = await makeCompany('Contacts Agency');
  });

  it('accepts the addresses and numbers the old rules refused; the number is shown as written and stored in E.164', async () => {
    const r = await invoke('AccountsService', 'CreateAccount', {
      as: co.admin,
      body: { account: { Name: 'Brand Media', ContactEmail: 'ads@brand.media', Phone: '+972-52-555-1234' } },
    });
    expect(r.body.ErrorMessage).toBeUndefined();
    expect(r.body.Response).toMatchObject({
      ContactEmail: 'ads@brand.media',
      Phone: '+972-52-555-1234',
      PhoneE164: '+972525551234',
    });
    const stored = (await getAccount(co.companyId, r.body.Response.ID, true))!;
    expect(stored).toMatchObject({ Phone: '+972-52-555-1234', PhoneE164: '+972525551234' });

    const updated = await invoke('AccountsService', 'UpdateAccount', {
      as: co.admin,
      accountId: stored.ID,
      body: { account: { ...stored, ContactEmail: 'yael+ads@gmail.com', Phone: '1234' } },
    });
    expect(updated.body.ErrorMessage).toBeUndefined();
    expect(updated.body.Response).toMatchObject({ ContactEmail: 'yael+ads@gmail.com', Phone: '1234', PhoneE164: null });
  });

  it('refuses a number with letters, naming the field and the reason', async () => {
    const r = await invoke('AccountsService', 'CreateAccount', {
      as: co.admin,
      body: { account: { Name: 'Bad Phone', Phone: 'call me' } },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      ErrorCode: 'FIELD_INVALID',
      ErrorParams: { field: 'account.Phone', reason: 'PHONE' },
    });
  });
});
