import Archive from '@mui/icons-material/ArchiveOutlined';
// The Reports menu's icon, already in the signed-in layout's chunk: /accounts/list has no room for another SVG.
import Assessment from '@mui/icons-material/AssessmentOutlined';
import Cable from '@mui/icons-material/CableOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import EventNote from '@mui/icons-material/EventNoteOutlined';
import Restore from '@mui/icons-material/RestoreOutlined';
import ViewList from '@mui/icons-material/ViewListOutlined';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SortableHeader, type SortableColumn } from '../../../components/ui/sortable-header';
import { TablePager, type PagedGridProps } from '../../../components/ui/table-pager';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import type { Account } from '../../../lib/api-types';
import { CURRENCY_SIGNS, formatDate, formatPercent } from '../../../lib/format';
import { HistoryButton } from '../../../components/history/history-button';
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

export interface AccountsTableProps extends PagedGridProps<Account, SortKey> {
  /** Where an account's name leads (its sub-accounts, or a sub-account's activities). */
  linkTo: (a: Account) => string;
  canEdit: boolean;
  /** The user may read billable statements (policy `reports`): a main account's row links to its own (/accounts/{id}/billing). */
  canSeeBilling: boolean;
  /** Agency staff: a main account's row links to its connectors (/accounts/{id}/connectors/list). */
  canSeeConnectors: boolean;
  canArchive: boolean;
  onEdit: (a: Account) => void;
  onArchive: (a: Account) => void;
  onRestore: (a: Account) => void;
}

/** The accounts grid: MUI Table with TableSortLabel sorting and paging; loading and empty states. */
export function AccountsTable(p: AccountsTableProps) {
  const { t } = useTranslation();
  // Every row links to its activities (and a main account to its channel types), so the column is always there.
  const colCount = COLUMNS.length + 1;
  const activitiesOf = (a: Account) =>
    a.ParentId === null
      ? `/accounts/${a.ID}/activities/list`
      : `/accounts/${a.ParentId}/subAccounts/${a.ID}/activities/list`;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('titles.accounts')} data-testid="accounts-grid">
          <SortableHeader columns={COLUMNS} sort={p.sort} onSort={p.onSort} label={(k) => t(`accounts.fields.${k}`)}>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </SortableHeader>
          <TableBody>
            <TableStateRows
              colSpan={colCount}
              loading={p.loading}
              empty={!p.loading && p.rows.length === 0}
              emptyText={t('accounts.empty')}
              emptyTestId="accounts-empty"
            />
            {!p.loading &&
              p.rows.map((a) => (
                <TableRow key={a.ID} hover data-testid="account-row" data-account-id={a.ID}>
                  <TableCell align="right">{a.ID}</TableCell>
                  <TableCell id={`account-${a.ID}-name`}>
                    {a.Status === 'Active' ? (
                      <Link component={RouterLink} to={p.linkTo(a)}>
                        {a.Name}
                      </Link>
                    ) : (
                      a.Name
                    )}
                  </TableCell>
                  <TableCell>{CURRENCY_SIGNS[a.Currency] ?? a.Currency}</TableCell>
                  <TableCell align="right" dir="ltr">
                    {formatPercent(a.ManagementFeePct, p.locale)}
                  </TableCell>
                  <TableCell>{a.ContactName}</TableCell>
                  <TableCell dir="ltr">{a.ContactEmail}</TableCell>
                  <TableCell>{formatDate(a.updatedAt, p.locale)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {a.Status === 'Active' && (
                      <IconButton
                        size="small"
                        component={RouterLink}
                        to={activitiesOf(a)}
                        title={t('titles.activities')}
                        aria-label={t('titles.activities')}
                        aria-describedby={`account-${a.ID}-name`}
                      >
                        <EventNote fontSize="small" />
                      </IconButton>
                    )}
                    {a.Status === 'Active' && a.ParentId === null && (
                      <IconButton
                        size="small"
                        component={RouterLink}
                        to={`/accounts/${a.ID}/channelTypes/list`}
                        title={t('titles.channelTypes')}
                        aria-label={t('titles.channelTypes')}
                        aria-describedby={`account-${a.ID}-name`}
                      >
                        <ViewList fontSize="small" />
                      </IconButton>
                    )}
                    {p.canSeeConnectors && a.Status === 'Active' && a.ParentId === null && (
                      <IconButton
                        size="small"
                        component={RouterLink}
                        to={`/accounts/${a.ID}/connectors/list`}
                        title={t('titles.connectors')}
                        aria-label={t('titles.connectors')}
                        aria-describedby={`account-${a.ID}-name`}
                        data-testid="account-connectors"
                      >
                        <Cable fontSize="small" />
                      </IconButton>
                    )}
                    {p.canSeeBilling && a.Status === 'Active' && a.ParentId === null && (
                      <IconButton
                        size="small"
                        component={RouterLink}
                        to={`/accounts/${a.ID}/billing`}
                        title={t('titles.billing')}
                        aria-label={t('titles.billing')}
                        aria-describedby={`account-${a.ID}-name`}
                        data-testid="account-billing"
                      >
                        <Assessment fontSize="small" />
                      </IconButton>
                    )}
                    {p.canEdit && a.Status === 'Active' && (
                      <IconButton
                        size="small"
                        title={t('common.edit')}
                        onClick={() => p.onEdit(a)}
                        aria-label={`${t('common.edit')} ${a.Name}`}
                      >
                        <Edit fontSize="small" />
                      </IconButton>
                    )}
                    {p.canEdit && (
                      <HistoryButton
                        entity="account"
                        id={a.ID}
                        accountId={a.ID}
                        fields="accounts.fields"
                        label={a.Name}
                      />
                    )}
                    {p.canArchive && a.Status === 'Active' && (
                      <IconButton
                        size="small"
                        title={t('accounts.actions.archive')}
                        onClick={() => p.onArchive(a)}
                        aria-label={`${t('accounts.actions.archive')} ${a.Name}`}
                      >
                        <Archive fontSize="small" />
                      </IconButton>
                    )}
                    {p.canArchive && a.Status === 'Archived' && (
                      <IconButton
                        size="small"
                        title={t('accounts.actions.restore')}
                        onClick={() => p.onRestore(a)}
                        aria-label={`${t('accounts.actions.restore')} ${a.Name}`}
                      >
                        <Restore fontSize="small" />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager count={p.total} page={p.page} pageSize={p.pageSize} onPage={p.onPage} onPageSize={p.onPageSize} />
    </>
  );
}
