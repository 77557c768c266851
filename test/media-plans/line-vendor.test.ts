import { transactWrite } from '../../lambdas/aws/dynamodb/transaction';
import { companyDefaultVendorWrites } from '../../lambdas/modules/channel-types/channel-type-store.dynamodb';
import { saveAccountChannelField } from '../../lambdas/modules/channel-types/account-channel-types';
import { approveVersion, submitVersion } from '../../lambdas/modules/media-plans/plans';
import { fixtureVendor } from '../support/fixtures/vendors-service';
import { channelType, PLAN_END, PLAN_START, seedDraft, seedRate, seedTemplate } from '../support/media-plans';
import { settleStreams } from '../support/streams';
import { invoke, makeCompany, type Company } from '../support/world';
import { auditOf, expectOk, itemsOf, lines, version } from './helpers';

/**
 * A plan line's VendorId (docs/domain.md "Vendors"): a named vendor is checked, a new line given
 * none takes the first usable of its account copy's default, the company's default of the global
 * type, the company's vendor of the type's ad platform; an update keeps it unless told; it goes
 * with the line to a new version; a template's lines take the defaults.
 */
const newVendor = async (c: Company, extra: Record<string, unknown> = {}) =>
  expectOk(
    await invoke('VendorsService', 'SaveVendor', { as: c.admin, body: { vendor: { ...fixtureVendor(), ...extra } } }),
  ).ID as number;
const archive = async (c: Company, vendorId: number) =>
  expectOk(await invoke('VendorsService', 'ArchiveVendor', { as: c.admin, body: { vendorId } }));
const copyDefault = (c: Company, copyId: number, vendorId: number | null) =>
  saveAccountChannelField(c.planner, c.accounts.main.ID, {
    ids: [copyId],
    fieldName: 'DefaultVendorId',
    fieldValue: vendorId,
  });
const typeDefault = (c: Company, typeId: number, vendorId: number) =>
  transactWrite(
    companyDefaultVendorWrites(c.companyId, typeId, {
      before: null,
      after: vendorId,
      who: 'test',
      at: new Date().toISOString(),
    }),
  );

const body = (versionId: number, typeId: number, extra: Record<string, unknown> = {}) => ({
  mediaChannel: {
    ID: 0,
    MediaMixId: versionId,
    AccountChannelTypeId: typeId,
    StartDate: PLAN_START,
    EndDate: PLAN_END,
    BuyType: 'CPM',
    UnitCost: 20,
    Budget: 1000,
    ImageCreatives: 0,
    VideoCreatives: 0,
    ...extra,
  },
});
const addLine = async (c: Company, versionId: number, typeId: number, extra: Record<string, unknown> = {}) =>
  expectOk(await lines(c, 'SaveMediaChannel', body(versionId, typeId, extra)));

describe('a new line without vendorId: the default chain', () => {
  it('copy default, then the global type default, then the platform vendor, passing over archived ones', async () => {
    const c = await makeCompany('Vendor Chain Agency');
    const google = await newVendor(c, { platform: 'google_ads' });
    const meta = await newVendor(c, { platform: 'meta_ads' });
    const own = await newVendor(c);
    const global = await newVendor(c);
    const search = await channelType(c, 'Google Search');
    const outdoor = await channelType(c, 'Outdoor');
    const facebook = await channelType(c, 'Meta (Facebook)');
    const p = await seedDraft(c, 0);
    const v = p.planVersion.ID;

    expect((await addLine(c, v, search.ID)).VendorId).toBe(google);
    expect((await addLine(c, v, outdoor.ID)).VendorId).toBeNull();
    await typeDefault(c, outdoor.ChannelTypeId, global);
    expect((await addLine(c, v, outdoor.ID)).VendorId).toBe(global);
    await copyDefault(c, outdoor.ID, own);
    expect((await addLine(c, v, outdoor.ID)).VendorId).toBe(own);
    await copyDefault(c, search.ID, own);
    expect((await addLine(c, v, search.ID)).VendorId).toBe(own);

    // Named or refused by the planner: no default.
    expect((await addLine(c, v, search.ID, { vendorId: null })).VendorId).toBeNull();
    expect((await addLine(c, v, search.ID, { vendorId: String(meta) })).VendorId).toBe(meta);

    // An archived default is passed over: the copy's (own) falls to the platform's, the global one to none.
    await archive(c, own);
    expect((await addLine(c, v, search.ID)).VendorId).toBe(google);
    await archive(c, global);
    expect((await addLine(c, v, outdoor.ID)).VendorId).toBeNull();
    await archive(c, meta);
    expect((await addLine(c, v, facebook.ID)).VendorId).toBeNull();
  });
});

