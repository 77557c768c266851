import Archive from '@mui/icons-material/ArchiveOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Restore from '@mui/icons-material/RestoreOutlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SortableHeader, type SortableColumn } from '../../../components/ui/sortable-header';
import { TablePager, type PagedGridProps } from '../../../components/ui/table-pager';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { formatCurrency, formatDate, formatNumber, formatPercent } from '../../../lib/format';
import type { ActivityView, PacingAlert } from '../api/activities-api';
import { nextStatuses, STATUS_COLORS, type ActivityStatusCode } from '../activity-status';
import { formatDay } from './format-day';
import { HistoryButton } from '../../../components/history/history-button';

/** A live activity's pacing alerts (PerformanceService.GetPacingAlerts): its plan's, and how many of its lines alert. */
export interface RowPacing {
  plan: PacingAlert | null;
  lines: number;
  /** Any of its alerts, for the link to its performance page. */
  any: PacingAlert;
}

/** The activities' pacing alerts by activity id. */
export function pacingByActivity(alerts: readonly PacingAlert[]): Map<number, RowPacing> {
  const out = new Map<number, RowPacing>();
  for (const a of alerts) {
    const row = out.get(a.ActivityId) ?? { plan: null, lines: 0, any: a };
    if (a.LineId === null) row.plan = a;
    else row.lines++;
    out.set(a.ActivityId, row);
  }
  return out;
}

const PACING_COLOR = { under: 'warning', over: 'error' } as const;

/** The pacing chip of a row: the plan's pacing % and alert in words and colour, else how many lines are off pace; a link to its performance page. */
function RowPacingChip({ pacing, locale }: { pacing: RowPacing; locale: string }) {
  const { t } = useTranslation();
  const a = pacing.any;
  const to = `/accounts/${a.AccountId}/activities/${a.ActivityId}/mediaMix/${a.MediaMixId}/stats`;
  const alert = pacing.plan?.Pacing.Alert;
  const label =
    pacing.plan && alert ? (
      <>
        <bdi dir="ltr">{formatPercent(pacing.plan.Pacing.PacingPct, locale)}</bdi> · {t(`activities.pacing.${alert}`)}
      </>
    ) : (
      t('activities.pacing.lines', { count: pacing.lines })
    );
  return (
    <Chip
      size="small"
      component={RouterLink}
      to={to}
      clickable
      label={label}
      color={alert ? PACING_COLOR[alert] : 'default'}
      variant={alert ? 'filled' : 'outlined'}
      data-testid="activity-pacing"
      data-status={alert ?? 'lines'}
    />
  );
}

export type ActivitySortKey = 'Name' | 'SubAccountName' | 'StartDate' | 'EndDate' | 'Budget' | 'Status' | 'updatedAt';

export interface ActivitiesTableProps extends PagedGridProps<ActivityView, ActivitySortKey> {
  /** The account currency (1 USD, 2 ILS); unknown while GetMainAccount answers. */
  currency?: number;
  showSubAccount: boolean;
  linkTo: (a: ActivityView) => string;
  canEdit: boolean;
  /** The page's account (x-account-id), for an activity's History. */
  scopeId: number;
  onEdit: (a: ActivityView) => void;
  onStatus: (a: ActivityView, to: ActivityStatusCode) => void;
  onArchive: (a: ActivityView) => void;
  onRestore: (a: ActivityView) => void;
  /** The live activities' pacing alerts, when the caller may read them (OperationalReports). */
  pacing?: Map<number, RowPacing>;
}

