import { useParams } from 'react-router';
import { AccountsScreen } from './components/accounts-screen';
import { prefetchAccounts } from './components/use-accounts-view';

// The list being opened is asked for as soon as this chunk arrives, while React still renders the layout.
if (typeof window !== 'undefined') prefetchAccounts(window.location);

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