describe('a named vendor', () => {
  it("refuses another company's vendor (404) and an archived one (409), writing nothing", async () => {
    const c = await makeCompany();
    const stranger = await makeCompany();
    for (let i = 0; i < 3; i++) await newVendor(stranger);
    const foreign = await newVendor(stranger);
    const archived = await newVendor(c);
    await archive(c, archived);
    const search = await channelType(c, 'Google Search');
    const p = await seedDraft(c, 1);
    const before = await itemsOf(c);
    const r404 = await lines(c, 'SaveMediaChannel', body(p.planVersion.ID, search.ID, { vendorId: foreign }));
    expect(r404.status).toBe(404);
    expect(r404.body.ErrorParams).toEqual({ entity: 'Vendor', id: foreign });
    const r409 = await lines(c, 'SaveMediaChannel', body(p.planVersion.ID, search.ID, { vendorId: archived }));
    expect(r409.body).toMatchObject({ ErrorCode: 'ENTITY_ARCHIVED', ErrorParams: { entity: 'Vendor', id: archived } });
    const l = p.lines[0];
    const upd = await lines(c, 'SaveMediaChannel', {
      mediaChannel: { ...body(p.planVersion.ID, l.AccountChannelTypeId).mediaChannel, ...l, vendorId: archived },
    });
    expect(upd.body.ErrorCode).toBe('ENTITY_ARCHIVED');
    expect(await itemsOf(c)).toEqual(before);
  });

  it('an update sets, keeps (absent) and clears (null) it; the audit shows the change', async () => {
    const c = await makeCompany();
    const a = await newVendor(c);
    const p = await seedDraft(c, 1);
    const l = p.lines[0];
    const edit = (version: number, extra: Record<string, unknown>) =>
      lines(c, 'SaveMediaChannel', {
        mediaChannel: {
          ID: l.ID,
          MediaMixId: l.MediaMixId,
          AccountChannelTypeId: l.AccountChannelTypeId,
          StartDate: l.StartDate,
          EndDate: l.EndDate,
          BuyType: l.BuyType,
          UnitCost: l.UnitCost,
          Budget: l.Budget,
          version,
          ...extra,
        },
      });
    const set = expectOk(await edit(l.version, { vendorId: a }));
    expect(set.VendorId).toBe(a);
    const kept = expectOk(await edit(set.version, { Budget: 1234 }));
    expect(kept.VendorId).toBe(a);
    const cleared = expectOk(await edit(kept.version, { vendorId: null }));
    expect(cleared.VendorId).toBeNull();
    await settleStreams();
    const trail = await auditOf(c.companyId, 'MediaChannel', l.ID);
    const changes = trail
      .filter((e) => e.action === 'update')
      .map((e) => [e.before.VendorId, e.after.VendorId])
      .sort((x, y) => String(x).localeCompare(String(y)));
    expect(changes).toEqual(
      expect.arrayContaining([
        [l.VendorId, a],
        [a, a],
        [a, null],
      ]),
    );
  });
});

describe('the vendor goes with the line', () => {
  it('to a new version, and a template applied gives its lines the defaults', async () => {
    const c = await makeCompany();
    await seedRate(c, '2001-02-03', 'USD', 'ILS', 3.7);
    const google = await newVendor(c, { platform: 'google_ads' });
    const named = await newVendor(c);
    const outdoor = await channelType(c, 'Outdoor');
    const p = await seedDraft(c, 0);
    const l = await addLine(c, p.planVersion.ID, outdoor.ID, { vendorId: named });
    const submitted = await submitVersion(c.planner, c.accounts.main.ID, {
      mediaMixId: p.planVersion.ID,
      version: (await version(c, 'GetMediaMixInfo', { mediaMixId: p.planVersion.ID })).body.Response.version,
    });
    await approveVersion(c.approver, c.accounts.main.ID, { mediaMixId: submitted.ID, version: submitted.version });
    const v2 = expectOk(await version(c, 'CreateMediaMixVersion', { mediaMixId: p.planVersion.ID }));
    const info2 = expectOk(await version(c, 'GetMediaMixInfo', { mediaMixId: v2.ID }));
    expect(info2.Lines.map((x: { SourceLineId: number; VendorId: number }) => [x.SourceLineId, x.VendorId])).toEqual([
      [l.ID, named],
    ]);

    const templateId = await seedTemplate(c, [
      { type: 'Google Search', share: 60, buyType: 'CPC', unitCost: 2.5 },
      { type: 'Outdoor', share: 40, buyType: 'Flat', unitCost: 1 },
    ]);
    const applied = expectOk(
      await invoke('TemplatesService', 'ApplyTemplate', {
        as: c.planner,
        accountId: c.accounts.main.ID,
        body: { templateId, mediaMixId: v2.ID, totalBudget: 5000 },
      }),
    );
    expect(applied.Lines.map((x: { VendorId: number | null }) => x.VendorId)).toEqual([google, null]);
  });
});