/** The activities grid: sortable columns, status chips, row actions along the lifecycle. */
export function ActivitiesTable(p: ActivitiesTableProps) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; row: ActivityView } | null>(null);
  const columns: SortableColumn<ActivitySortKey>[] = [
    { key: 'Name' },
    ...(p.showSubAccount ? [{ key: 'SubAccountName' as const }] : []),
    { key: 'StartDate' },
    { key: 'EndDate' },
    { key: 'Budget', numeric: true },
    { key: 'Status' },
    { key: 'updatedAt' },
  ];
  const colCount = columns.length + (p.canEdit ? 1 : 0);
  const money = (n: number) => (p.currency ? formatCurrency(n, p.currency, p.locale) : formatNumber(n, p.locale));

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('titles.activities')} data-testid="activities-grid">
          <SortableHeader columns={columns} sort={p.sort} onSort={p.onSort} label={(k) => t(`activities.fields.${k}`)}>
            {p.canEdit && <TableCell align="right">{t('common.actions')}</TableCell>}
          </SortableHeader>
          <TableBody>
            <TableStateRows
              colSpan={colCount}
              loading={p.loading}
              empty={!p.loading && p.rows.length === 0}
              emptyText={t('activities.empty')}
              emptyTestId="activities-empty"
            />
            {!p.loading &&
              p.rows.map((a) => {
                const moves = a.Archived ? [] : nextStatuses(a.Status);
                return (
                  <TableRow key={a.ID} hover data-testid="activity-row" data-activity-id={a.ID}>
                    <TableCell>
                      {a.Archived ? (
                        a.Name
                      ) : (
                        <Link component={RouterLink} to={p.linkTo(a)}>
                          {a.Name}
                        </Link>
                      )}
                      {p.pacing?.get(a.ID) && (
                        <>
                          {' '}
                          <RowPacingChip pacing={p.pacing.get(a.ID)!} locale={p.locale} />
                        </>
                      )}
                    </TableCell>
                    {p.showSubAccount && (
                      <TableCell>{a.SubAccountName ?? (a.SubAccountId ? `#${a.SubAccountId}` : '')}</TableCell>
                    )}
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(a.StartDate, p.locale)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(a.EndDate, p.locale)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <span dir="ltr">{money(a.Budget)}</span>
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={t(`activityStatus.${a.Status}`)}
                        color={STATUS_COLORS[a.Status as ActivityStatusCode] ?? 'default'}
                        variant={a.Status === 1 ? 'outlined' : 'filled'}
                        data-testid="activity-status"
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(a.updatedAt, p.locale)}</TableCell>
                    {p.canEdit && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {!a.Archived && (
                          <IconButton
                            size="small"
                            title={t('common.edit')}
                            aria-label={`${t('common.edit')} ${a.Name}`}
                            onClick={() => p.onEdit(a)}
                          >
                            <Edit fontSize="small" />
                          </IconButton>
                        )}
                        {moves.length > 0 && (
                          <IconButton
                            size="small"
                            title={t('activities.actions.status')}
                            aria-label={`${t('activities.actions.status')} ${a.Name}`}
                            aria-haspopup="menu"
                            onClick={(e) => setMenu({ anchor: e.currentTarget, row: a })}
                          >
                            <SwapHoriz fontSize="small" />
                          </IconButton>
                        )}
                        {!a.Archived && (
                          <IconButton
                            size="small"
                            title={t('accounts.actions.archive')}
                            aria-label={`${t('accounts.actions.archive')} ${a.Name}`}
                            onClick={() => p.onArchive(a)}
                          >
                            <Archive fontSize="small" />
                          </IconButton>
                        )}
                        <HistoryButton
                          entity="activity"
                          id={a.ID}
                          accountId={p.scopeId}
                          fields="activities.fields"
                          label={a.Name}
                        />
                        {a.Archived && (
                          <IconButton
                            size="small"
                            title={t('accounts.actions.restore')}
                            aria-label={`${t('accounts.actions.restore')} ${a.Name}`}
                            onClick={() => p.onRestore(a)}
                          >
                            <Restore fontSize="small" />
                          </IconButton>
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
        {menu &&
          nextStatuses(menu.row.Status).map((to) => (
            <MenuItem
              key={to}
              onClick={() => {
                const row = menu.row;
                setMenu(null);
                p.onStatus(row, to);
              }}
            >
              {t(`activities.moveTo.${to}`)}
            </MenuItem>
          ))}
      </Menu>
    </>
  );
}
