import type { Account } from '../../../lib/api-types';
import { CURRENCY_SIGNS, formatDate, formatPercent } from '../../../lib/format';
import type { SortState } from '../../../lib/table-rows';
import type { SortKey } from './sort-rows';

/** The grid's order when it opens. */
export const FIRST_SORT: SortState<SortKey> = { key: 'Name', dir: 'asc' };

/**
 * The texts of an account's row, column by column, the actions column left out: the grid draws them,
 * and so does the first frame (first-frame.ts).
 */
export function accountTexts(a: Account, locale: string): string[] {
  return [
    String(a.ID),
    a.Name,
    CURRENCY_SIGNS[a.Currency] ?? String(a.Currency),
    formatPercent(a.ManagementFeePct, locale),
    a.ContactName,
    a.ContactEmail,
    formatDate(a.updatedAt, locale),
  ];
}

/** Where an account's name leads: a main account's sub-accounts, a sub-account's activities. */
export const accountLink = (a: Pick<Account, 'ID' | 'ParentId'>): string =>
  a.ParentId === null
    ? `/accounts/${a.ID}/subAccounts/list`
    : `/accounts/${a.ParentId}/subAccounts/${a.ID}/activities/list`;
