import { randomUUID } from 'node:crypto';
import { seedChannelTypeCatalogue } from '../../lambdas/modules/channel-types/catalogue';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { fixtureVendor } from '../support/fixtures/vendors-service';
import { invoke, makeCompany, makeUser, tableSnapshot, useTestTable, type Company, type Reply } from '../support/world';

/**
 * DefaultVendorId of channel types: on a global type it is each company's (the catalogue is the
 * platform's, a vendor one company's), on an account copy the copy's own; a usable vendor of the
 * company, null clearing it.
 */
let co: Company;
let sysAdmin: UserProfile;
beforeAll(async () => {
  useTestTable();
  await seedChannelTypeCatalogue();
  co = await makeCompany('Default Vendor Agency');
  sysAdmin = await makeUser(co.companyId, Role.Administrator, [Permission.Admin], { isSystemAdmin: true });
});

function ok(r: Reply) {
  expect(r.body.ErrorMessage).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.Response;
}

const newVendor = async (c: Company, extra: Record<string, unknown> = {}) =>
  ok(await invoke('VendorsService', 'SaveVendor', { as: c.admin, body: { vendor: { ...fixtureVendor(), ...extra } } }));
const saveType = (as: UserProfile, channelType: Record<string, unknown>) =>
  invoke('ChannelTypesService', 'SaveChannelType', { as, body: { channelType } });
const globalList = async (as: UserProfile) =>
  ok(await invoke('ChannelTypesService', 'GetChannelTypesList', { as, body: {} })).Items as {
    ID: number;
    DefaultVendorId: number | null;
  }[];
const retiredType = (extra: Record<string, unknown> = {}) => ({
  ID: 0,
  Name: `Outdoor ${randomUUID().slice(0, 8)}`,
  Group: 'Offline',
  DefaultBuyType: 'Flat',
  Active: false,
  ...extra,
});

describe('SaveChannelType defaultVendorId', () => {
  it("sets the caller's company's default; another company sees none; absent keeps it; null clears it", async () => {
    const v = await newVendor(co);
    const t = ok(await saveType(sysAdmin, retiredType({ defaultVendorId: v.ID })));
    expect(t.DefaultVendorId).toBe(v.ID);
    expect((await globalList(co.planner)).find((x) => x.ID === t.ID)?.DefaultVendorId).toBe(v.ID);
    const other = await makeCompany();
    expect((await globalList(other.planner)).find((x) => x.ID === t.ID)?.DefaultVendorId).toBeNull();

    const renamed = ok(await saveType(sysAdmin, { ...retiredType(), ID: t.ID, version: 1 }));
    expect(renamed.DefaultVendorId).toBe(v.ID);
    const cleared = ok(await saveType(sysAdmin, { ...retiredType(), ID: t.ID, defaultVendorId: null, version: 2 }));
    expect(cleared.DefaultVendorId).toBeNull();
    expect((await globalList(co.planner)).find((x) => x.ID === t.ID)?.DefaultVendorId).toBeNull();
  });

  it("refuses another company's vendor (404) and an archived one (409), writing nothing", async () => {
    // Vendor ids are counted per company: a company without vendors has none of another's ids.
    const bare = await makeCompany();
    const bareAdmin = await makeUser(bare.companyId, Role.Administrator, [Permission.Admin], { isSystemAdmin: true });
    const foreign = await newVendor(await makeCompany());
    const archived = await newVendor(co);
    ok(await invoke('VendorsService', 'ArchiveVendor', { as: co.admin, body: { vendorId: archived.ID } }));
    const t = ok(await saveType(sysAdmin, retiredType()));
    const before = await tableSnapshot();
    const r404 = await saveType(bareAdmin, { ...retiredType(), ID: t.ID, defaultVendorId: foreign.ID, version: 1 });
    expect(r404.status).toBe(404);
    expect(r404.body.ErrorParams).toEqual({ entity: 'Vendor', id: foreign.ID });
    const r409 = await saveType(sysAdmin, { ...retiredType(), defaultVendorId: archived.ID });
    expect(r409.body).toMatchObject({ ErrorCode: 'ENTITY_ARCHIVED', ErrorParams: { entity: 'Vendor' } });
    expect(await tableSnapshot()).toEqual(before);
  });
});

describe('SaveAccountChannelField DefaultVendorId', () => {
  it('sets and clears the default of the selected copies; refuses a foreign or archived vendor', async () => {
    // A company of its own: its vendor ids are its own, so another company's first vendor is not one of them.
    const co = await makeCompany();
    const acct = ok(
      await invoke('AccountsService', 'CreateAccount', {
        as: co.admin,
        body: { account: { Name: `Client ${randomUUID().slice(0, 6)}`, ManagementFeePct: 10 } },
      }),
    );
    const copies = ok(
      await invoke('AccountsService', 'InitAccountChannelTypes', {
        as: co.planner,
        accountId: acct.ID,
        body: { reload: false },
      }),
    ).Items as { ID: number; DefaultVendorId: number | null }[];
    expect(copies.every((c) => c.DefaultVendorId === null)).toBe(true);
    const ids = [copies[0].ID, copies[1].ID];
    const set = (fieldValue: unknown) =>
      invoke('AccountsService', 'SaveAccountChannelField', {
        as: co.planner,
        accountId: acct.ID,
        body: { ids, fieldName: 'DefaultVendorId', fieldValue },
      });
    const v = await newVendor(co);
    const done = ok(await set(String(v.ID)));
    expect(done.Changed).toBe(2);
    expect(done.Items.map((c: { DefaultVendorId: number }) => c.DefaultVendorId)).toEqual([v.ID, v.ID]);

    const stranger = await makeCompany();
    for (let i = 0; i < 2; i++) await newVendor(stranger);
    const third = await newVendor(stranger);
    expect((await set(third.ID)).status).toBe(404);
    const archived = await newVendor(co);
    ok(await invoke('VendorsService', 'ArchiveVendor', { as: co.admin, body: { vendorId: archived.ID } }));
    expect((await set(archived.ID)).body.ErrorCode).toBe('ENTITY_ARCHIVED');
    expect((await set(-3)).status).toBe(400);

    const cleared = ok(await set(null));
    expect(cleared.Items.map((c: { DefaultVendorId: number }) => c.DefaultVendorId)).toEqual([null, null]);
    ok(await set(v.ID));
    expect(ok(await set('')).Items.map((c: { DefaultVendorId: number }) => c.DefaultVendorId)).toEqual([null, null]);
  });
});
