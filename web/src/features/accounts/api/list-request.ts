import { getSession } from '../../../lib/auth';
import { ACCOUNTS_PATH, DEFAULT_FILTERS, listParams } from './list-params';
import { prefetchAccountsList } from './use-accounts-list';

/**
 * Starts the grid's first read when the page being opened (`location`) is an accounts list, with the
 * filters the screen starts with. Its chunk holds no screen code, so the router's loader sends the
 * call while the screen's own chunks still load.
 */
export function prefetchAccounts(location: Pick<Location, 'pathname'>): void {
  const m = ACCOUNTS_PATH.exec(location.pathname);
  if (!m || !getSession()) return;
  prefetchAccountsList(listParams(m[1] ? Number(m[1]) : null, DEFAULT_FILTERS, true));
}
