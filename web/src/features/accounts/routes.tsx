import { useParams } from 'react-router';
import { AccountsScreen } from './components/accounts-screen';

/** The list being opened (FeatureRoute.prefetch). */
export { prefetchAccounts as prefetch } from './components/use-accounts-view';

/** /accounts/list */
export function AccountsRoute() {
  return <AccountsScreen parentId={null} />;
}

/** /accounts/{accountId}/subAccounts/list; the key resets filters and paging per account. */
export function SubAccountsRoute() {
  const { accountId } = useParams();
  const id = Number(accountId);
  if (!Number.isInteger(id) || id <= 0) return null;
  return <AccountsScreen key={id} parentId={id} />;
}
