// Named imports, not the `z` namespace (see fields.ts).
import { _default, nullable, object, optional, type output } from 'zod/mini';
import { isActivityStatus } from '../../shared/activity-status';
import {
  bool,
  id,
  int,
  isoDate,
  multilineText,
  nextToken,
  optionalDate,
  pageSize,
  preprocess,
  requiredText,
  rule,
} from '../../shared/schema-fields';
import { MAX_ACTIVITY_BUDGET } from '../../shared/money-limits';
import { amount } from '../../shared/money-fields';
import { activityStatusFilter } from '../../shared/activity-status-filter';

/** Largest budget an activity takes (account currency): what a full plan of maximal lines spends (shared/money-limits.ts). */
export const MAX_BUDGET = MAX_ACTIVITY_BUDGET;

/** An activity as the console sends it. ID <= 0 creates (as Draft); Status changes only through SetActivityStatus. */
export const activityInput = object({
  ID: _default(int(), 0),
  /** Always the MAIN account (docs/domain.md); a sub-account's flight names it in SubAccountId. */
  AccountId: id(),
  SubAccountId: _default(
    optional(preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), nullable(id()))),
    null,
  ),
  Name: requiredText(200),
  Objective: _default(optional(multilineText(500)), ''),
  StartDate: isoDate(),
  EndDate: isoDate(),
  /** Net media, in the main account's currency. */
  Budget: amount(MAX_BUDGET),
  /** Optimistic concurrency: the version the caller read. Required when updating. */
  version: optional(int()),
}).check(
  rule(
    (a: { StartDate: string; EndDate: string }) => a.EndDate >= a.StartDate,
    'DATE_NOT_BEFORE',
    { other: 'StartDate' },
    ['EndDate'],
  ),
);

export const saveActivity = object({ activity: activityInput });

export const getActivitiesList = object({
  /** The page's main account (its activities and its sub-accounts') or one of its sub-accounts (only that one's). */
  accountId: id(),
  fromDate: optionalDate(),
  toDate: optionalDate(),
  activityStatus: activityStatusFilter(),
  /** true: the archived (deleted, restorable) activities instead of the live list. */
  archived: _default(optional(bool()), false),
  pageSize: pageSize(),
  nextToken: nextToken(),
});

export const activityIdInput = object({ activityId: id() });

export const setActivityStatus = object({
  activityId: id(),
  status: int().check(rule(isActivityStatus, 'ACTIVITY_STATUS')),
  version: int(),
});

export type ActivityInput = output<typeof activityInput>;
