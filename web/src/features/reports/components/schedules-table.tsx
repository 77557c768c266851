import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import type { ReportScheduleView } from '../api/schedules-api';
import { ScheduleRow } from './schedule-row';

/** The schedules' table; one schedule's send log open at a time. */
export function SchedulesTable({
  rows,
  loading,
  empty,
  timeZone,
  onEdit,
  onDelete,
}: {
  rows: ReportScheduleView[];
  loading: boolean;
  empty: boolean;
  timeZone: string;
  onEdit: (s: ReportScheduleView) => void;
  onDelete: (s: ReportScheduleView) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('titles.reportSchedules')} data-testid="report-schedules">
        <TableHead>
          <TableRow>
            <TableCell>{t('reports.schedules.columns.name')}</TableCell>
            <TableCell>{t('reports.schedules.columns.when')}</TableCell>
            <TableCell>{t('reports.schedules.columns.period')}</TableCell>
            <TableCell align="right">{t('reports.schedules.columns.recipients')}</TableCell>
            <TableCell>{t('reports.schedules.columns.nextRun')}</TableCell>
            <TableCell>{t('reports.schedules.columns.lastSend')}</TableCell>
            <TableCell align="right">{t('reports.schedules.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={7}
            loading={loading}
            empty={empty}
            emptyText={t('reports.schedules.empty')}
            emptyTestId="report-schedules-empty"
          />
          {rows.map((s) => (
            <ScheduleRow
              key={s.Id}
              s={s}
              timeZone={timeZone}
              open={open === s.Id}
              onToggleLog={() => setOpen(open === s.Id ? null : s.Id)}
              onEdit={() => onEdit(s)}
              onDelete={() => onDelete(s)}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
