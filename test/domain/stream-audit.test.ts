import { streamAuditOf } from '../../lambdas/modules/media-plans/line-audit';

/** Which change-stream records become audit entries (the one-write line change), and how. */
const line = (version: number, extra: Record<string, unknown> = {}) => ({
  pk: 'C#42#MIX#0000000009',
  sk: 'M#L#0000000007',
  entity: 'MediaChannel',
  ID: 7,
  MediaMixId: 9,
  Budget: 100 * version,
  BudgetMinor: 10000 * version,
  version,
  updatedAt: `2026-11-2${version}T10:00:00.000Z`,
  updatedBy: 'planner@x.test',
  Editable: true,
  ...extra,
});

describe('streamAuditOf', () => {
  it('audits a line write marked with its own new version: who, when, before and after without internal fields', () => {
    const got = streamAuditOf({ oldImage: line(1), newImage: line(2, { StreamAudit: 2 }) });
    expect(got).toEqual({
      nonce: 'v2',
      entry: {
        companyId: 42,
        who: 'planner@x.test',
        entity: 'MediaChannel',
        id: 7,
        action: 'update',
        at: '2026-11-22T10:00:00.000Z',
        before: expect.objectContaining({ Budget: 100, version: 1 }),
        after: expect.objectContaining({ Budget: 200, version: 2 }),
      },
    });
    for (const image of [got!.entry.before, got!.entry.after] as Record<string, unknown>[]) {
      for (const internal of ['pk', 'sk', 'entity', 'Editable', 'StreamAudit', 'BudgetMinor'])
        expect(image).not.toHaveProperty(internal);
    }
  });

  it.each([
    ['a write that audited itself (no mark)', { oldImage: line(1), newImage: line(2) }],
    [
      'a later transactional write keeping an older mark',
      { oldImage: line(2, { StreamAudit: 2 }), newImage: line(3, { StreamAudit: 2 }) },
    ],
    [
      "Submit's lock (same version, Editable removed)",
      { oldImage: line(2, { StreamAudit: 2 }), newImage: { ...line(2, { StreamAudit: 2 }), Editable: undefined } },
    ],
    ['a delete (no new image)', { oldImage: line(2, { StreamAudit: 2 }) }],
    ['another entity', { newImage: { ...line(2, { StreamAudit: 2 }), entity: 'MediaMix' } }],
    ['a key without a company', { oldImage: line(1), newImage: line(2, { StreamAudit: 2, pk: 'SUB#x' }) }],
  ])('ignores %s', (_name, change) => {
    expect(streamAuditOf(change)).toBeUndefined();
  });
});
