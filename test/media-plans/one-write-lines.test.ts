import { GetCommand } from '../../lambdas/aws/dynamodb/commands';
import { sumAggregates } from '../../lambdas/modules/media-plans/figures';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { getVersionWithLines, versionKeys, type PlanVersion } from '../../lambdas/modules/media-plans/store/plans';
import { current, PLAN_END, PLAN_START, seedDraft, seedRate } from '../support/media-plans';
import { clearGates, holdNext, transactPuts, type SentCommand } from '../support/command-gates';
import { settleStreams } from '../support/streams';
import { invoke, makeCompany, type Company } from '../support/world';
import { auditOf, expectError, expectOk, info, itemsOf, lines, version } from './helpers';

/**
 * The one-write line change (lambdas/modules/media-plans/lines.ts, modules/media-plans/store/line-writes.ts):
 * a grid edit of a Draft's line is a single conditional UpdateItem, audited from the table's change
 * stream; everything the transaction used to check still holds, through conditions on the line, the
 * lock Submit (and DeleteActivity) put on the lines, and the full path when a condition fails.
 */
let c: Company;
beforeAll(async () => {
  c = await makeCompany('One Write Agency');
  await seedRate(c, '2001-02-03', 'USD', 'ILS', 3.7);
});

const edit = (
  versionId: number,
  l: { ID: number; version: number; AccountChannelTypeId: number },
  extra: Record<string, unknown> = {},
) => ({
  mediaChannel: {
    ID: l.ID,
    version: l.version,
    MediaMixId: versionId,
    AccountChannelTypeId: l.AccountChannelTypeId,
    Name: 'Search brand',
    StartDate: PLAN_START,
    EndDate: PLAN_END,
    BuyType: 'CPC',
    UnitCost: 2.5,
    Budget: 1000,
    ImageCreatives: 1,
    VideoCreatives: 0,
    Notes: '',
    ...extra,
  },
});

async function rawLine(versionId: number, lineId: number) {
  const out = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: versionKeys.line(c.companyId, versionId, lineId),
      ConsistentRead: true,
    }),
  );
  return out.Item!;
}

/** The header's sums against the sums of the lines as they are now. */
async function sumsAgree(versionId: number): Promise<{ header: PlanVersion; agree: boolean }> {
  const m = (await getVersionWithLines(c.companyId, versionId, true))!;
  const fromLines = sumAggregates(m.lines);
  const h = m.header;
  const agree = (Object.keys(fromLines) as (keyof typeof fromLines)[]).every((k) => h[k] === fromLines[k]);
  return { header: h, agree };
}

