import { getAccount } from '../../lambdas/modules/tenancy/account-store.dynamodb';
import { invoke, makeCompany, type Company, type Reply } from '../support/world';

/**
 * Account names go through the one normalisation, and active account names are unique
 * per parent (main accounts per company, sub-accounts per main account), case- and look-alike-
 * insensitively, on create, rename and restore — race-safe.
 */
let co: Company;
beforeAll(async () => {
  co = await makeCompany('Names Agency');
});

const create = (Name: string, ParentId: number | null = null, c = co): Promise<Reply> =>
  invoke('AccountsService', 'CreateAccount', {
    as: c.admin,
    accountId: ParentId ?? undefined,
    body: { account: { Name, ParentId } },
  });

async function created(Name: string, ParentId: number | null = null) {
  const r = await create(Name, ParentId);
  expect(r.body.ErrorMessage).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.Response as { ID: number; Name: string; version: number };
}

const rename = async (id: number, Name: string) => {
  const current = (await getAccount(co.companyId, id, true))!;
  return invoke('AccountsService', 'UpdateAccount', {
    as: co.admin,
    accountId: id,
    body: { account: { ...current, Name } },
  });
};
const archive = (id: number) =>
  invoke('AccountsService', 'DeleteAccount', { as: co.admin, accountId: id, body: { accountId: id } });
const restore = (id: number) =>
  invoke('AccountsService', 'RestoreAccount', { as: co.admin, accountId: id, body: { accountId: id } });

function expectDuplicate(r: Reply, existing: { ID: number; Name: string }) {
  expect(r.status).toBe(409);
  expect(r.body.ErrorMessage).toContain(existing.Name);
  expect(r.body.ErrorMessage).toContain(String(existing.ID));
}

describe('CreateAccount normalises the name', () => {
  it('strips an RTL override', async () => {
    expect((await created('Invoice\u202Egpj.exe')).Name).toBe('Invoicegpj.exe');
  });

  it('refuses a name made only of zero-width spaces, or only of LRM/RLM marks, as required', async () => {
    for (const name of ['\u200B\u200B\u200B', '\u200E\u200F', '\uFEFF\u2060 \u200C']) {
      const r = await create(name);
      expect(r.status).toBe(400);
      expect(r.body.ErrorMessage).toBe('account.Name: is required');
    }
  });

  it('strips a NUL byte and other control characters', async () => {
    const a = await created('Nul\u0000 Client\u0007');
    expect(a.Name).toBe('Nul Client');
    expect((await getAccount(co.companyId, a.ID, true))!.Name).toBe('Nul Client');
  });

  it('drops a lone surrogate', async () => {
    expect((await created('Lone\uD800 Surrogate')).Name).toBe('Lone Surrogate');
  });

  it('keeps Hebrew names exactly, marks inside them included', async () => {
    for (const name of ['הדר ביטוח', 'גליל מזון בע"מ', 'טכנובה\u200F 2026']) {
      expect((await created(name)).Name).toBe(name);
    }
  });

  it('stores the other contact fields cleaned too', async () => {
    const r = await invoke('AccountsService', 'CreateAccount', {
      as: co.admin,
      body: {
        account: {
          Name: 'Contact Fields',
          ContactName: ' Dana\u202E\u0000 ',
          Phone: '\u200B+972500000000',
          Website: 'https://example.com\u200B',
        },
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.Response).toMatchObject({
      ContactName: 'Dana',
      Phone: '+972500000000',
      Website: 'https://example.com',
    });
  });
});

describe('active account names are unique per parent', () => {
  let acme: { ID: number; Name: string };
  beforeAll(async () => {
    acme = await created('Acme Foods');
  });

  it('an exact duplicate, another case, extra spaces or a Cyrillic / Greek look-alike answers 409 naming the account', async () => {
    for (const name of [
      'Acme Foods',
      'ACME foods',
      'Acme  Foods',
      '\u0410\u0441m\u0435 F\u043E\u043Eds',
      '\u0391cme Foods',
      'Acme\u200B Foods',
    ]) {
      expectDuplicate(await create(name), acme);
    }
  });

  it('a Hebrew duplicate answers 409; a different Hebrew name is fine', async () => {
    const first = await created('אקמי מזון');
    expectDuplicate(await create('אקמי מזון'), first);
    await created('אקמי משקאות');
  });

  it('sub-accounts are unique within their main account only', async () => {
    const sub = await created('Retail', acme.ID);
    expectDuplicate(await create('retail', acme.ID), sub);
    await created('Retail'); // a main account may share a sub-account's name
    await created('Retail', co.accounts.main.ID); // so may a sub-account of another main account
  });

  it('the same name in another company is fine', async () => {
    const other = await makeCompany('Other Names Agency');
    expect((await create('Acme Foods', null, other)).status).toBe(200);
  });

  it('UpdateAccount: renaming onto another active name answers 409; a case change of its own name is fine', async () => {
    const b = await created('Bravo Drinks');
    expectDuplicate(await rename(b.ID, 'acme foods'), acme);
    const own = await rename(b.ID, 'BRAVO drinks');
    expect(own.status).toBe(200);
    expect(own.body.Response.Name).toBe('BRAVO drinks');
    // The old name is free once renamed away.
    expect((await rename(b.ID, 'Bravo Beverages')).status).toBe(200);
    await created('Bravo Drinks');
  });

  it('an archived account frees its name; restoring it while the name is taken answers 409', async () => {
    const old = await created('Charlie Travel');
    expect((await archive(old.ID)).status).toBe(200);
    const reused = await created('charlie travel');
    expectDuplicate(await restore(old.ID), reused);
    expect((await archive(reused.ID)).status).toBe(200);
    expect((await restore(old.ID)).status).toBe(200);
    expectDuplicate(await restore(reused.ID), old);
  });

  it('two creates of the same name at once: exactly one succeeds', async () => {
    const replies = await Promise.all([create('Delta Race'), create('DELTA race'), create('Delta  Race')]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });
});
