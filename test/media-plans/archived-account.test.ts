import { GetCommand } from '../../lambdas/aws/dynamodb/commands';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { versionKeys } from '../../lambdas/modules/media-plans/store/plans';
import {
  channelType,
  current,
  PLAN_END,
  PLAN_START,
  seedActivity,
  seedApproved,
  seedDraft,
  seedVersion,
  seedLine,
  seedRate,
  seedSubmitted,
  seedTemplate,
} from '../support/media-plans';
import { invoke, makeCompany, type Company } from '../support/world';
import { expectError, expectOk, itemsOf, lines, version } from './helpers';

/**
 * An archived account's plans are frozen like its activities — every plan write under
 * an archived main account or sub-account answers 409 saying so (both line-save paths, versions,
 * the lifecycle, client answers, templates, channel types) and changes nothing; restoring the
 * account makes them changeable again.
 */
let c: Company;
beforeAll(async () => {
  c = await makeCompany('Archived Plans Agency');
  await seedRate(c, '2001-02-03', 'USD', 'ILS', 3.7);
});

const ARCHIVED = /Account 'Main Client' is archived; restore it to change its plans/;
const SUB_ARCHIVED = /Sub-account 'Main Client Sub' is archived; restore it to change its plans/;

const accounts = (method: string, accountId: number, as = c.approver) =>
  invoke('AccountsService', method, { as, accountId: c.accounts.main.ID, body: { accountId } });

const lineEdit = (
  versionId: number,
  l: { ID: number; version: number; AccountChannelTypeId: number },
  extra: Record<string, unknown> = {},
) => ({
  mediaChannel: {
    ID: l.ID,
    version: l.version,
    MediaMixId: versionId,
    AccountChannelTypeId: l.AccountChannelTypeId,
    Name: 'Line',
    StartDate: PLAN_START,
    EndDate: PLAN_END,
    BuyType: 'CPM',
    UnitCost: 25,
    Budget: 2000,
    ImageCreatives: 0,
    VideoCreatives: 0,
    Notes: '',
    ...extra,
  },
});

async function editable(versionId: number, lineId: number): Promise<boolean> {
  const out = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: versionKeys.line(c.companyId, versionId, lineId),
      ConsistentRead: true,
    }),
  );
  return out.Item?.Editable === true;
}

