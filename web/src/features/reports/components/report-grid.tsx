import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from '../../../components/ui/snackbar';
import type { ReportColumn } from '@server/shared/report-columns';
import { useSession } from '../../../lib/auth';
import { companyLogoQuery } from '../../../lib/company-logo';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { saveFile, XLSX_TYPE } from '../../../lib/save-file';
import { cellText, headerOf, type ReportReply, type ShownRow, type SortChoice } from './report-table';

/** The report's rows, sortable by each column. */
export function ReportGrid({
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
            <ReportGridRow key={r.id} r={r} columns={columns} locale={locale} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A row of the report (the totals bold): its label, linking to the activity's performance page when it has one, then its figures. */
function ReportGridRow({ r, columns, locale }: { r: ShownRow; columns: readonly ReportColumn[]; locale: string }) {
  const { t } = useTranslation();
  return (
    <TableRow
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
  );
}

/** Exports the shown grid (its own chunk, loaded on the first export) with the rows written so far. */
export function ExportButtons({
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
  const qc = useQueryClient();
  const company = useSession()?.profile.Company?.Name ?? '';
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // The company's logo for the .xlsx (the top bar's read, usually cached); none when it cannot be read.
  const logo = () =>
    qc
      .fetchQuery({ ...companyLogoQuery(), staleTime: Infinity, retry: false })
      .then((r) => r.Logo && { ...r.Logo, description: company })
      .catch(() => null);
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
      if (kind === 'csv')
        saveFile(new Blob([await x.reportCsv(sheet, onProgress)], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
      else {
        const bytes = await x.reportXlsx(sheet, onProgress, await logo());
        saveFile(new Blob([bytes as BlobPart], { type: XLSX_TYPE }), `${name}.xlsx`);
      }
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
          <LinearProgress
            variant="determinate"
            value={progress.total ? (progress.done / progress.total) * 100 : 100}
            aria-label={t('reports.export.progress', { done: progress.done, total: progress.total })}
          />
        </Box>
      )}
    </Stack>
  );
}