describe('a line change in one write', () => {
  it('leaves the header alone, marks the line, and the change stream audits it exactly once', async () => {
    const p = await seedDraft(c, 1);
    const l = p.lines[0];
    const headerBefore = await current(c, p.planVersion.ID);
    const r = expectOk(
      await lines(c, 'SaveMediaChannel', edit(p.planVersion.ID, l, { Budget: 1500, ManagementFeePct: 12, Name: '' })),
    );
    expect(r).toMatchObject({
      version: 2,
      Budget: 1500,
      ManagementFeePct: 12,
      Name: l.ChannelTypeName,
      SystemFeePct: l.SystemFeePct,
    });
    expect(r).not.toHaveProperty('Editable');
    expect(r).not.toHaveProperty('StreamAudit');
    expect(await current(c, p.planVersion.ID)).toEqual(headerBefore);
    expect(await rawLine(p.planVersion.ID, l.ID)).toMatchObject({
      Editable: true,
      StreamAudit: 2,
      version: 2,
      BudgetMinor: 150000,
    });

    await settleStreams();
    await settleStreams();
    const updates = (await auditOf(c.companyId, 'MediaChannel', l.ID)).filter((e) => e.action === 'update');
    expect(updates).toHaveLength(1);
    expect(updates[0].sk).toMatch(/#v2$/);
    expect(updates[0]).toMatchObject({
      who: c.planner.email,
      before: { Budget: 1000, version: 1 },
      after: { Budget: 1500, ManagementFeePct: 12, version: 2 },
    });
    expect(updates[0].after).not.toHaveProperty('Editable');
    expect((await info(c, p.planVersion.ID)).Totals.Net).toBe(1500);
  });

  it('new dates take the full path: outside the activity 400 and nothing changes; inside, saved with the header bumped and audited at once', async () => {
    const p = await seedDraft(c, 1);
    const l = p.lines[0];
    const before = await itemsOf(c);
    expectError(
      await lines(c, 'SaveMediaChannel', edit(p.planVersion.ID, l, { StartDate: '2025-12-01' })),
      400,
      /mediaChannel\.StartDate: the line runs 2025-12-01/,
    );
    expect(await itemsOf(c)).toEqual(before);

    const headerBefore = await current(c, p.planVersion.ID);
    expectOk(await lines(c, 'SaveMediaChannel', edit(p.planVersion.ID, l, { StartDate: '2026-01-15' })));
    expect((await current(c, p.planVersion.ID)).version).toBe(headerBefore.version + 1);
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
    expectError(
      await lines(c, 'SaveMediaChannel', edit(p.planVersion.ID, { ...l, version: 5 })),
      409,
      /changed by someone else/,
    );
    expectError(
      await lines(other, 'SaveMediaChannel', edit(p.planVersion.ID, l), other.planner, other.accounts.main.ID),
      404,
      /was not found/,
    );
    expect(await itemsOf(c)).toEqual(before);
  });
});

describe('Submit locks the lines first', () => {
  it('submits what the lines are now (a one-write edit after the header was read included); afterwards every line edit is 409', async () => {
    const p = await seedDraft(c, 3);
    const read = await current(c, p.planVersion.ID);
    expectOk(await lines(c, 'SaveMediaChannel', edit(p.planVersion.ID, p.lines[0], { Budget: 7777 })));
    expect((await current(c, p.planVersion.ID)).version).toBe(read.version);

    expectOk(await version(c, 'SubmitMediaMix', { mediaMixId: p.planVersion.ID, version: read.version }));
    const { header, agree } = await sumsAgree(p.planVersion.ID);
    expect(header.Status).toBe(2);
    expect(agree).toBe(true);
    expect(header.NetMinor).toBe((7777 + 1001 + 1002) * 100);
    for (const l of p.lines) expect(await rawLine(p.planVersion.ID, l.ID)).not.toHaveProperty('Editable');

    const before = await itemsOf(c);
    expectError(
      await lines(c, 'SaveMediaChannel', edit(p.planVersion.ID, p.lines[1], { Budget: 1 })),
      409,
      'Version 1 is Submitted; it cannot change until it is approved or rejected',
    );
    expect(await itemsOf(c)).toEqual(before);
  });
});

/**
 * A grid edit racing a Submit, each interleaving forced with gates on the product's DynamoDB client
 * (test/support/command-gates.ts). Submit: (0) read the header, (1) lock the lines (a Query for the
 * `Editable` ones, then one REMOVE each), (2) read the header and lines again, (3) write the header
 * with the sums of (2). The edit: one conditional write while the line is `Editable`, else the full
 * path (read, then one transaction with the header). Every ordering ends in exactly one outcome, and
 * a Submitted header's sums are always the sums of its locked lines.
 */
describe('a line edit racing a Submit, each ordering forced', () => {
  afterEach(clearGates);

  const pk = (versionId: number) => versionKeys.partition(c.companyId, versionId);
  const isLockQuery = (versionId: number) => (s: SentCommand) =>
    s.name === 'QueryCommand' &&
    s.input.FilterExpression === 'attribute_exists(#ed)' &&
    s.input.ExpressionAttributeValues?.[':pk'] === pk(versionId);
  const isLockWrite = (versionId: number, lineId?: number) => (s: SentCommand) =>
    s.name === 'UpdateCommand' &&
    s.input.UpdateExpression === 'REMOVE #ed' &&
    s.input.Key?.pk === pk(versionId) &&
    (lineId === undefined || s.input.Key.sk === versionKeys.line(c.companyId, versionId, lineId).sk);
  const isSubmitWrite = (versionId: number) => (s: SentCommand) =>
    transactPuts(s).some(
      (i) => i.pk === pk(versionId) && i.sk === versionKeys.header(c.companyId, versionId).sk && i.Status === 2,
    );
  const isFullPathLineWrite = (versionId: number, lineId: number) => (s: SentCommand) =>
    transactPuts(s).some((i) => i.pk === pk(versionId) && i.sk === versionKeys.line(c.companyId, versionId, lineId).sk);
  /** Submit's step (2): the first read of the plan after a lock write was sent. */
  const isReadAfterLock = (versionId: number) => {
    let locked = false;
    return (s: SentCommand) => {
      if (isLockWrite(versionId)(s)) locked = true;
      return (
        locked &&
        s.name === 'QueryCommand' &&
        !s.input.FilterExpression &&
        s.input.ExpressionAttributeValues?.[':pk'] === pk(versionId)
      );
    };
  };

  const submit = (p: { planVersion: { ID: number; version: number } }) =>
    version(c, 'SubmitMediaMix', { mediaMixId: p.planVersion.ID, version: p.planVersion.version });
  const SUBMITTED = 'Version 1 is Submitted; it cannot change until it is approved or rejected';

  /** The invariant: Submitted, its sums are those of its lines, and no line takes a one-write change. */
  async function expectSubmittedWithItsLinesSums(versionId: number, lineIds: number[]) {
    const { header, agree } = await sumsAgree(versionId);
    expect(header.Status).toBe(2);
    expect(agree).toBe(true);
    for (const id of lineIds) expect(await rawLine(versionId, id)).not.toHaveProperty('Editable');
    return header;
  }

  /** A Submit that lost the race left a Draft: it submits again, with the edit in its sums. */
  async function expectStillSubmittable(versionId: number, lineIds: number[]) {
    const h = await current(c, versionId);
    expect(h.Status).toBe(1);
    expectOk(await version(c, 'SubmitMediaMix', { mediaMixId: versionId, version: h.version }));
    return expectSubmittedWithItsLinesSums(versionId, lineIds);
  }

  it('edit, then Submit: the edit is in the submitted sums', async () => {
    const p = await seedDraft(c, 2);
    expectOk(await lines(c, 'SaveMediaChannel', edit(p.planVersion.ID, p.lines[0], { Budget: 3000 })));
    expectOk(await submit(p));
    const h = await expectSubmittedWithItsLinesSums(
      p.planVersion.ID,
      p.lines.map((l) => l.ID),
    );
    expect(h.NetMinor).toBe((3000 + 1001) * 100);
  });

  it('Submit read the header, the edit lands before the lock: one write, and it is in the submitted sums', async () => {
    const p = await seedDraft(c, 2);
    const lock = holdNext(isLockQuery(p.planVersion.ID));
    const submitting = submit(p);
    await lock.reached;
    expect(
      expectOk(await lines(c, 'SaveMediaChannel', edit(p.planVersion.ID, p.lines[0], { Budget: 3000 }))),
    ).toMatchObject({
      Budget: 3000,
      version: 2,
    });
    // One write: the header was not touched, so the Submit's version read is still current.
    expect((await current(c, p.planVersion.ID)).version).toBe(p.planVersion.version);
    lock.open();
    expectOk(await submitting);
    const h = await expectSubmittedWithItsLinesSums(
      p.planVersion.ID,
      p.lines.map((l) => l.ID),
    );
    expect(h.NetMinor).toBe((3000 + 1001) * 100);
  });

  it('the edit lands during the lock, on a line not locked yet: one write, and it is in the submitted sums', async () => {
    const p = await seedDraft(c, 2);
    const lockLine = holdNext(isLockWrite(p.planVersion.ID, p.lines[1].ID));
    const submitting = submit(p);
    await lockLine.reached;
    expect(await rawLine(p.planVersion.ID, p.lines[1].ID)).toMatchObject({ Editable: true });
    expectOk(await lines(c, 'SaveMediaChannel', edit(p.planVersion.ID, p.lines[1], { Budget: 3000 })));
    expect((await current(c, p.planVersion.ID)).version).toBe(p.planVersion.version);
    lockLine.open();
    expectOk(await submitting);
    const h = await expectSubmittedWithItsLinesSums(
      p.planVersion.ID,
      p.lines.map((l) => l.ID),
    );
    expect(h.NetMinor).toBe((1000 + 3000) * 100);
  });

  it.each([
    ["between the lock and Submit's second read", isReadAfterLock],
    ["between Submit's second read and its header write", isSubmitWrite],
  ])(
    'the edit lands %s: it takes the full path and Submit answers stale 409; the Draft stays submittable',
    async (_when, gateOf) => {
      const p = await seedDraft(c, 2);
      const gate = holdNext(gateOf(p.planVersion.ID));
      const submitting = submit(p);
      await gate.reached;
      // The lock is on: the one write is refused and the full path (which bumps the header) saves the edit.
      expect(await rawLine(p.planVersion.ID, p.lines[0].ID)).not.toHaveProperty('Editable');
      expect(
        expectOk(await lines(c, 'SaveMediaChannel', edit(p.planVersion.ID, p.lines[0], { Budget: 3000 }))),
      ).toMatchObject({
        Budget: 3000,
        version: 2,
      });
      expect((await current(c, p.planVersion.ID)).version).toBe(p.planVersion.version + 1);
      gate.open();
      const refused = await submitting;
      expectError(refused, 409, /changed by someone else/);
      expect(refused.body.ErrorCode).toBe('STALE_VERSION');
      const after = await current(c, p.planVersion.ID);
      expect({ Status: after.Status, version: after.version }).toEqual({
        Status: 1,
        version: p.planVersion.version + 1,
      });
      expect(await rawLine(p.planVersion.ID, p.lines[0].ID)).toMatchObject({ BudgetMinor: 300000, version: 2 });
      const h = await expectStillSubmittable(
        p.planVersion.ID,
        p.lines.map((l) => l.ID),
      );
      expect(h.NetMinor).toBe((3000 + 1001) * 100);
    },
  );

  it('the edit finds the lines locked and reads a Draft, Submit commits before its transaction: the edit is 409 and the line unchanged', async () => {
    const p = await seedDraft(c, 2);
    const header = holdNext(isSubmitWrite(p.planVersion.ID));
    const submitting = submit(p);
    await header.reached;
    const lineBefore = await rawLine(p.planVersion.ID, p.lines[0].ID);
    expect(lineBefore).not.toHaveProperty('Editable');
    const editWrite = holdNext(isFullPathLineWrite(p.planVersion.ID, p.lines[0].ID));
    const editing = lines(c, 'SaveMediaChannel', edit(p.planVersion.ID, p.lines[0], { Budget: 3000 }));
    await editWrite.reached;
    header.open();
    expectOk(await submitting);
    editWrite.open();
    expectError(await editing, 409, SUBMITTED);
    expect(await rawLine(p.planVersion.ID, p.lines[0].ID)).toEqual(lineBefore);
    const h = await expectSubmittedWithItsLinesSums(
      p.planVersion.ID,
      p.lines.map((l) => l.ID),
    );
    expect(h.NetMinor).toBe((1000 + 1001) * 100);
  });

  it('Submit, then the edit: the edit is 409 and changes nothing', async () => {
    const p = await seedDraft(c, 2);
    expectOk(await submit(p));
    const before = await itemsOf(c);
    expectError(
      await lines(c, 'SaveMediaChannel', edit(p.planVersion.ID, p.lines[0], { Budget: 3000 })),
      409,
      SUBMITTED,
    );
    expect(await itemsOf(c)).toEqual(before);
    const h = await expectSubmittedWithItsLinesSums(
      p.planVersion.ID,
      p.lines.map((l) => l.ID),
    );
    expect(h.NetMinor).toBe((1000 + 1001) * 100);
  });

  it('run together at random offsets, every outcome keeps the invariant: the submitted sums are the locked lines', async () => {
    const seen = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const p = await seedDraft(c, 2);
      const target = p.lines[round % 2];
      const budget = 3000 + round;
      const later = <T>(ms: number, f: () => Promise<T>) =>
        new Promise<T>((r) => {
          setTimeout(() => r(f()), ms);
        });
      const [submitted, saved] = await Promise.all([
        later(Math.floor(Math.random() * 15), () => submit(p)),
        later(Math.floor(Math.random() * 15), () =>
          lines(c, 'SaveMediaChannel', edit(p.planVersion.ID, target, { Budget: budget })),
        ),
      ]);
      seen.add(`${submitted.status}/${saved.status}`);
      const line = await rawLine(p.planVersion.ID, target.ID);
      // The edit either happened (whole) or not at all, and its reply says which.
      if (saved.status === 200) expect(line).toMatchObject({ BudgetMinor: budget * 100, version: 2 });
      else {
        expectError(saved, 409, SUBMITTED);
        expect(line).toMatchObject({ BudgetMinor: target.Budget * 100, version: 1 });
      }
      if (submitted.status === 200) {
        // Whenever it happened, an accepted edit is in the submitted sums (sums = lines, line = edit).
        await expectSubmittedWithItsLinesSums(
          p.planVersion.ID,
          p.lines.map((l) => l.ID),
        );
      } else {
        expectError(submitted, 409, /changed by someone else/);
        // Only a saved edit makes a Submit stale.
        expect(saved.status).toBe(200);
        await expectStillSubmittable(
          p.planVersion.ID,
          p.lines.map((l) => l.ID),
        );
      }
    }
    // No assertion on which outcomes the scheduler produced: the forced orderings above cover each one.
    expect([...seen].every((o) => ['200/200', '200/409', '409/200'].includes(o))).toBe(true);
  });
});

