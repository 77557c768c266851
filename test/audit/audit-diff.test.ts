import { diffSnapshots, fieldsOf, isSecretField, shownValue } from '../../lambdas/modules/history/audit-diff';
import { historyEntryOf } from '../../lambdas/modules/history/item-history';
import { MAX_HISTORY_FIELDS, MAX_HISTORY_VALUE } from '../../lambdas/modules/history/replies';

/** The pure diff of an audit entry's before and after. */
describe('diffSnapshots', () => {
  const stamps = {
    version: 3,
    createdAt: '2026-01-01T00:00:00Z',
    createdBy: 'a@x.test',
    updatedAt: '2026-02-01T00:00:00Z',
    updatedBy: 'b@x.test',
  };

  it.each([
    [
      'a renamed field',
      { Name: 'Old', Phone: '1' },
      { Name: 'New', Phone: '1' },
      [{ Field: 'Name', Before: 'Old', After: 'New' }],
    ],
    [
      'bookkeeping and keys are ignored',
      { ...stamps, pk: 'C#1', sk: 'ACCOUNT#1', gsi1pk: 'x', gsi2sk: 'y', entity: 'Account', Name: 'A' },
      {
        ...stamps,
        version: 4,
        updatedAt: '2026-03-01T00:00:00Z',
        pk: 'C#1',
        sk: 'ACCOUNT#1',
        gsi1pk: 'z',
        gsi2sk: 'w',
        entity: 'Account',
        Name: 'A',
      },
      [],
    ],
    [
      'minor units beside the amount are left out',
      { Budget: 10, BudgetMinor: 1000 },
      { Budget: 12.5, BudgetMinor: 1250 },
      [{ Field: 'Budget', Before: 10, After: 12.5 }],
    ],
    [
      'minor units alone are shown as the amount',
      { NetMinor: 1865403 },
      { NetMinor: 5 },
      [{ Field: 'Net', Before: 18654.03, After: 0.05 }],
    ],
    [
      'secrets never leave',
      { Name: 'A', apiToken: 'old', Password: 'x', clientSecret: 's' },
      { Name: 'A', apiToken: 'new', Password: 'y', clientSecret: 't' },
      [],
    ],
    [
      'nested objects by path',
      { Fees: { Management: 10, System: 2 } },
      { Fees: { Management: 12, System: 2 } },
      [{ Field: 'Fees.Management', Before: 10, After: 12 }],
    ],
    [
      'lists whole, as JSON',
      { Tags: ['a'] },
      { Tags: ['a', 'b'] },
      [{ Field: 'Tags', Before: '["a"]', After: '["a","b"]' }],
    ],
    [
      'a field added and one removed',
      { Old: 'x' },
      { New: true },
      [
        { Field: 'New', Before: null, After: true },
        { Field: 'Old', Before: 'x', After: null },
      ],
    ],
    ['empty to absent is no change', { Note: '', List: [] }, { Note: null }, []],
    [
      'a create lists what it set',
      null,
      { ...stamps, Name: 'A', Empty: '', Currency: 2 },
      [
        { Field: 'Name', Before: null, After: 'A' },
        { Field: 'Currency', Before: null, After: 2 },
      ],
    ],
  ])('%s', (_name, before, after, expected) => {
    const { changes, more } = diffSnapshots(before, after);
    expect(changes).toEqual(expected);
    expect(more).toBe(0);
  });

  it('lists at most MAX_HISTORY_FIELDS changes and counts the rest', () => {
    const after = Object.fromEntries(Array.from({ length: MAX_HISTORY_FIELDS + 7 }, (_, i) => [`F${i}`, i]));
    const { changes, more } = diffSnapshots({}, after);
    expect(changes).toHaveLength(MAX_HISTORY_FIELDS);
    expect(changes[0]).toEqual({ Field: 'F0', Before: null, After: 0 });
    expect(more).toBe(7);
  });

  it('cuts long values with an ellipsis', () => {
    const long = 'x'.repeat(MAX_HISTORY_VALUE * 3);
    const [change] = diffSnapshots({ Notes: 'short' }, { Notes: long }).changes;
    expect(String(change.After)).toHaveLength(MAX_HISTORY_VALUE);
    expect(String(change.After).endsWith('…')).toBe(true);
    expect(change.Before).toBe('short');
  });

  it('a secret inside a list is left out of the JSON too', () => {
    expect(shownValue([{ Name: 'a', token: 'abc' }])).toBe('[{"Name":"a"}]');
  });

  it('tells secrets apart from ordinary names', () => {
    for (const s of ['password', 'refreshToken', 'ClientSecret', 'apiKey', 'privateKey', 'totpSeed', 'Credentials'])
      expect(isSecretField(s)).toBe(true);
    for (const s of ['Name', 'Budget', 'ChannelTypeId', 'Objective', 'KeyPerformanceIndicator', 'Notes'])
      expect(isSecretField(s)).toBe(false);
  });

  it('reads nothing from what is not an object', () => {
    expect(fieldsOf('text').size).toBe(0);
    expect(fieldsOf([1, 2]).size).toBe(0);
    expect(diffSnapshots(undefined, null).changes).toEqual([]);
  });
});

describe('historyEntryOf', () => {
  const entry = { entity: 'Account', entityId: '7', who: 'dana@x.test', at: '2026-02-01T10:00:00.000Z' };
  const nameOf = (e: string) => (e === 'dana@x.test' ? 'Dana Levi' : e);

  it('names who by the profiles, and shows an update as its changed fields', () => {
    expect(historyEntryOf({ ...entry, action: 'update', before: { Name: 'A' }, after: { Name: 'B' } }, nameOf)).toEqual(
      {
        At: entry.at,
        Action: 'update',
        WhoName: 'Dana Levi',
        System: null,
        Changes: [{ Field: 'Name', Before: 'A', After: 'B' }],
        MoreChanges: 0,
      },
    );
  });

  it('shows an archive as the status it changed', () => {
    const e = historyEntryOf(
      { ...entry, action: 'archive', before: { Status: 'Active' }, after: { Status: 'Archived' } },
      nameOf,
    );
    expect(e.Action).toBe('archive');
    expect(e.Changes).toEqual([{ Field: 'Status', Before: 'Active', After: 'Archived' }]);
  });

  it('an unknown action reads as an update', () => {
    expect(historyEntryOf({ ...entry, action: 'login', before: null, after: null }, nameOf).Action).toBe('update');
  });
});
