import type { HistoryEntry } from '../../lambdas/modules/history/replies';
import { fixtureVendor } from '../support/fixtures/vendors-service';
import { invoke, makeCompany, tableSnapshot, type Company, type Reply } from '../support/world';

/**
 * VendorsService on DynamoDB Local: a vendor per company with a name unique in any case, saved
 * from the version read, listed by name in pages, archived and restored, each write in the item's
 * history; another company's vendors are not found, and a refused input writes nothing.
 */
const call = (co: Company, method: string, body: Record<string, unknown>, as = co.admin) =>
  invoke('VendorsService', method, { as, body });
const save = (co: Company, vendor: Record<string, unknown>, as = co.admin) => call(co, 'SaveVendor', { vendor }, as);
const list = (co: Company, body: Record<string, unknown>, as = co.planner) => call(co, 'GetVendorsList', body, as);

function ok(r: Reply) {
  expect(r.body.ErrorMessage).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.Response;
}

/** Every item of the company's partitions (its vendors, their name guards, counters, audit entries). */
const companyItems = async (co: Company) =>
  (await tableSnapshot()).filter((i) => i.includes(`"C#${co.companyId}"`) || i.includes(`"C#${co.companyId}#`));

describe('VendorsService.SaveVendor', () => {
  it('creates a vendor (version 1, contacts unconfirmed, addresses lower-case) and reads it back', async () => {
    const co = await makeCompany();
    const v = ok(await save(co, { ...fixtureVendor(), Name: '  Ynet Media ', Currency: '1' }));
    expect(v).toMatchObject({
      Name: 'Ynet Media',
      TaxId: '514000000',
      Currency: 1,
      PaymentTerms: { Kind: 'eom_plus', Days: 30 },
      VatTreatment: 'local',
      Contacts: [{ Name: 'Dana Levi', Email: 'dana@example.com', Phone: '+972-3-555-0101', Confirmed: false }],
      Archived: false,
      version: 1,
      createdBy: co.admin.email,
      updatedBy: co.admin.email,
    });
    expect(ok(await call(co, 'GetVendor', { vendorId: v.ID }, co.planner))).toEqual(v);
  });

  it('takes the defaults: ILS, local VAT, no contacts', async () => {
    const co = await makeCompany();
    const v = ok(await save(co, { Name: 'Google Ads', PaymentTerms: { Kind: 'net', Days: '0' } }));
    expect(v).toMatchObject({ TaxId: '', Address: '', Currency: 2, VatTreatment: 'local', Contacts: [] });
    expect(v.PaymentTerms).toEqual({ Kind: 'net', Days: 0 });
  });

  it('refuses a second vendor of the same name in any case or spelling (409 NAME_TAKEN), in the company only', async () => {
    const co = await makeCompany();
    ok(await save(co, { ...fixtureVendor(), Name: 'Keshet Broadcasting' }));
    const dup = await save(co, { ...fixtureVendor(), Name: 'KESHET broadcasting' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ ErrorCode: 'NAME_TAKEN', ErrorParams: { entity: 'Vendor' } });
    // A Cyrillic К and a doubled space are the same name to a person (foldName).
    expect((await save(co, { ...fixtureVendor(), Name: '\u041aeshet  Broadcasting' })).body.ErrorCode).toBe(
      'NAME_TAKEN',
    );
    // NFKC lengthens U+FDFA to 18 letters: the longest names still fit a name guard's key.
    ok(await save(co, { ...fixtureVendor(), Name: '\ufdfa'.repeat(200) }));
    expect((await save(co, { ...fixtureVendor(), Name: '\ufdfa'.repeat(200) })).body.ErrorCode).toBe('NAME_TAKEN');
    const other = await makeCompany();
    ok(await save(other, { ...fixtureVendor(), Name: 'Keshet Broadcasting' }));
  });

  it('updates from the version read; a stale version is 409 and changes nothing', async () => {
    const co = await makeCompany();
    const v = ok(await save(co, fixtureVendor()));
    const input = { ...fixtureVendor(), ID: v.ID, Name: v.Name };
    const updated = ok(await save(co, { ...input, PaymentTerms: { Kind: 'net', Days: 45 }, version: 1 }));
    expect(updated).toMatchObject({ version: 2, PaymentTerms: { Kind: 'net', Days: 45 }, createdAt: v.createdAt });
    const stale = await save(co, { ...input, PaymentTerms: { Kind: 'net', Days: 60 }, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.ErrorCode).toBe('STALE_VERSION');
    const missing = await save(co, { ...input, version: undefined });
    expect(missing.status).toBe(400);
    expect(ok(await call(co, 'GetVendor', { vendorId: v.ID })).PaymentTerms).toEqual({ Kind: 'net', Days: 45 });
  });

  it('a rename frees the old name and takes the new one; a change of case keeps it', async () => {
    const co = await makeCompany();
    const a = ok(await save(co, { ...fixtureVendor(), Name: 'Walla' }));
    const b = ok(await save(co, { ...fixtureVendor(), Name: 'Mako' }));
    const clash = await save(co, { ...fixtureVendor(), ID: b.ID, Name: 'walla', version: 1 });
    expect(clash.body.ErrorCode).toBe('NAME_TAKEN');
    ok(await save(co, { ...fixtureVendor(), ID: a.ID, Name: 'Walla! Communications', version: 1 }));
    ok(await save(co, { ...fixtureVendor(), ID: b.ID, Name: 'Walla', version: 1 }));
    ok(await save(co, { ...fixtureVendor(), ID: b.ID, Name: 'WALLA', version: 2 }));
    const again = await save(co, { ...fixtureVendor(), Name: 'Walla! communications' });
    expect(again.body.ErrorCode).toBe('NAME_TAKEN');
  });

  it.each([
    ['vendor.Name', { Name: '' }],
    ['vendor.Name', { Name: 'x'.repeat(201) }],
    ['vendor.TaxId', { TaxId: '51-400' }],
    ['vendor.TaxId', { TaxId: 'A'.repeat(21) }],
    ['vendor.Currency', { Currency: 3 }],
    ['vendor.PaymentTerms.Days', { PaymentTerms: { Kind: 'net', Days: 181 } }],
    ['vendor.PaymentTerms.Days', { PaymentTerms: { Kind: 'net', Days: -1 } }],
    ['vendor.PaymentTerms.Kind', { PaymentTerms: { Kind: 'eom', Days: 30 } }],
    ['vendor.PaymentTerms', { PaymentTerms: undefined }],
    ['vendor.VatTreatment', { VatTreatment: 'zero' }],
    ['vendor.Contacts.0.Email', { Contacts: [{ Name: 'Dana', Email: 'not-an-address' }] }],
    ['vendor.Contacts.0.Name', { Contacts: [{ Name: '', Email: 'dana@example.com' }] }],
    [
      'vendor.Contacts',
      { Contacts: Array.from({ length: 11 }, (_, i) => ({ Name: `C${i}`, Email: `c${i}@example.com` })) },
    ],
  ])('refuses a bad %s by name and writes nothing', async (field, extra) => {
    const co = await makeCompany();
    const before = await companyItems(co);
    const r = await save(co, { ...fixtureVendor(), ...extra });
    expect(r.status).toBe(400);
    expect(r.body.ErrorMessage).toContain(field);
    expect(await companyItems(co)).toEqual(before);
  });

  it('needs GeneralSettings to write; agency staff read; a client-only user reads nothing', async () => {
    const co = await makeCompany();
    const v = ok(await save(co, fixtureVendor()));
    for (const as of [co.planner, co.approver, co.analyst, co.client]) {
      expect((await save(co, fixtureVendor(), as)).status).toBe(403);
      expect((await call(co, 'ArchiveVendor', { vendorId: v.ID }, as)).status).toBe(403);
    }
    expect((await call(co, 'GetVendor', { vendorId: v.ID }, co.analyst)).status).toBe(200);
    expect((await call(co, 'GetVendor', { vendorId: v.ID }, co.client)).status).toBe(403);
    expect((await list(co, {}, co.client)).status).toBe(403);
  });
});

describe('VendorsService: another company', () => {
  it('cannot read, change, archive or restore a vendor, nor see it in its list or history', async () => {
    const mine = await makeCompany();
    const theirs = await makeCompany();
    const v = ok(await save(mine, { ...fixtureVendor(), Name: 'Private Outdoor' }));
    for (const [method, body] of [
      ['GetVendor', { vendorId: v.ID }],
      ['ArchiveVendor', { vendorId: v.ID }],
      ['RestoreVendor', { vendorId: v.ID }],
      ['SaveVendor', { vendor: { ...fixtureVendor(), ID: v.ID, version: 1 } }],
    ] as const) {
      const r = await call(theirs, method, body);
      expect(r.status).toBe(404);
      expect(r.body.ErrorCode).toBe('NOT_FOUND');
    }
    expect(ok(await list(theirs, { search: 'private' })).Items).toEqual([]);
    const h = await invoke('AuditService', 'GetItemHistory', {
      as: theirs.admin,
      body: { entity: 'vendor', id: v.ID },
    });
    expect(h.status).toBe(404);
    expect(ok(await call(mine, 'GetVendor', { vendorId: v.ID }))).toEqual(v);
  });
});

describe('VendorsService.GetVendorsList', () => {
  it('pages by name, filters by part of the name in any case and by archived', async () => {
    const co = await makeCompany();
    const names = ['Zap Group', 'ads.walla', 'Bezeq Digital', 'Channel 12', 'Ynet', 'Haaretz Digital', 'Calcalist'];
    const ids = new Map<string, number>();
    for (const Name of names) ids.set(Name, ok(await save(co, { ...fixtureVendor(), Name })).ID);
    const seen: string[] = [];
    let NextToken: string | null = null;
    do {
      const page = ok(await list(co, { pageSize: 3, nextToken: NextToken }));
      expect(page.Items.length).toBeLessThanOrEqual(3);
      seen.push(...page.Items.map((v: { Name: string }) => v.Name));
      NextToken = page.NextToken;
    } while (NextToken);
    expect(seen).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const digital = ok(await list(co, { search: 'DIGITAL' })).Items.map((v: { Name: string }) => v.Name);
    expect(digital).toEqual(['Bezeq Digital', 'Haaretz Digital']);
    ok(await call(co, 'ArchiveVendor', { vendorId: ids.get('Ynet') }));
    expect(ok(await list(co, { search: 'ynet' })).Items).toEqual([]);
    expect(ok(await list(co, { search: 'ynet', archived: true })).Items.map((v: { ID: number }) => v.ID)).toEqual([
      ids.get('Ynet'),
    ]);
    // An offset list's token: anything but a whole offset up to MAX_OFFSET is refused naming nextToken.
    const token = (t: unknown) => Buffer.from(JSON.stringify(t), 'utf8').toString('base64url');
    for (const nextToken of ['bm90LWEtdG9rZW4', token({ o: -1 }), token({ o: 1e9 }), token({ k: { pk: 'C#1' } })]) {
      const forged = await list(co, { nextToken });
      expect(forged.status).toBe(400);
      expect(forged.body.ErrorParams).toMatchObject({ field: 'nextToken' });
    }
  });
});

describe('VendorsService.ArchiveVendor / RestoreVendor and the history', () => {
  it('archives and restores (each once), keeps the name taken, refuses edits while archived, audits every write', async () => {
    const co = await makeCompany();
    const v = ok(await save(co, { ...fixtureVendor(), Name: 'Israel Hayom' }));
    ok(await save(co, { ...fixtureVendor(), ID: v.ID, Name: 'Israel Hayom', VatTreatment: 'exempt', version: 1 }));
    const archived = ok(await call(co, 'ArchiveVendor', { vendorId: v.ID }));
    expect(archived).toMatchObject({ Archived: true, version: 3 });
    expect(ok(await call(co, 'ArchiveVendor', { vendorId: v.ID }))).toEqual(archived);
    expect((await save(co, { ...fixtureVendor(), Name: 'israel hayom' })).body.ErrorCode).toBe('NAME_TAKEN');
    const edit = await save(co, { ...fixtureVendor(), ID: v.ID, Name: 'Israel Hayom', version: 3 });
    expect(edit.body.ErrorCode).toBe('ENTITY_ARCHIVED');
    const restored = ok(await call(co, 'RestoreVendor', { vendorId: v.ID }));
    expect(restored).toMatchObject({ Archived: false, version: 4 });
    expect(ok(await call(co, 'RestoreVendor', { vendorId: v.ID }))).toEqual(restored);

    const h = await invoke('AuditService', 'GetItemHistory', {
      as: co.planner,
      body: { entity: 'vendor', id: v.ID },
    });
    const entries = ok(h).Items as HistoryEntry[];
    expect(entries.map((e) => e.Action)).toEqual(['restore', 'archive', 'update', 'create']);
    expect(entries.find((e) => e.Action === 'update')!.Changes).toEqual(
      expect.arrayContaining([{ Field: 'VatTreatment', Before: 'local', After: 'exempt' }]),
    );
    expect(entries[0].WhoName).toBe(co.admin.name);
  });

  it('an unknown vendor is 404', async () => {
    const co = await makeCompany();
    expect((await call(co, 'GetVendor', { vendorId: 999_999 })).body.ErrorCode).toBe('NOT_FOUND');
    expect((await call(co, 'ArchiveVendor', { vendorId: 999_999 })).status).toBe(404);
  });
});
