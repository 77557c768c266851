import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { sumAggregates } from '../../lambdas/domain/media-mix-figures';
import { ddb, tableName } from '../../lambdas/repositories/client';
import { getMixWithLines, mediaMixKeys, type MediaMix } from '../../lambdas/repositories/media-mixes';
import { current, PLAN_END, PLAN_START, seedDraft, seedRate } from '../support/media-plans';
import { settleStreams } from '../support/streams';
import { invoke, makeCompany, type Company } from '../support/world';
import { auditOf, expectError, expectOk, info, itemsOf, lines, mix } from './helpers';

/**
 * The one-write line change (lambdas/domain/media-channels.ts, repositories/plan-line-writes.ts):
 * a grid edit of a Draft's line is a single conditional UpdateItem, audited from the table's change
 * stream; everything the transaction used to check still holds, through conditions on the line, the
 * lock Submit (and DeleteActivity) put on the lines, and the full path when a condition fails.
 */
let c: Company;
beforeAll(async () => {
  c = await makeCompany('One Write Agency');
  await seedRate(c, '2001-02-03', 'USD', 'ILS', 3.7);
});

const edit = (mixId: number, l: { ID: number; version: number; AccountChannelTypeId: number }, extra: Record<string, unknown> = {}) => ({
  mediaChannel: {
    ID: l.ID, version: l.version, MediaMixId: mixId, AccountChannelTypeId: l.AccountChannelTypeId, Name: 'Search brand',
    StartDate: PLAN_START, EndDate: PLAN_END, BuyType: 'CPC', UnitCost: 2.5, Budget: 1000, ImageCreatives: 1, VideoCreatives: 0, Notes: '', ...extra,
  },
});

async function rawLine(mixId: number, lineId: number) {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: mediaMixKeys.line(c.companyId, mixId, lineId), ConsistentRead: true }));
  return out.Item!;
}

/** The header's sums against the sums of the lines as they are now. */
async function sumsAgree(mixId: number): Promise<{ header: MediaMix; agree: boolean }> {
  const m = (await getMixWithLines(c.companyId, mixId, true))!;
  const fromLines = sumAggregates(m.lines);
  const h = m.header;
  const agree = (Object.keys(fromLines) as (keyof typeof fromLines)[]).every((k) => h[k] === fromLines[k]);
  return { header: h, agree };
}

