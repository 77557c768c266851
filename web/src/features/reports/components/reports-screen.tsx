import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useFilterParams } from './use-filter-params';
import { FilterSelect } from '../../../components/ui/filter-field';
import { LoadError } from '../../../components/ui/load-error';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import { DateInput } from '../../../lib/forms/date-input';
import {
  accountChoicesQuery,
  accountInfoQuery,
  activityChoicesQuery,
  performanceReportQuery,
} from '../api/reports-api';
import {
  CHANNEL_GROUPS,
  filtersOf,
  GROUPS,
  inputOf,
  paramsOf,
  PERIOD_CODES,
  PLATFORMS,
  type ReportFilters,
} from './report-filters';
import {
  cellText,
  columnsOf,
  headerOf,
  parseSort,
  shownRows,
  sortText,
  type ReportColumn,
  type ReportReply,
  type ShownRow,
  type SortChoice,
} from './report-table';

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

/** The account filter: a main account, then (optionally) one of its sub-accounts; the URL holds the one asked. */
function AccountFilters({ filters, set }: { filters: ReportFilters; set: (f: Partial<ReportFilters>) => void }) {
  const { t } = useTranslation();
  const asked = filters.accountId;
  const mains = useQuery(accountChoicesQuery(-1));
  const info = useQuery({
    ...accountInfoQuery(asked ?? 0),
    enabled: asked !== undefined && !mains.data?.Items.some((a) => a.ID === asked),
  });
  const isMain = asked !== undefined && !!mains.data?.Items.some((a) => a.ID === asked);
  const mainId = isMain ? asked : (info.data?.ParentId ?? (info.data ? info.data.ID : undefined));
  const subs = useQuery({ ...accountChoicesQuery(mainId ?? 0), enabled: mainId !== undefined });
  const subId = asked !== undefined && !isMain && info.data?.ParentId ? asked : undefined;
  const activities = useQuery({
    ...activityChoicesQuery(asked ?? 0, undefined, undefined),
    enabled: asked !== undefined,
  });
  const activityChoices = activities.data?.Items ?? [];
  return (
    <>
      <FilterSelect
        label={t('reports.filters.account')}
        name="accountId"
        testId="report-account"
        sx={{ minWidth: 200 }}
        value={mainId ?? 0}
        onChange={(v) => set({ accountId: v || undefined, activityId: undefined })}
        choices={[
          { value: 0, label: t('reports.filters.anyAccount') },
          ...(mains.data?.Items ?? []).map((a) => ({ value: a.ID, label: a.Name })),
        ]}
      />
      {mainId !== undefined && (subs.data?.Items.length ?? 0) > 0 && (
        <FilterSelect
          label={t('reports.filters.subAccount')}
          name="subAccountId"
          testId="report-sub-account"
          sx={{ minWidth: 180 }}
          value={subId ?? 0}
          onChange={(v) => set({ accountId: v || mainId, activityId: undefined })}
          choices={[
            { value: 0, label: t('reports.filters.mainOnly') },
            ...(subs.data?.Items ?? []).map((a) => ({ value: a.ID, label: a.Name })),
          ]}
        />
      )}
      {(asked !== undefined || filters.activityId !== undefined) && (
        <FilterSelect
          label={t('reports.filters.activity')}
          name="activityId"
          testId="report-activity"
          sx={{ minWidth: 200 }}
          value={filters.activityId ?? 0}
          onChange={(v) => set({ activityId: v || undefined })}
          choices={[
            { value: 0, label: t('reports.filters.any') },
            ...activityChoices.map((a) => ({ value: a.ID, label: a.Name })),
            ...(filters.activityId && !activityChoices.some((a) => a.ID === filters.activityId)
              ? [{ value: filters.activityId, label: `#${filters.activityId}` }]
              : []),
          ]}
        />
      )}
    </>
  );
}

