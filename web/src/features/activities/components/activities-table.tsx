import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeadCell, SortableHeader, type SortableColumn } from '../../../components/ui/sortable-header';
import { TablePager, type PagedGridProps } from '../../../components/ui/table-pager';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import type { ActivityView } from '../api/activities-api';
import { nextStatuses, type ActivityStatusCode } from '../activity-status';
import { ActivityRow, type ActivityRowOptions } from './activity-row';

export type ActivitySortKey = 'Name' | 'SubAccountName' | 'StartDate' | 'EndDate' | 'Budget' | 'Status' | 'updatedAt';

export interface ActivitiesTableProps extends PagedGridProps<ActivityView, ActivitySortKey>, ActivityRowOptions {
  onStatus: (a: ActivityView, to: ActivityStatusCode) => void;
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

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('titles.activities')} data-testid="activities-grid">
          <SortableHeader columns={columns} sort={p.sort} onSort={p.onSort} label={(k) => t(`activities.fields.${k}`)}>
            {p.canEdit && <HeadCell align="right">{t('common.actions')}</HeadCell>}
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
              p.rows.map((a) => (
                <ActivityRow key={a.ID} a={a} p={p} onMoves={(anchor) => setMenu({ anchor, row: a })} />
              ))}
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