describe('a main account archived', () => {
  it('refuses every plan write with 409 naming the account, changes nothing, and a restore lets them through again', async () => {
    const draft = await seedDraft(c, 2);
    const submitted = await seedSubmitted(c, 1);
    const approved = await seedApproved(c, 1);
    const empty = await seedDraft(c, 0);
    const fresh = await seedActivity(c, { name: 'Unplanned flight' });
    const templateId = await seedTemplate(c);
    const type = await channelType(c);
    const l = draft.lines[0];
    expect(await editable(draft.planVersion.ID, l.ID)).toBe(true);

    // Sub-accounts first (DeleteAccount refuses a main account with active sub-accounts).
    expectOk(await accounts('DeleteAccount', c.accounts.sub.ID));
    expectOk(await accounts('DeleteAccount', c.accounts.main.ID));
    // The archive took the one-write mark off the open version's lines.
    expect(await editable(draft.planVersion.ID, l.ID)).toBe(false);
    const before = await itemsOf(c);

    const refused: [string, Promise<unknown>][] = [
      ['SaveMediaChannel one-write shape', lines(c, 'SaveMediaChannel', lineEdit(draft.planVersion.ID, l))],
      [
        'SaveMediaChannel new dates',
        lines(c, 'SaveMediaChannel', lineEdit(draft.planVersion.ID, l, { StartDate: '2026-01-10' })),
      ],
      [
        'SaveMediaChannel create',
        lines(
          c,
          'SaveMediaChannel',
          lineEdit(draft.planVersion.ID, { ID: 0, version: 0, AccountChannelTypeId: type.ID }),
        ),
      ],
      ['DeleteMediaChannel', lines(c, 'DeleteMediaChannel', { channelId: draft.lines[1].ID })],
      [
        'SaveMediaMix rename',
        version(c, 'SaveMediaMix', {
          mediaMix: {
            ID: draft.planVersion.ID,
            ActivityId: draft.activity.ID,
            Name: 'Renamed',
            version: draft.planVersion.version,
          },
        }),
      ],
      [
        'SaveMediaMix create',
        version(c, 'SaveMediaMix', { mediaMix: { ID: 0, ActivityId: fresh.ID, Name: 'New plan' } }),
      ],
      [
        'SubmitMediaMix',
        version(c, 'SubmitMediaMix', { mediaMixId: draft.planVersion.ID, version: draft.planVersion.version }),
      ],
      [
        'ApproveMediaMix',
        version(
          c,
          'ApproveMediaMix',
          { mediaMixId: submitted.planVersion.ID, version: submitted.planVersion.version },
          c.approver,
        ),
      ],
      [
        'RejectMediaMix',
        version(
          c,
          'RejectMediaMix',
          { mediaMixId: submitted.planVersion.ID, version: submitted.planVersion.version, reason: 'No' },
          c.approver,
        ),
      ],
      ['CreateMediaMixVersion', version(c, 'CreateMediaMixVersion', { mediaMixId: approved.planVersion.ID })],
      ['ClientSignOff', version(c, 'ClientSignOff', { mediaMixId: approved.planVersion.ID }, c.client)],
      ['ClientDecline', version(c, 'ClientDecline', { mediaMixId: approved.planVersion.ID, comment: 'No' }, c.client)],
      [
        'ApplyTemplate',
        invoke('TemplatesService', 'ApplyTemplate', {
          as: c.planner,
          accountId: c.accounts.main.ID,
          body: { templateId, mediaMixId: empty.planVersion.ID, totalBudget: 1000 },
        }),
      ],
    ];
    for (const [name, call] of refused) {
      const r = (await call) as Awaited<ReturnType<typeof version>>;
      expect({ name, status: r.status, message: r.body.ErrorMessage }).toEqual({
        name,
        status: 409,
        message: expect.stringMatching(ARCHIVED),
      });
    }
    // The account's channel types (account-level settings) refuse too.
    for (const [method, body] of [
      ['SaveAccountManagementFee', { ids: [type.ID], management_fee: 12 }],
      ['SaveAccountSystemFee', { ids: [type.ID], system_fee: 1 }],
      ['SaveAccountChannelField', { ids: [type.ID], fieldName: 'Name', fieldValue: 'Renamed' }],
      ['InitAccountChannelTypes', { reload: true }],
    ] as const) {
      expectError(
        await invoke('AccountsService', method, { as: c.planner, accountId: c.accounts.main.ID, body }),
        409,
        /is archived/,
      );
    }
    expect(await itemsOf(c)).toEqual(before);

    // Restored: the same writes go through; the first line change takes the full path and marks the line again.
    expectOk(await accounts('RestoreAccount', c.accounts.main.ID));
    const saved = expectOk(await lines(c, 'SaveMediaChannel', lineEdit(draft.planVersion.ID, l)));
    expect(saved.MediaMixChanged).toBe(true);
    expect(await editable(draft.planVersion.ID, l.ID)).toBe(true);
    const again = expectOk(
      await lines(
        c,
        'SaveMediaChannel',
        lineEdit(draft.planVersion.ID, { ...l, version: saved.version }, { Budget: 2500 }),
      ),
    );
    expect(again.MediaMixChanged).toBe(false);
    const head = await current(c, draft.planVersion.ID);
    expectOk(await version(c, 'SubmitMediaMix', { mediaMixId: draft.planVersion.ID, version: head.version }));
    expectOk(
      await version(
        c,
        'ApproveMediaMix',
        { mediaMixId: submitted.planVersion.ID, version: submitted.planVersion.version },
        c.approver,
      ),
    );
    expectOk(await accounts('RestoreAccount', c.accounts.sub.ID));
  });
});

describe('a sub-account archived', () => {
  it('freezes the plans of the activities booked on it (its main account stays open), and only those', async () => {
    const onSub = await seedActivity(c, { subAccountId: c.accounts.sub.ID, name: 'Sub flight' });
    const subVersion = await seedVersion(c, onSub);
    const subLine = await seedLine(c, subVersion);
    const onMain = await seedDraft(c, 1);
    expectOk(await accounts('DeleteAccount', c.accounts.sub.ID));

    const head = await current(c, subVersion.ID);
    for (const page of [c.accounts.main.ID, c.accounts.sub.ID]) {
      expectError(
        await lines(c, 'SaveMediaChannel', lineEdit(subVersion.ID, subLine), c.planner, page),
        409,
        SUB_ARCHIVED,
      );
      expectError(
        await version(c, 'SubmitMediaMix', { mediaMixId: subVersion.ID, version: head.version }, c.planner, page),
        409,
        SUB_ARCHIVED,
      );
    }
    expect(await editable(subVersion.ID, subLine.ID)).toBe(false);
    // The main account's own plans are not affected.
    expect(await editable(onMain.planVersion.ID, onMain.lines[0].ID)).toBe(true);
    expectOk(await lines(c, 'SaveMediaChannel', lineEdit(onMain.planVersion.ID, onMain.lines[0])));

    expectOk(await accounts('RestoreAccount', c.accounts.sub.ID));
    expectOk(await lines(c, 'SaveMediaChannel', lineEdit(subVersion.ID, subLine)));
  });
});