function Filters({ filters, set }: { filters: ReportFilters; set: (f: Partial<ReportFilters>) => void }) {
  const { t } = useTranslation();
  const custom = filters.from !== undefined || filters.to !== undefined;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }} data-testid="report-filters">
      <FilterSelect
        label={t('reports.filters.period')}
        name="period"
        testId="report-period"
        sx={{ minWidth: 160 }}
        value={custom ? 'custom' : (filters.period ?? '3')}
        onChange={(v) =>
          set(
            v === 'custom'
              ? { period: undefined, from: '', to: '' }
              : { period: v as ReportFilters['period'], from: undefined, to: undefined },
          )
        }
        choices={[
          ...PERIOD_CODES.map((p) => ({ value: p as string, label: t(`reports.periods.${p}`) })),
          { value: 'custom', label: t('reports.periods.custom') },
        ]}
      />
      {custom && (
        <>
          <Box sx={{ width: 170 }}>
            <DateInput
              label={t('reports.filters.from')}
              name="from"
              value={filters.from ?? ''}
              onlyDates
              testId="report-from"
              max={filters.to || undefined}
              onChange={(v) => set({ from: v })}
            />
          </Box>
          <Box sx={{ width: 170 }}>
            <DateInput
              label={t('reports.filters.to')}
              name="to"
              value={filters.to ?? ''}
              onlyDates
              testId="report-to"
              min={filters.from || undefined}
              onChange={(v) => set({ to: v })}
            />
          </Box>
        </>
      )}
      <AccountFilters filters={filters} set={set} />
      <FilterSelect
        label={t('reports.filters.channelGroup')}
        name="channelGroup"
        testId="report-channel-group"
        sx={{ minWidth: 150 }}
        value={filters.channelGroup ?? ''}
        onChange={(v) => set({ channelGroup: v || undefined })}
        choices={[
          { value: '' as const, label: t('reports.filters.any') },
          ...CHANNEL_GROUPS.map((g) => ({ value: g, label: t(`reports.channelGroups.${g}`) })),
        ]}
      />
      <FilterSelect
        label={t('reports.filters.platform')}
        name="platform"
        testId="report-platform"
        sx={{ minWidth: 150 }}
        value={filters.platform ?? ''}
        onChange={(v) => set({ platform: v || undefined })}
        choices={[
          { value: '' as const, label: t('reports.filters.any') },
          ...PLATFORMS.map((p) => ({ value: p, label: t(`reports.platforms.${p}`) })),
        ]}
      />
      <FilterSelect
        label={t('reports.filters.groupBy')}
        name="groupBy"
        testId="report-group-by"
        sx={{ minWidth: 150 }}
        value={filters.groupBy ?? 'account'}
        onChange={(v) => set({ groupBy: v === 'account' ? undefined : v })}
        choices={GROUPS.map((g) => ({ value: g, label: t(`reports.groups.${g}`) }))}
      />
      <FormControlLabel
        label={t('reports.filters.compare')}
        control={
          <Switch
            checked={filters.compare}
            onChange={(e) => set({ compare: e.target.checked })}
            slotProps={{ input: { 'data-testid': 'report-compare' } as object }}
          />
        }
      />
    </Stack>
  );
}

