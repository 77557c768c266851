import { ConflictError } from '../../lambdas/core/errors';
import {
  approvedOrder,
  generateOutcome,
  refreshedOrder,
  revokedOrder,
} from '../../lambdas/modules/orders/order-versioning';
import type { Order } from '../../lambdas/modules/orders/store';

const draft: Order = {
  ID: 4,
  ActivityId: 2,
  AccountId: 1,
  SubAccountId: null,
  VendorId: 9,
  MediaMixId: 30,
  PlanVersion: 1,
  Version: 1,
  Status: 'draft',
  LastApprovedVersion: null,
  Currency: 2,
  PlanCurrency: 2,
  Rate: null,
  Lines: [],
  TotalMinor: 5000,
  ApprovedBy: null,
  ApprovedAt: null,
  RevokedBy: null,
  RevokedAt: null,
  RevokeReason: null,
  History: [],
  version: 1,
  createdAt: 't0',
  createdBy: 'p@x',
  updatedAt: 't0',
  updatedBy: 'p@x',
};

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as ConflictError).code;
  }
  return undefined;
};

describe('order versions', () => {
  it('the first approval keeps Version 1; revoke → approve makes Version 2; history keeps both', () => {
    const a1 = approvedOrder(draft, 1, 'boss@x', 't1');
    expect(a1).toMatchObject({ Version: 1, Status: 'approved', ApprovedBy: 'boss@x', ApprovedAt: 't1', version: 2 });
    const r1 = revokedOrder(a1, 2, 'boss@x', 't2', 'vendor asked for new dates');
    expect(r1).toMatchObject({
      Version: 1,
      Status: 'draft',
      ApprovedBy: null,
      RevokedBy: 'boss@x',
      RevokeReason: 'vendor asked for new dates',
      version: 3,
    });
    const refreshed = refreshedOrder(r1, { ...r1, MediaMixId: 31, PlanVersion: 2, TotalMinor: 6000 }, 'p@x', 't3');
    expect(refreshed).toMatchObject({ Version: 1, MediaMixId: 31, PlanVersion: 2, version: 4 });
    const a2 = approvedOrder(refreshed, 4, 'boss@x', 't4');
    expect(a2).toMatchObject({ Version: 2, LastApprovedVersion: 2, Status: 'approved', RevokedBy: null });
    expect(a2.History).toEqual([
      {
        Version: 1,
        MediaMixId: 30,
        PlanVersion: 1,
        TotalMinor: 5000,
        ApprovedBy: 'boss@x',
        ApprovedAt: 't1',
        RevokedBy: 'boss@x',
        RevokedAt: 't2',
        RevokeReason: 'vendor asked for new dates',
      },
      {
        Version: 2,
        MediaMixId: 31,
        PlanVersion: 2,
        TotalMinor: 6000,
        ApprovedBy: 'boss@x',
        ApprovedAt: 't4',
        RevokedBy: null,
        RevokedAt: null,
        RevokeReason: null,
      },
    ]);
  });

  it('refuses a stale row version, approving an approved order and revoking a draft', () => {
    expect(codeOf(() => approvedOrder(draft, 7, 'b', 't'))).toBe('STALE_VERSION');
    const a1 = approvedOrder(draft, 1, 'b', 't');
    expect(codeOf(() => approvedOrder(a1, 2, 'b', 't'))).toBe('STALE_VERSION');
    expect(codeOf(() => revokedOrder(draft, 1, 'b', 't', 'why'))).toBe('STALE_VERSION');
    expect(codeOf(() => revokedOrder(a1, 1, 'b', 't', 'why'))).toBe('STALE_VERSION');
  });
});

describe('generateOutcome', () => {
  it('creates, leaves an approved order locked, refreshes a draft only when its content differs', () => {
    expect(generateOutcome(undefined, draft)).toBe('created');
    expect(generateOutcome({ ...draft, Status: 'approved' }, { ...draft, MediaMixId: 31 })).toBe('locked');
    expect(generateOutcome(draft, { ...draft })).toBe('unchanged');
    expect(generateOutcome(draft, { ...draft, MediaMixId: 31 })).toBe('refreshed');
    expect(generateOutcome(draft, { ...draft, Currency: 1 })).toBe('refreshed');
    // The same content with its fields in another order (as the table gives them back) is unchanged.
    const line = {
      LineId: 1,
      Name: 'a',
      ChannelTypeName: 'b',
      AccountChannelTypeId: 2,
      StartDate: 's',
      EndDate: 'e',
      TotalMinor: 3,
      Months: [{ Month: '2026-01', AmountMinor: 3 }],
    };
    const reordered = {
      Months: [{ AmountMinor: 3, Month: '2026-01' }],
      TotalMinor: 3,
      EndDate: 'e',
      StartDate: 's',
      AccountChannelTypeId: 2,
      ChannelTypeName: 'b',
      Name: 'a',
      LineId: 1,
    };
    expect(generateOutcome({ ...draft, Lines: [line] }, { ...draft, Lines: [reordered] })).toBe('unchanged');
    expect(generateOutcome({ ...draft, Lines: [line] }, { ...draft, Lines: [{ ...line, TotalMinor: 4 }] })).toBe(
      'refreshed',
    );
  });
});
