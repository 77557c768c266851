import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { performanceReportQuery } from '../api/reports-api';
import { inputOf } from './report-filters';
import { reportColumns } from '@server/shared/report-columns';
import { shownRows, type ReportReply } from './report-table';
import { ReportToolbar } from './report-toolbar';
import { useReportUrl } from './use-report-url';
import { Filters } from './report-filter-bar';
import { ReportGrid } from './report-grid';
import { ProgressBar } from '../../../components/ui/progress-bar';

/** The schedule dialog: its own chunk, with the form library and the route's schema. */
const NewScheduleDialog = lazy(() => import('./schedule-dialog').then((m) => ({ default: m.NewScheduleDialog })));

/** Filter changes reach the API after 500 ms without another change. */
export const FETCH_DELAY_MS = 500;

function useDebounced<T>(value: T, ms: number): T {
  const key = JSON.stringify(value);
  const [shown, setShown] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setShown(value), ms);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the value by content, not identity
  }, [key, ms]);
  return shown;
}

/**
 * /performance/list (OperationalReports): the performance report of the filters in
 * the URL (report-filters.ts), asked 500 ms after the last change and shown over the previous
 * figures while it reloads; the grid (sortable on the shown rows, totals last) with links to the
 * activity performance pages; CSV and Excel export of exactly what is shown.
 */
export function ReportsScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const { filters, sortParam, sort, set, onSort } = useReportUrl();
  const input = useDebounced(inputOf(filters), FETCH_DELAY_MS);
  const pending = JSON.stringify(input) !== JSON.stringify(inputOf(filters));
  const report = useQuery({
    ...performanceReportQuery(input ?? {}),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
  const data = report.data as ReportReply | undefined;
  const columns = useMemo(() => (data ? reportColumns(data) : []), [data]);
  const rows = useMemo(
    () =>
      data
        ? shownRows(data, columns, sort, locale, t('reports.totals'), (r) =>
            r.Unmapped ? t('reports.unmappedRow', { account: r.Label }) : r.Label,
          )
        : [],
    [data, columns, sort, locale, t],
  );
  const [scheduling, setScheduling] = useState(false);
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  return (
    <Paper sx={{ p: 2 }}>
      <Filters filters={filters} set={set} />
      <LoadError error={report.error} onReload={() => void report.refetch()} />
      {data && (
        <>
          <ReportToolbar
            data={data}
            columns={columns}
            rows={rows}
            locale={locale}
            onSchedule={() => setScheduling(true)}
          />
          {/* The bar's 4 px are kept while idle: the grid must not move under a pointer when a reload ends. */}
          <Box sx={{ height: 4, mb: 1 }}>
            {(report.isFetching || pending) && (
              <ProgressBar label={t('reports.refreshing')} testId="report-refreshing" />
            )}
          </Box>
          {data.Truncated && (
            <Alert severity="warning" sx={{ mb: 1 }} data-testid="report-truncated">
              {t('reports.truncated', { count: data.LinesRead ?? data.ActivitiesRead })}
            </Alert>
          )}
          {data.Rows.length === 0 && (
            <Alert severity="info" sx={{ mb: 1 }} data-testid="report-empty">
              {t('reports.empty')}
            </Alert>
          )}
          <ReportGrid columns={columns} rows={rows} sort={sort} onSort={onSort} currency={data.Currency} />
        </>
      )}
      {!data && !report.error && input !== null && <ProgressBar label={t('reports.refreshing')} />}
      {scheduling && (
        <Suspense fallback={null}>
          <NewScheduleDialog
            filters={filters}
            sort={sortParam}
            onClose={() => setScheduling(false)}
            onSaved={() => {
              setScheduling(false);
              snackbar.show({
                message: t('reports.schedule.saved'),
                action: {
                  label: t('reports.schedule.listLink'),
                  onClick: () => void navigate('/performance/schedules'),
                },
              });
            }}
          />
        </Suspense>
      )}
    </Paper>
  );
}