function ReportGrid({
  columns,
  rows,
  sort,
  onSort,
  currency,
}: {
  columns: readonly ReportColumn[];
  rows: readonly ShownRow[];
  sort: SortChoice | null;
  onSort: (key: string) => void;
  currency: string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('menu.reports')} data-testid="report-grid">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell
                key={c.key}
                align={c.kind === 'text' ? 'left' : 'right'}
                sortDirection={sort?.key === c.key ? sort.dir : false}
                data-column={c.key}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {/* A plain button, not TableSortLabel: that one is shared with the list screens' chunk, and using it here would split it out of /accounts/list's files. */}
                <Button
                  size="small"
                  color="inherit"
                  onClick={() => onSort(c.key)}
                  sx={{
                    textTransform: 'none',
                    fontWeight: 'inherit',
                    fontSize: 'inherit',
                    minWidth: 0,
                    p: 0,
                    '&::after': { content: sort?.key !== c.key ? '""' : sort.dir === 'asc' ? '"▲"' : '"▼"', ms: 0.5 },
                  }}
                >
                  {/* Isolated: a Latin header ("CPC (ILS)") keeps its order inside a Hebrew page. */}
                  <bdi>{headerOf(c, t, currency)}</bdi>
                </Button>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow
              key={r.id}
              data-testid={r.total ? 'report-totals' : 'report-row'}
              data-key={r.id}
              sx={r.total ? { '& td, & th': { fontWeight: 700 } } : undefined}
            >
              {columns.map((c) =>
                c.kind === 'text' ? (
                  <TableCell key={c.key} component="th" scope="row" data-column={c.key} sx={{ minWidth: 180 }}>
                    {r.link ? (
                      <Link
                        component={RouterLink}
                        to={r.link}
                        aria-label={t('reports.openPerformance', { name: r.label })}
                        data-testid="report-row-link"
                      >
                        {r.label}
                      </Link>
                    ) : (
                      r.label
                    )}
                  </TableCell>
                ) : (
                  <TableCell key={c.key} align="right" data-column={c.key} sx={{ whiteSpace: 'nowrap' }}>
                    <bdi dir="ltr">{cellText(r.cells[c.key], c.kind, locale)}</bdi>
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Exports the shown grid (its own chunk, loaded on the first export) with the rows written so far. */
function ExportButtons({
  columns,
  rows,
  report,
}: {
  columns: readonly ReportColumn[];
  rows: readonly ShownRow[];
  report: ReportReply;
}) {
  const { t } = useTranslation();
  const { rtl } = useLocaleAndDirection();
  const snackbar = useSnackbar();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const run = async (kind: 'csv' | 'xlsx') => {
    setProgress({ done: 0, total: rows.length });
    try {
      const x = await import('./report-export');
      const sheet = {
        columns,
        rows,
        headers: columns.map((c) => headerOf(c, t, report.Currency)),
        rightToLeft: rtl,
        sheetName: t('reports.export.sheet'),
      };
      const onProgress = (done: number, total: number) => setProgress({ done, total });
      const name = t('reports.export.fileName', { from: report.From, to: report.To });
      if (kind === 'csv') x.saveFile(`${name}.csv`, 'text/csv;charset=utf-8', await x.reportCsv(sheet, onProgress));
      else x.saveFile(`${name}.xlsx`, x.XLSX_TYPE, (await x.reportXlsx(sheet, onProgress)) as BlobPart);
      snackbar.show({ message: t('reports.export.done'), severity: 'success' });
    } catch {
      snackbar.show({ message: t('reports.export.failed'), severity: 'error' });
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button
        variant="outlined"
        size="small"
        disabled={progress !== null}
        onClick={() => void run('csv')}
        data-testid="report-export-csv"
      >
        {t('reports.export.csv')}
      </Button>
      <Button
        variant="outlined"
        size="small"
        disabled={progress !== null}
        onClick={() => void run('xlsx')}
        data-testid="report-export-excel"
      >
        {t('reports.export.excel')}
      </Button>
      {progress && (
        <Box sx={{ minWidth: 200 }} role="status" data-testid="report-export-progress">
          <Typography variant="caption">
            {t('reports.export.progress', { done: progress.done, total: progress.total })}
          </Typography>
          <LinearProgress variant="determinate" value={progress.total ? (progress.done / progress.total) * 100 : 100} />
        </Box>
      )}
    </Stack>
  );
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
  const [params, setParams] = useFilterParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const sortParam = params.get('sort');
  const sort = useMemo(() => parseSort(sortParam), [sortParam]);
  // From the last URL asked for, not the rendered one (use-filter-params.ts says why).
  const set = (change: Partial<ReportFilters>) =>
    setParams((latest) => paramsOf({ ...filtersOf(latest), ...change }, latest.get('sort')));
  const onSort = (key: string) => {
    const next: SortChoice =
      sort?.key === key
        ? { key, dir: sort.dir === 'asc' ? 'desc' : 'asc' }
        : { key, dir: key === 'Label' ? 'asc' : 'desc' };
    setParams((latest) => {
      latest.set('sort', sortText(next));
      return latest;
    });
  };
  const input = useDebounced(inputOf(filters), FETCH_DELAY_MS);
  const pending = JSON.stringify(input) !== JSON.stringify(inputOf(filters));
  const report = useQuery({
    ...performanceReportQuery(input ?? {}),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
  const data = report.data as ReportReply | undefined;
  const columns = useMemo(() => (data ? columnsOf(data) : []), [data]);
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
          <Stack
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 2, mb: 1, alignItems: 'center', justifyContent: 'space-between' }}
          >
            <Box>
              <Typography variant="subtitle1" component="h2" data-testid="report-period-shown">
                {t('reports.period', { from: formatDate(data.From, locale), to: formatDate(data.To, locale) })}
              </Typography>
              {data.PreviousFrom && data.PreviousTo && (
                <Typography variant="body2" color="text.secondary">
                  {t('reports.previousPeriod', {
                    from: formatDate(data.PreviousFrom, locale),
                    to: formatDate(data.PreviousTo, locale),
                  })}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary" data-testid="report-currency">
                {t('reports.currency', { currency: data.Currency })}
              </Typography>
              {data.LinesRead !== null && (
                <Typography variant="body2" color="text.secondary">
                  {t('reports.linesNote', { count: data.LinesRead })}
                </Typography>
              )}
            </Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <ExportButtons columns={columns} rows={rows} report={data} />
              <Button
                variant="outlined"
                size="small"
                onClick={() => setScheduling(true)}
                data-testid="report-schedule-button"
              >
                {t('reports.schedule.button')}
              </Button>
              <Link
                component={RouterLink}
                to="/performance/schedules"
                variant="body2"
                data-testid="report-schedules-link"
              >
                {t('reports.schedule.listLink')}
              </Link>
            </Stack>
          </Stack>
          {/* The bar's 4 px are kept while idle: the grid must not move under a pointer when a reload ends. */}
          <Box sx={{ height: 4, mb: 1 }}>
            {(report.isFetching || pending) && (
              <LinearProgress aria-label={t('reports.refreshing')} data-testid="report-refreshing" />
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
      {!data && !report.error && input !== null && <LinearProgress aria-label={t('reports.refreshing')} />}
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
