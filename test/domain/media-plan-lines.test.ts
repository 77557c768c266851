import { deleteLineFor, saveLineFor } from '../../lambdas/modules/media-plans/lines';
import { saveVersionFor } from '../../lambdas/modules/media-plans/versions';
import { submitVersion } from '../../lambdas/modules/media-plans/lifecycle';
import { saveVersion } from '../../lambdas/modules/media-plans/schemas/plans';
import { VersionStatus } from '../../lambdas/shared/version-status';
import type { MemoryMediaPlanStore } from '../support/memory-media-plan-store';
import {
  ACTIVITY_ID,
  COMPANY_ID,
  END,
  lineInput,
  MAIN_ID,
  memoryCompany,
  planner,
  refusal,
  START,
  SUB_ID,
} from '../support/memory-plan-world';

// The rules run on the in-memory store: any DynamoDB call would be a bug in the injection.
jest.mock('../../lambdas/aws/dynamodb/client', () => ({
  ddb: () => {
    throw new Error('the domain unit tests run without DynamoDB');
  },
  tableName: () => {
    throw new Error('the domain unit tests run without DynamoDB');
  },
}));

/**
 * Line edits (lambdas/modules/media-plans/lines.ts) over the in-memory media plan store
 * (test/support/memory-media-plan-store.ts): the guards of the full path and the one-write path,
 * and what a change made by someone else between the read and the commit answers. The same rules
 * run on DynamoDB Local in test/media-plans/.
 */

let store: MemoryMediaPlanStore;

async function draft(scope = MAIN_ID) {
  return saveVersionFor(
    planner,
    scope,
    saveVersion.parse({ mediaMix: { ID: 0, ActivityId: ACTIVITY_ID, Name: 'Plan' } }),
    store,
  );
}

/** What the writes changed: the lines, the header's count and version, the audit entries. */
async function written(versionId: number) {
  const h = await store.header(COMPANY_ID, versionId);
  return { lines: store.lines.size, lineCount: h?.LineCount, version: h?.version, audit: store.audit.length };
}

beforeEach(() => {
  store = memoryCompany();
});

describe('a new line', () => {
  it('on a Draft: the line (with its channel type), the header counted and bumped, the audit entry', async () => {
    const version = await draft();
    const saved = await saveLineFor(planner, MAIN_ID, lineInput(version.ID), store);
    expect(saved).toMatchObject({
      MediaMixId: version.ID,
      Name: 'Search',
      ChannelTypeName: 'Google Search',
      Budget: 1000,
      version: 1,
      MediaMixChanged: true,
    });
    expect(await written(version.ID)).toEqual({ lines: 1, lineCount: 1, version: version.version + 1, audit: 2 });
    expect(store.audit[1]).toMatchObject({
      entity: 'MediaChannel',
      id: saved.ID,
      action: 'create',
      who: planner.email,
      before: null,
    });
  });

  it("outside the activity's dates: 400 naming the side that sticks out, nothing written", async () => {
    const version = await draft();
    const err = await refusal(saveLineFor(planner, MAIN_ID, lineInput(version.ID, { EndDate: '2026-03-31' }), store));
    expect(err).toMatchObject({
      code: 'LINE_OUTSIDE_ACTIVITY',
      params: { field: 'mediaChannel.EndDate', activityEnd: END },
    });
    expect(await written(version.ID)).toEqual({ lines: 0, lineCount: 0, version: version.version, audit: 1 });
  });

  it('on a sub-account page: only for an activity booked on that sub-account', async () => {
    store = memoryCompany({ SubAccountId: SUB_ID });
    const version = await draft(SUB_ID);
    await expect(saveLineFor(planner, SUB_ID, lineInput(version.ID), store)).resolves.toMatchObject({
      MediaMixId: version.ID,
    });
    store.changeActivity(ACTIVITY_ID, { SubAccountId: null });
    expect((await refusal(saveLineFor(planner, SUB_ID, lineInput(version.ID), store))).code).toBe('NOT_IN_ACCOUNT');
  });
});