it("a deleted activity's plan takes no line change (409 naming the deletion); restored, the line changes again", async () => {
  const p = await seedDraft(c, 1);
  const l = p.lines[0];
  const del = await invoke('ActivitiesService', 'DeleteActivity', {
    as: c.planner,
    accountId: c.accounts.main.ID,
    body: { activityId: p.activity.ID },
  });
  expect(del.status).toBe(200);
  expect(await rawLine(p.planVersion.ID, l.ID)).not.toHaveProperty('Editable');
  expectError(
    await lines(c, 'SaveMediaChannel', edit(p.planVersion.ID, l, { Budget: 2 })),
    409,
    /deleted; restore it before changing its media plan/,
  );
  const restored = await invoke('ActivitiesService', 'RestoreActivity', {
    as: c.planner,
    accountId: c.accounts.main.ID,
    body: { activityId: p.activity.ID },
  });
  expect(restored.status).toBe(200);
  // The full path saves it and re-arms the one-write change.
  expect(expectOk(await lines(c, 'SaveMediaChannel', edit(p.planVersion.ID, l, { Budget: 2 })))).toMatchObject({
    Budget: 2,
    version: 2,
  });
  expect(await rawLine(p.planVersion.ID, l.ID)).toMatchObject({ Editable: true });
  expect(
    expectOk(await lines(c, 'SaveMediaChannel', edit(p.planVersion.ID, { ...l, version: 2 }, { Budget: 3 }))),
  ).toMatchObject({ Budget: 3, version: 3 });
  expect(await rawLine(p.planVersion.ID, l.ID)).toMatchObject({ StreamAudit: 3 });
});
