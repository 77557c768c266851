import { accountRefusal, activityRefusal, planWriteGuards } from '../../lambdas/modules/media-plans/write-rules';
import { ActivityStatus } from '../../lambdas/shared/activity-status';
import { account, activity, ACTIVITY_ID, END, MAIN_ID, START, SUB_ID } from '../support/memory-plan-world';

/**
 * The rules every plan write obeys about its activity and accounts (lambdas/modules/media-plans/write-rules.ts),
 * as a table: pure functions, no store at all. The store only re-checks the facts they decided on.
 */

const line = (start: string, end: string) => ({ start, end, field: 'mediaChannel' });

describe('the activity rule of a plan write', () => {
  it.each([
    ['no activity', 'NOT_FOUND', undefined, MAIN_ID, undefined],
    ["another account's activity", 'NOT_IN_ACCOUNT', activity({ AccountId: 99 }), MAIN_ID, undefined],
    [
      'a sub-account page, the activity booked on the main account only',
      'NOT_IN_ACCOUNT',
      activity(),
      SUB_ID,
      undefined,
    ],
    ['a deleted activity', 'ACTIVITY_DELETED', activity({ Archived: true }), MAIN_ID, undefined],
    [
      'a deleted activity, even with dates inside',
      'ACTIVITY_DELETED',
      activity({ Archived: true }),
      MAIN_ID,
      line(START, END),
    ],
    ['a line starting before the activity', 'LINE_OUTSIDE_ACTIVITY', activity(), MAIN_ID, line('2025-12-31', END)],
    ['a line ending after the activity', 'LINE_OUTSIDE_ACTIVITY', activity(), MAIN_ID, line(START, '2026-03-01')],
    ['the main account page', 'allowed', activity(), MAIN_ID, line(START, END)],
    [
      'the page of the sub-account the activity is booked on',
      'allowed',
      activity({ SubAccountId: SUB_ID }),
      SUB_ID,
      line('2026-02-01', '2026-02-01'),
    ],
    [
      'the main account page of a sub-account activity',
      'allowed',
      activity({ SubAccountId: SUB_ID }),
      MAIN_ID,
      undefined,
    ],
    [
      'a completed flight (its status does not matter)',
      'allowed',
      activity({ Status: ActivityStatus.Completed }),
      MAIN_ID,
      line(START, END),
    ],
    ['a cancelled flight', 'allowed', activity({ Status: ActivityStatus.Cancelled }), MAIN_ID, undefined],
  ])('%s → %s', (_what, expected, a, scope, dates) => {
    expect(activityRefusal(a, ACTIVITY_ID, scope, dates)?.code ?? 'allowed').toBe(expected);
  });

  it('names the side of the line that sticks out, with the field it came from', () => {
    const early = activityRefusal(activity(), ACTIVITY_ID, MAIN_ID, line('2025-12-31', END));
    expect(early?.params).toMatchObject({ field: 'mediaChannel.StartDate', activityStart: START, activityEnd: END });
    const late = activityRefusal(activity(), ACTIVITY_ID, MAIN_ID, {
      start: START,
      end: '2026-03-01',
      field: 'activity',
    });
    expect(late?.params).toMatchObject({ field: 'activity.EndDate', end: '2026-03-01' });
    expect(late?.statusCode).toBe(400);
  });
});

describe('the account rule of a plan write', () => {
  const main = account(MAIN_ID, null, 'Acme');
  const sub = account(SUB_ID, MAIN_ID, 'Acme Kids');

  it.each([
    ['both Active', [main, sub], undefined],
    [
      'the main account archived',
      [{ ...main, Status: 'Archived' as const }, sub],
      "Account 'Acme' is archived; restore it to change its plans",
    ],
    [
      'the sub-account archived',
      [main, { ...sub, Status: 'Archived' as const }],
      "Sub-account 'Acme Kids' is archived; restore it to change its plans",
    ],
  ])('%s', (_what, accounts, message) => {
    const refused = accountRefusal(accounts);
    expect(refused?.message).toBe(message);
    if (refused) expect(refused.code).toBe('ACCOUNT_ARCHIVED');
  });
});

describe('the facts a plan write hands to the store', () => {
  it('are the activity as read (its accounts, around the dates) and every plan account Active', () => {
    const a = activity({ SubAccountId: SUB_ID });
    const guards = planWriteGuards(
      { activity: a, accounts: [account(MAIN_ID, null, 'Acme'), account(SUB_ID, MAIN_ID, 'Acme Kids')] },
      SUB_ID,
      line('2026-01-10', '2026-01-20'),
    );
    expect(guards).toEqual({
      activity: {
        activityId: ACTIVITY_ID,
        mainAccountId: MAIN_ID,
        bookedOn: SUB_ID,
        covers: { start: '2026-01-10', end: '2026-01-20' },
      },
      activeAccounts: [MAIN_ID, SUB_ID],
    });
    expect(
      planWriteGuards({ activity: activity(), accounts: [account(MAIN_ID, null, 'Acme')] }, MAIN_ID).activity,
    ).toEqual({
      activityId: ACTIVITY_ID,
      mainAccountId: MAIN_ID,
      bookedOn: null,
    });
  });

  it('are never made for a write the rules refuse (the account first, then the activity)', () => {
    const archived = { ...account(MAIN_ID, null, 'Acme'), Status: 'Archived' as const };
    expect(() => planWriteGuards({ activity: activity({ Archived: true }), accounts: [archived] }, MAIN_ID)).toThrow(
      "Account 'Acme' is archived",
    );
    expect(() =>
      planWriteGuards({ activity: activity({ Archived: true }), accounts: [account(MAIN_ID, null, 'Acme')] }, MAIN_ID),
    ).toThrow('is deleted');
  });
});