describe('a line change in one write', () => {
  it('leaves the header alone, marks the line, and the change stream audits it exactly once', async () => {
    const p = await seedDraft(c, 1);
    const l = p.lines[0];
    const headerBefore = await current(c, p.mix.ID);
    const r = expectOk(await lines(c, 'SaveMediaChannel', edit(p.mix.ID, l, { Budget: 1500, ManagementFeePct: 12, Name: '' })));
    expect(r).toMatchObject({ version: 2, Budget: 1500, ManagementFeePct: 12, Name: l.ChannelTypeName, SystemFeePct: l.SystemFeePct });
    expect(r).not.toHaveProperty('Editable');
    expect(r).not.toHaveProperty('StreamAudit');
    expect(await current(c, p.mix.ID)).toEqual(headerBefore);
    expect(await rawLine(p.mix.ID, l.ID)).toMatchObject({ Editable: true, StreamAudit: 2, version: 2, BudgetMinor: 150000 });

    await settleStreams();
    await settleStreams();
    const updates = (await auditOf(c.companyId, 'MediaChannel', l.ID)).filter((e) => e.action === 'update');
    expect(updates).toHaveLength(1);
    expect(updates[0].sk).toMatch(/#v2$/);
    expect(updates[0]).toMatchObject({ who: c.planner.email, before: { Budget: 1000, version: 1 }, after: { Budget: 1500, ManagementFeePct: 12, version: 2 } });
    expect(updates[0].after).not.toHaveProperty('Editable');
    expect((await info(c, p.mix.ID)).Totals.Net).toBe(1500);
  });

  it('new dates take the full path: outside the activity 400 and nothing changes; inside, saved with the header bumped and audited at once', async () => {
    const p = await seedDraft(c, 1);
    const l = p.lines[0];
    const before = await itemsOf(c);
    expectError(await lines(c, 'SaveMediaChannel', edit(p.mix.ID, l, { StartDate: '2025-12-01' })), 400, /mediaChannel\.StartDate: the line runs 2025-12-01/);
    expect(await itemsOf(c)).toEqual(before);

    const headerBefore = await current(c, p.mix.ID);
    expectOk(await lines(c, 'SaveMediaChannel', edit(p.mix.ID, l, { StartDate: '2026-01-15' })));
    expect((await current(c, p.mix.ID)).version).toBe(headerBefore.version + 1);
    // The transaction wrote its own entry: no stream needed (and the stream adds none).
    expect((await auditOf(c.companyId, 'MediaChannel', l.ID)).filter((e) => e.action === 'update')).toHaveLength(1);
    await settleStreams();
    expect((await auditOf(c.companyId, 'MediaChannel', l.ID)).filter((e) => e.action === 'update')).toHaveLength(1);
  });

  it("a stale version is 409 and another company's line is 404, and neither changes anything", async () => {
    const p = await seedDraft(c, 1);
    const l = p.lines[0];
    const other = await makeCompany('Other One Write Agency');
    const before = await itemsOf(c);
    expectError(await lines(c, 'SaveMediaChannel', edit(p.mix.ID, { ...l, version: 5 })), 409, /changed by someone else/);
    expectError(await lines(other, 'SaveMediaChannel', edit(p.mix.ID, l), other.planner, other.accounts.main.ID), 404, /was not found/);
    expect(await itemsOf(c)).toEqual(before);
  });
});

describe('Submit locks the lines first', () => {
  it('submits what the lines are now (a one-write edit after the header was read included); afterwards every line edit is 409', async () => {
    const p = await seedDraft(c, 3);
    const read = await current(c, p.mix.ID);
    expectOk(await lines(c, 'SaveMediaChannel', edit(p.mix.ID, p.lines[0], { Budget: 7777 })));
    expect((await current(c, p.mix.ID)).version).toBe(read.version);

    expectOk(await mix(c, 'SubmitMediaMix', { mediaMixId: p.mix.ID, version: read.version }));
    const { header, agree } = await sumsAgree(p.mix.ID);
    expect(header.Status).toBe(2);
    expect(agree).toBe(true);
    expect(header.NetMinor).toBe((7777 + 1001 + 1002) * 100);
    for (const l of p.lines) expect(await rawLine(p.mix.ID, l.ID)).not.toHaveProperty('Editable');

    const before = await itemsOf(c);
    expectError(await lines(c, 'SaveMediaChannel', edit(p.mix.ID, p.lines[1], { Budget: 1 })), 409,
      'Version 1 is Submitted; it cannot change until it is approved or rejected');
    expect(await itemsOf(c)).toEqual(before);
  });

  it('a line edit racing a Submit lands before the lock (and is in the submitted sums), or makes the Submit stale, or is refused — never after', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const p = await seedDraft(c, 2);
      const [submit, save] = await Promise.all([
        mix(c, 'SubmitMediaMix', { mediaMixId: p.mix.ID, version: p.mix.version }),
        lines(c, 'SaveMediaChannel', edit(p.mix.ID, p.lines[round % 2], { Budget: 3000 + round })),
      ]);
      outcomes.add(`${submit.status}/${save.status}`);
      expect([200, 409]).toContain(submit.status);
      expect([200, 409]).toContain(save.status);
      expect(submit.status === 200 || save.status === 200).toBe(true);
      const { header, agree } = await sumsAgree(p.mix.ID);
      if (submit.status === 200) {
        expect(header.Status).toBe(2);
        expect(agree).toBe(true);
      } else {
        expect(header.Status).toBe(1);
        // The Draft stays submittable.
        expectOk(await mix(c, 'SubmitMediaMix', { mediaMixId: p.mix.ID, version: header.version }));
        expect((await sumsAgree(p.mix.ID)).agree).toBe(true);
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

it("a deleted activity's plan takes no line change (409 naming the deletion); restored, the line changes again", async () => {
  const p = await seedDraft(c, 1);
  const l = p.lines[0];
  const del = await invoke('ActivitiesService', 'DeleteActivity', { as: c.planner, accountId: c.accounts.main.ID, body: { activityId: p.activity.ID } });
  expect(del.status).toBe(200);
  expect(await rawLine(p.mix.ID, l.ID)).not.toHaveProperty('Editable');
  expectError(await lines(c, 'SaveMediaChannel', edit(p.mix.ID, l, { Budget: 2 })), 409, /deleted; restore it before changing its media plan/);
  const restored = await invoke('ActivitiesService', 'RestoreActivity', { as: c.planner, accountId: c.accounts.main.ID, body: { activityId: p.activity.ID } });
  expect(restored.status).toBe(200);
  // The full path saves it and re-arms the one-write change.
  expect(expectOk(await lines(c, 'SaveMediaChannel', edit(p.mix.ID, l, { Budget: 2 })))).toMatchObject({ Budget: 2, version: 2 });
  expect(await rawLine(p.mix.ID, l.ID)).toMatchObject({ Editable: true });
  expect(expectOk(await lines(c, 'SaveMediaChannel', edit(p.mix.ID, { ...l, version: 2 }, { Budget: 3 })))).toMatchObject({ Budget: 3, version: 3 });
  expect(await rawLine(p.mix.ID, l.ID)).toMatchObject({ StreamAudit: 3 });
});
