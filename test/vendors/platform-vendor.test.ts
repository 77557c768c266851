import { platformVendorOf, requireUsableVendor } from '../../lambdas/modules/vendors';
import { fixtureVendor } from '../support/fixtures/vendors-service';
import { invoke, makeCompany, tableSnapshot, type Company, type Reply } from '../support/world';

/**
 * A vendor's Platform: at most one vendor per ad platform in a company, archived ones included (a
 * guard item written with the save), so a platform's lines have one vendor to default to.
 */
const call = (co: Company, method: string, body: Record<string, unknown>) =>
  invoke('VendorsService', method, { as: co.admin, body });
const save = (co: Company, vendor: Record<string, unknown>) => call(co, 'SaveVendor', { vendor });

function ok(r: Reply) {
  expect(r.body.ErrorMessage).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.Response;
}

const companyItems = async (co: Company) =>
  (await tableSnapshot()).filter((i) => i.includes(`"C#${co.companyId}"`) || i.includes(`"C#${co.companyId}#`));

describe('Vendor Platform', () => {
  it('is none unless given; one vendor per platform, archived included; a refusal writes nothing', async () => {
    const co = await makeCompany();
    expect(ok(await save(co, fixtureVendor())).Platform).toBeNull();
    const google = ok(await save(co, { ...fixtureVendor(), Name: 'Google Ireland', platform: 'google_ads' }));
    expect(google.Platform).toBe('google_ads');
    expect(ok(await call(co, 'GetVendor', { vendorId: google.ID })).Platform).toBe('google_ads');

    const before = await companyItems(co);
    const dup = await save(co, { ...fixtureVendor(), platform: 'google_ads' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      ErrorCode: 'PLATFORM_VENDOR_TAKEN',
      ErrorParams: { platform: 'Google Ads', vendor: 'Google Ireland' },
    });
    expect(await companyItems(co)).toEqual(before);

    ok(await call(co, 'ArchiveVendor', { vendorId: google.ID }));
    expect((await save(co, { ...fixtureVendor(), platform: 'google_ads' })).body.ErrorCode).toBe(
      'PLATFORM_VENDOR_TAKEN',
    );
    // Another platform, and the same platform in another company, are free.
    ok(await save(co, { ...fixtureVendor(), platform: 'meta_ads' }));
    ok(await save(await makeCompany(), { ...fixtureVendor(), platform: 'google_ads' }));
  });

  it('an update without platform keeps it; null frees it; a change moves it', async () => {
    const co = await makeCompany();
    const a = ok(await save(co, { ...fixtureVendor(), Name: 'Meta Platforms', platform: 'meta_ads' }));
    const kept = ok(await save(co, { ...fixtureVendor(), ID: a.ID, Name: a.Name, version: 1 }));
    expect(kept.Platform).toBe('meta_ads');
    const moved = ok(
      await save(co, { ...fixtureVendor(), ID: a.ID, Name: a.Name, platform: 'tiktok_ads', version: 2 }),
    );
    expect(moved.Platform).toBe('tiktok_ads');
    // meta_ads is free again, tiktok_ads taken by a.
    const b = ok(await save(co, { ...fixtureVendor(), Name: 'Meta Israel', platform: 'meta_ads' }));
    expect((await save(co, { ...fixtureVendor(), platform: 'tiktok_ads' })).body.ErrorParams).toEqual({
      platform: 'TikTok Ads',
      vendor: 'Meta Platforms',
    });
    const cleared = ok(await save(co, { ...fixtureVendor(), ID: a.ID, Name: a.Name, platform: null, version: 3 }));
    expect(cleared.Platform).toBeNull();
    ok(await save(co, { ...fixtureVendor(), platform: 'tiktok_ads' }));
    // An update to a platform another vendor has is refused and changes nothing.
    const clash = await save(co, { ...fixtureVendor(), ID: b.ID, Name: b.Name, platform: 'tiktok_ads', version: 1 });
    expect(clash.body.ErrorCode).toBe('PLATFORM_VENDOR_TAKEN');
    expect(ok(await call(co, 'GetVendor', { vendorId: b.ID }))).toEqual(b);
  });

  it('refuses a platform that is not an ad platform by name', async () => {
    const co = await makeCompany();
    for (const platform of ['csv_upload', 'linkedin_ads', 1]) {
      const r = await save(co, { ...fixtureVendor(), platform });
      expect(r.status).toBe(400);
      expect(r.body.ErrorMessage).toContain('vendor.platform');
    }
  });
});

describe('platformVendorOf / requireUsableVendor', () => {
  it('answer the usable vendor of a platform; an archived or foreign vendor is refused', async () => {
    const co = await makeCompany();
    const other = await makeCompany();
    const tiktok = ok(await save(co, { ...fixtureVendor(), platform: 'tiktok_ads' }));
    expect((await platformVendorOf(co.companyId, 'tiktok_ads'))?.ID).toBe(tiktok.ID);
    expect(await platformVendorOf(co.companyId, 'google_ads')).toBeUndefined();
    expect(await platformVendorOf(other.companyId, 'tiktok_ads')).toBeUndefined();
    expect((await requireUsableVendor(co.companyId, tiktok.ID)).ID).toBe(tiktok.ID);
    await expect(requireUsableVendor(other.companyId, tiktok.ID)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    ok(await call(co, 'ArchiveVendor', { vendorId: tiktok.ID }));
    expect(await platformVendorOf(co.companyId, 'tiktok_ads')).toBeUndefined();
    await expect(requireUsableVendor(co.companyId, tiktok.ID)).rejects.toMatchObject({
      code: 'ENTITY_ARCHIVED',
      params: { entity: 'Vendor', id: tiktok.ID },
    });
  });
});

describe('the platform guard', () => {
  it('decides between two saves the read before them let through', async () => {
    const { insertVendor } = await import('../../lambdas/modules/vendors/store.dynamodb');
    const co = await makeCompany();
    const first = ok(await save(co, { ...fixtureVendor(), Name: 'TikTok Pte', platform: 'tiktok_ads' }));
    const now = new Date().toISOString();
    const second = { ...first, ID: first.ID + 100, Name: 'TikTok Israel', version: 1, createdAt: now, updatedAt: now };
    await expect(insertVendor(co.companyId, second)).rejects.toMatchObject({
      code: 'PLATFORM_VENDOR_TAKEN',
      params: { platform: 'TikTok Ads', vendor: 'TikTok Pte' },
    });
    expect((await call(co, 'GetVendor', { vendorId: second.ID })).status).toBe(404);
  });
});
