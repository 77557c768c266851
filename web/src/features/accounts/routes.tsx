import { useParams } from 'react-router';
import { AccountsScreen } from './components/accounts-screen';

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
