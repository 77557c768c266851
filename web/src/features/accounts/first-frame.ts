import type { Account } from '../../lib/api-types';
import type { FrameCell, FrameScreen } from '../../lib/first-frame/screen';
import { pageOf, sortByKey } from '../../lib/table-rows';
import { ACCOUNTS_PATH, DEFAULT_FILTERS, FIRST_PAGE_SIZE, listParams } from './api/list-params';
import { accountLink, accountTexts, FIRST_SORT } from './components/account-cells';

/**
 * The main accounts list, the console's home screen, as its first render draws it: the first page
 * of GetAccountsList with the starting filters, in the starting order, the first page of the grid.
 */
export const accountsFrame: FrameScreen<FrameCell[]> = {
  id: 'accounts',
  call({ pathname }) {
    const m = ACCOUNTS_PATH.exec(pathname);
    if (!m || m[1]) return null;
    const body = { ...listParams(null, DEFAULT_FILTERS, true), pageSize: FIRST_PAGE_SIZE, nextToken: null };
    return { service: 'AccountsService', method: 'GetAccountsList', body, accountId: null };
  },
  rows(reply, view) {
    const items = (reply as { Items?: unknown } | null)?.Items;
    if (!Array.isArray(items)) return [];
    const sorted = sortByKey((items as Account[]).slice(), FIRST_SORT.key, FIRST_SORT.dir, view.locale);
    return pageOf(sorted, 0, view.pageSize).rows.map((a) => {
      const [id = '', name = '', ...rest] = accountTexts(a, view.locale);
      const named = a.Status === 'Active' ? { text: name, href: accountLink(a) } : { text: name };
      return [{ text: id }, named, ...rest.map((text) => ({ text })), null];
    });
  },
};
