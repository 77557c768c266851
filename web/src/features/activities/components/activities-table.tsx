import Archive from '@mui/icons-material/ArchiveOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Restore from '@mui/icons-material/RestoreOutlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TablePager } from '../../../components/ui/table-pager';
import { formatCurrency, formatDate, formatNumber } from '../../../lib/format';
import type { ActivityView } from '../api/activities-api';
import { nextStatuses, STATUS_COLORS, type ActivityStatusCode } from '../activity-status';
import { formatDay } from './format-day';

export type ActivitySortKey = 'Name' | 'SubAccountName' | 'StartDate' | 'EndDate' | 'Budget' | 'Status' | 'updatedAt';
export type SortDir = 'asc' | 'desc';

export interface ActivitiesTableProps {
  rows: ActivityView[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  sort: { key: ActivitySortKey; dir: SortDir };
  onSort: (key: ActivitySortKey) => void;
  locale: string;
  /** The account currency (1 USD, 2 ILS); unknown while GetMainAccount answers. */
  currency?: number;
  showSubAccount: boolean;
  linkTo: (a: ActivityView) => string;
  canEdit: boolean;
  onEdit: (a: ActivityView) => void;
  onStatus: (a: ActivityView, to: ActivityStatusCode) => void;
  onArchive: (a: ActivityView) => void;
  onRestore: (a: ActivityView) => void;
}

/** The activities grid: sortable columns, status chips, row actions along the lifecycle. */
export function ActivitiesTable(p: ActivitiesTableProps) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; row: ActivityView } | null>(null);
  const columns: { key: ActivitySortKey; numeric?: boolean }[] = [
    { key: 'Name' }, ...(p.showSubAccount ? [{ key: 'SubAccountName' as const }] : []), { key: 'StartDate' }, { key: 'EndDate' },
    { key: 'Budget', numeric: true }, { key: 'Status' }, { key: 'updatedAt' },
  ];
  const colCount = columns.length + (p.canEdit ? 1 : 0);
  const money = (n: number) => (p.currency ? formatCurrency(n, p.currency, p.locale) : formatNumber(n, p.locale));

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('titles.activities')} data-testid="activities-grid">
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sortDirection={p.sort.key === c.key ? p.sort.dir : false}>
                  <TableSortLabel active={p.sort.key === c.key} direction={p.sort.key === c.key ? p.sort.dir : 'asc'} onClick={() => p.onSort(c.key)}>
                    {t(`activities.fields.${c.key}`)}
                  </TableSortLabel>
                </TableCell>
              ))}
              {p.canEdit && <TableCell align="right">{t('common.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {p.loading && (
              <TableRow><TableCell colSpan={colCount} sx={{ py: 3 }}><LinearProgress aria-label={t('common.loading')} /></TableCell></TableRow>
            )}
            {!p.loading && p.rows.length === 0 && (
              <TableRow><TableCell colSpan={colCount} align="center"><Typography color="text.secondary" sx={{ py: 3 }} data-testid="activities-empty">{t('activities.empty')}</Typography></TableCell></TableRow>
            )}
            {!p.loading && p.rows.map((a) => {
              const moves = a.Archived ? [] : nextStatuses(a.Status);
              return (
                <TableRow key={a.ID} hover data-testid="activity-row" data-activity-id={a.ID}>
                  <TableCell>{a.Archived ? a.Name : <Link component={RouterLink} to={p.linkTo(a)}>{a.Name}</Link>}</TableCell>
                  {p.showSubAccount && <TableCell>{a.SubAccountName ?? (a.SubAccountId ? `#${a.SubAccountId}` : '')}</TableCell>}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(a.StartDate, p.locale)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(a.EndDate, p.locale)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}><span dir="ltr">{money(a.Budget)}</span></TableCell>
                  <TableCell><Chip size="small" label={t(`activityStatus.${a.Status}`)} color={STATUS_COLORS[a.Status as ActivityStatusCode] ?? 'default'} variant={a.Status === 1 ? 'outlined' : 'filled'} data-testid="activity-status" /></TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(a.updatedAt, p.locale)}</TableCell>
                  {p.canEdit && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {!a.Archived && (
                        <IconButton size="small" title={t('common.edit')} aria-label={`${t('common.edit')} ${a.Name}`} onClick={() => p.onEdit(a)}><Edit fontSize="small" /></IconButton>
                      )}
                      {moves.length > 0 && (
                        <IconButton size="small" title={t('activities.actions.status')} aria-label={`${t('activities.actions.status')} ${a.Name}`} aria-haspopup="menu"
                          onClick={(e) => setMenu({ anchor: e.currentTarget, row: a })}><SwapHoriz fontSize="small" /></IconButton>
                      )}
                      {!a.Archived && (
                        <IconButton size="small" title={t('accounts.actions.archive')} aria-label={`${t('accounts.actions.archive')} ${a.Name}`} onClick={() => p.onArchive(a)}><Archive fontSize="small" /></IconButton>
                      )}
                      {a.Archived && (
                        <IconButton size="small" title={t('accounts.actions.restore')} aria-label={`${t('accounts.actions.restore')} ${a.Name}`} onClick={() => p.onRestore(a)}><Restore fontSize="small" /></IconButton>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager count={p.total} page={p.page} pageSize={p.pageSize} onPage={p.onPage} onPageSize={p.onPageSize} />
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        {menu && nextStatuses(menu.row.Status).map((to) => (
          <MenuItem key={to} onClick={() => { const row = menu.row; setMenu(null); p.onStatus(row, to); }}>
            {t(`activities.moveTo.${to}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