describe('a change from the version read', () => {
  it("of a Draft line's figures is one write (the header untouched); after Submit locked the lines, the full path says why not", async () => {
    const version = await draft();
    const line = await saveLineFor(planner, MAIN_ID, lineInput(version.ID), store);
    const header = await store.header(COMPANY_ID, version.ID);
    const changed = await saveLineFor(
      planner,
      MAIN_ID,
      lineInput(version.ID, { ID: line.ID, version: line.version, Budget: 2000 }),
      store,
    );
    expect(changed).toMatchObject({ Budget: 2000, version: 2, MediaMixChanged: false });
    expect((await store.header(COMPANY_ID, version.ID))?.version).toBe(header?.version);

    const submitted = await submitVersion(
      planner,
      MAIN_ID,
      { mediaMixId: version.ID, version: header!.version },
      store,
    );
    expect(submitted.Status).toBe(VersionStatus.Submitted);
    const err = await refusal(
      saveLineFor(
        planner,
        MAIN_ID,
        lineInput(version.ID, { ID: line.ID, version: changed.version, Budget: 3000 }),
        store,
      ),
    );
    expect(err).toMatchObject({ code: 'PLAN_SUBMITTED', params: { version: 1 } });
    expect((await store.line(COMPANY_ID, version.ID, line.ID))?.Budget).toBe(2000);
  });

  it('of new dates takes the full path and bumps the header (what is approved is what was looked at)', async () => {
    const version = await draft();
    const line = await saveLineFor(planner, MAIN_ID, lineInput(version.ID), store);
    const changed = await saveLineFor(
      planner,
      MAIN_ID,
      lineInput(version.ID, { ID: line.ID, version: line.version, StartDate: '2026-02-01' }),
      store,
    );
    expect(changed).toMatchObject({ StartDate: '2026-02-01', MediaMixChanged: true });
    expect(store.audit.at(-1)).toMatchObject({
      action: 'update',
      before: { StartDate: START },
      after: { StartDate: '2026-02-01' },
    });
  });

  it("of a version read before someone else's change: 409 STALE_VERSION", async () => {
    const version = await draft();
    const line = await saveLineFor(planner, MAIN_ID, lineInput(version.ID), store);
    await saveLineFor(
      planner,
      MAIN_ID,
      lineInput(version.ID, { ID: line.ID, version: line.version, Budget: 2000 }),
      store,
    );
    const err = await refusal(
      saveLineFor(planner, MAIN_ID, lineInput(version.ID, { ID: line.ID, version: line.version, Budget: 3000 }), store),
    );
    expect(err.code).toBe('STALE_VERSION');
  });
});

describe('someone else between the read and the commit', () => {
  it('archives the sub-account the activity is booked on: 409 naming it, nothing written', async () => {
    store = memoryCompany({ SubAccountId: SUB_ID });
    const version = await draft();
    store.beforeWrite = () => store.changeAccount(SUB_ID, { Status: 'Archived' });
    const err = await refusal(saveLineFor(planner, MAIN_ID, lineInput(version.ID), store));
    expect(err).toMatchObject({
      code: 'ACCOUNT_ARCHIVED',
      params: { account: 'Acme Kids' },
      message: "Sub-account 'Acme Kids' is archived; restore it to change its plans",
    });
    expect(await written(version.ID)).toMatchObject({ lines: 0, lineCount: 0, audit: 1 });
  });

  it("moves the activity's end before the line's: the store's re-check fails and the fresh read names the side", async () => {
    const version = await draft();
    store.beforeWrite = () => store.changeActivity(ACTIVITY_ID, { EndDate: '2026-01-31' });
    const err = await refusal(saveLineFor(planner, MAIN_ID, lineInput(version.ID), store));
    expect(err).toMatchObject({
      code: 'LINE_OUTSIDE_ACTIVITY',
      params: { field: 'mediaChannel.EndDate', activityEnd: '2026-01-31' },
    });
    expect(store.lines.size).toBe(0);
  });

  it('deletes the activity: 409 ACTIVITY_DELETED', async () => {
    const version = await draft();
    store.beforeWrite = () => store.changeActivity(ACTIVITY_ID, { Archived: true });
    expect((await refusal(saveLineFor(planner, MAIN_ID, lineInput(version.ID), store))).code).toBe('ACTIVITY_DELETED');
  });

  it("moves the activity to another sub-account (still the main account's): a reload 409, not a line on a moved flight", async () => {
    const version = await draft();
    store.beforeWrite = () => store.changeActivity(ACTIVITY_ID, { SubAccountId: SUB_ID });
    const err = await refusal(saveLineFor(planner, MAIN_ID, lineInput(version.ID), store));
    expect(err.code).toBe('STALE_VERSION');
    expect(store.lines.size).toBe(0);
  });

  it('submits the version: 409 PLAN_SUBMITTED (read again to say why)', async () => {
    const version = await draft();
    store.beforeWrite = () =>
      Object.assign(store.headers.get(`${COMPANY_ID}#${version.ID}`)!, { Status: VersionStatus.Submitted });
    expect((await refusal(saveLineFor(planner, MAIN_ID, lineInput(version.ID), store))).code).toBe('PLAN_SUBMITTED');
  });
});

describe('deleting a line', () => {
  it('archives it out of the plan and its count, with its before-image audited; deleting it again answers it as it is', async () => {
    const version = await draft();
    const line = await saveLineFor(planner, MAIN_ID, lineInput(version.ID), store);
    const gone = await deleteLineFor(planner, MAIN_ID, line.ID, store);
    expect(gone).toMatchObject({ ID: line.ID, Archived: true, ArchivedBy: planner.email });
    expect(await written(version.ID)).toMatchObject({ lines: 0, lineCount: 0, audit: 3 });
    expect(store.audit.at(-1)).toMatchObject({
      action: 'archive',
      before: { Archived: false },
      after: { Archived: true },
    });
    await expect(deleteLineFor(planner, MAIN_ID, line.ID, store)).resolves.toEqual(gone);
    expect(store.audit).toHaveLength(3);
  });
});
