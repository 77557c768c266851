import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import { useTranslation } from 'react-i18next';
import { DataCell, DataLink, DataRow } from '../../../components/ui/data-row';
import { HeadCell, SortableHeader, type SortableColumn } from '../../../components/ui/sortable-header';
import { TablePager, type PagedGridProps } from '../../../components/ui/table-pager';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import type { Account } from '../../../lib/api-types';
import { accountTexts } from './account-cells';
import { AccountRowActions, type AccountRowActionProps } from './account-row-actions';
import type { SortKey } from './sort-rows';

const COLUMNS: SortableColumn<SortKey>[] = [
  { key: 'ID', numeric: true },
  { key: 'Name' },
  { key: 'Currency' },
  { key: 'ManagementFeePct', numeric: true },
  { key: 'ContactName' },
  { key: 'ContactEmail' },
  { key: 'updatedAt' },
];

export interface AccountsTableProps extends PagedGridProps<Account, SortKey>, AccountRowActionProps {
  /** Where an account's name leads (its sub-accounts, or a sub-account's activities). */
  linkTo: (a: Account) => string;
}

/** The accounts grid: sortable columns, plain rows and paging; loading and empty states. */
export function AccountsTable(p: AccountsTableProps) {
  const { t } = useTranslation();
  // Every row links to its activities (and a main account to its channel types), so the column is always there.
  const colCount = COLUMNS.length + 1;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('titles.accounts')} data-testid="accounts-grid">
          <SortableHeader columns={COLUMNS} sort={p.sort} onSort={p.onSort} label={(k) => t(`accounts.fields.${k}`)}>
            <HeadCell align="right">{t('common.actions')}</HeadCell>
          </SortableHeader>
          <TableBody>
            <TableStateRows
              colSpan={colCount}
              loading={p.loading}
              empty={!p.loading && p.rows.length === 0}
              emptyText={t('accounts.empty')}
              emptyTestId="accounts-empty"
            />
            {!p.loading && p.rows.map((a) => <AccountRow key={a.ID} a={a} p={p} />)}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager count={p.total} page={p.page} pageSize={p.pageSize} onPage={p.onPage} onPageSize={p.onPageSize} />
    </>
  );
}

function AccountRow({ a, p }: { a: Account; p: AccountsTableProps }) {
  const [id, name, currency, fee, contact, email, updated] = accountTexts(a, p.locale);
  return (
    <DataRow data-testid="account-row" data-account-id={a.ID} data-frame-row="">
      <DataCell align="right">{id}</DataCell>
      <DataCell id={`account-${a.ID}-name`}>
        {a.Status === 'Active' ? <DataLink to={p.linkTo(a)}>{name}</DataLink> : name}
      </DataCell>
      <DataCell>{currency}</DataCell>
      <DataCell align="right" dir="ltr">
        {fee}
      </DataCell>
      <DataCell>{contact}</DataCell>
      <DataCell dir="ltr">{email}</DataCell>
      <DataCell>{updated}</DataCell>
      <DataCell align="right" nowrap>
        <AccountRowActions a={a} p={p} />
      </DataCell>
    </DataRow>
  );
}
