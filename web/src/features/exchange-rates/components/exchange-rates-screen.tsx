import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApiError } from '../../../components/ui/use-api-error';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText, issueText } from '../../../lib/api-error-text';
import { formatDate, numberFormat } from '../../../lib/format';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import {
  deleteRate,
  importRates,
  MAX_IMPORT_BYTES,
  saveRate,
  type ExchangeRateView,
  type RatesFilter,
} from '../api/exchange-rates-api';
import { ratesChanged, useRatesList } from '../api/rates-queries';
import { CURRENCY_CODE, emptyRateForm, formFromRate, toPayload, type RateForm } from './rate-form';
import { DateInput } from '../../../lib/forms/date-input';

const RateDialog = lazy(() => import('./rate-dialog').then((m) => ({ default: m.RateDialog })));

interface Filters {
  from: string;
  to: string;
  fromDate: string;
  toDate: string;
}
const NO_FILTERS: Filters = { from: '', to: '', fromDate: '', toDate: '' };

/** A rate with up to its 6 decimals, as the locale writes numbers. */
const formatRate = (n: number, locale: string) => numberFormat(locale, { maximumFractionDigits: 6 }).format(n);

/** A calendar day (YYYY-MM-DD) built as a local date, so it is the same day everywhere. */
const formatDay = (ymd: string, locale: string) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return y && m && d ? formatDate(new Date(y, m - 1, d), locale) : ymd;
};

/** Reads a picked file as text (File.text where the browser has it, else FileReader). */
export function readText(file: Blob): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result ?? ''));
    r.onerror = () => reject(r.error);
    r.readAsText(file);
  });
}

/**
 * /agentSettings/exchange_rates/list (GeneralSettings): the company's rates, newest first, filtered by
 * pair and date range on the server; add, change, delete; CSV import (date,from,to,rate), which the
 * server checks whole before writing anything, its line errors listed here.
 */
export function ExchangeRatesScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const { show } = useSnackbar();
  const showError = useApiError();
  const run = useConfirmedAction();
  const fileInput = useRef<HTMLInputElement>(null);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [editing, setEditing] = useState<RateForm | null>(null);
  const [importing, setImporting] = useState(false);
  const [importProblem, setImportProblem] = useState<{ file: string; lines: string[] } | null>(null);

  const codeOk = (c: string) => c === '' || CURRENCY_CODE.test(c);
  const rangeBad = !!filters.fromDate && !!filters.toDate && filters.fromDate > filters.toDate;
  const applied: RatesFilter = {
    from: codeOk(filters.from) ? filters.from : '',
    to: codeOk(filters.to) ? filters.to : '',
    fromDate: rangeBad ? '' : filters.fromDate,
    toDate: rangeBad ? '' : filters.toDate,
  };
  const { rows, loading: firstRead, busy, error, hasMore, more, reload: readAgain } = useRatesList(applied);
  // A write marks every cached list out of date; the one on screen is read again at once.
  const reload = useCallback(() => void ratesChanged(), []);

  const save = async (form: RateForm) => {
    try {
      await saveRate(toPayload(form));
      show({ message: t('snackbar.saved') });
      setEditing(null);
      reload();
    } catch (err) {
      // A new rate for a Date/From/To that has one (RATE_EXISTS): say so and offer to reload, rather than "changed by someone else".
      if (err instanceof ApiError && err.code === 'RATE_EXISTS')
        show({
          severity: 'warning',
          message: apiErrorText(err, t),
          action: {
            label: t('common.reload'),
            onClick: () => {
              setEditing(null);
              reload();
            },
          },
        });
      else
        showError(err, {
          fallback: t('snackbar.saveFailed'),
          reload: () => {
            setEditing(null);
            reload();
          },
        });
      throw err;
    }
  };

  const remove = (r: ExchangeRateView) =>
    run({
      confirm: {
        title: t('exchangeRates.confirmDelete.title'),
        message: t('exchangeRates.confirmDelete.message', { from: r.From, to: r.To, date: formatDay(r.Date, locale) }),
        confirmLabel: t('exchangeRates.actions.delete'),
        destructive: true,
      },
      action: () => deleteRate(r),
      success: t('snackbar.deleted'),
      failure: t('snackbar.deleteFailed'),
      reload,
    });

  const pickFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setImportProblem(null);
    if (file.size > MAX_IMPORT_BYTES) {
      setImportProblem({
        file: file.name,
        lines: [t('exchangeRates.import.tooLarge', { kb: Math.ceil(file.size / 1024), max: MAX_IMPORT_BYTES / 1024 })],
      });
      return;
    }
    setImporting(true);
    try {
      const report = await importRates(await readText(file));
      show({ message: t('exchangeRates.import.done', { n: report.Imported, replaced: report.Replaced }) });
      reload();
    } catch (err) {
      // The file's problems (CSV_* codes): the translated summary, then each wrong line the reply lists
      // (ErrorIssues: line, column, reason) in the user's language, and how many more there are.
      if (err instanceof ApiError && err.code?.startsWith('CSV_')) {
        const listed = err.issues.map((i) =>
          t('exchangeRates.import.line', { line: i.line, problem: issueText(i, t) }),
        );
        const total = Number(err.params.count);
        const more =
          listed.length && total > listed.length ? [t('exchangeRates.import.more', { n: total - listed.length })] : [];
        setImportProblem({ file: file.name, lines: [apiErrorText(err, t), ...listed, ...more] });
      }
      showError(err, { fallback: t('exchangeRates.import.failed'), reload });
    } finally {
      setImporting(false);
    }
  };

  const setFilter = (k: keyof Filters, v: string) =>
    setFilters((f) => ({ ...f, [k]: k === 'from' || k === 'to' ? v.toUpperCase().trim() : v }));
  const codeField = (k: 'from' | 'to') => (
    <TextField
      name={k}
      label={t(`exchangeRates.fields.${k === 'from' ? 'From' : 'To'}`)}
      value={filters[k]}
      sx={{ width: 110 }}
      onChange={(e) => setFilter(k, e.target.value)}
      error={!codeOk(filters[k]) && filters[k].length === 3}
      slotProps={{ htmlInput: { maxLength: 3, dir: 'ltr', spellCheck: false } }}
    />
  );

  return (
    <Paper sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { md: 'flex-start' }, flexWrap: 'wrap' }}
      >
        {codeField('from')}
        {codeField('to')}
        <DateInput
          onlyDates
          name="fromDate"
          label={t('accounts.filters.fromDate')}
          value={filters.fromDate}
          onChange={(v) => setFilter('fromDate', v)}
        />
        <DateInput
          onlyDates
          name="toDate"
          label={t('accounts.filters.toDate')}
          value={filters.toDate}
          onChange={(v) => setFilter('toDate', v)}
          error={rangeBad}
          helperText={rangeBad ? t('validation.dateRange') : undefined}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          startIcon={<UploadFile />}
          onClick={() => fileInput.current?.click()}
          disabled={importing}
          data-testid="import-rates"
        >
          {t('exchangeRates.actions.import')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={pickFile}
          data-testid="import-file"
        />
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setEditing(emptyRateForm())}
          data-testid="create-rate"
        >
          {t('exchangeRates.actions.create')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('exchangeRates.import.hint')}
      </Typography>
      {importProblem && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setImportProblem(null)} data-testid="import-errors">
          <AlertTitle>{t('exchangeRates.import.refused', { file: importProblem.file })}</AlertTitle>
          <Box component="ul" sx={{ m: 0, ps: 2 }}>
            {importProblem.lines.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </Box>
        </Alert>
      )}
      <LoadError error={error} onReload={readAgain} />
      <Box sx={{ height: 4 }}>
        {(importing || (busy && rows.length > 0)) && <LinearProgress aria-label={t('common.loading')} />}
      </Box>
      <TableContainer>
        <Table size="small" aria-label={t('titles.exchangeRates')} data-testid="rates-grid">
          <TableHead>
            <TableRow>
              <TableCell>{t('exchangeRates.fields.Date')}</TableCell>
              <TableCell>{t('exchangeRates.fields.Pair')}</TableCell>
              <TableCell align="right">{t('exchangeRates.fields.Rate')}</TableCell>
              <TableCell>{t('exchangeRates.fields.Source')}</TableCell>
              <TableCell>{t('accounts.fields.updatedAt')}</TableCell>
              <TableCell align="right">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStateRows
              colSpan={6}
              loading={firstRead}
              empty={!firstRead && !error && rows.length === 0}
              emptyText={t('exchangeRates.empty')}
              emptyTestId="rates-empty"
            />
            {rows.map((r) => (
              <TableRow key={`${r.Date}-${r.From}-${r.To}`} hover data-testid="rate-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(r.Date, locale)}</TableCell>
                <TableCell>
                  <span dir="ltr">{`${r.From} → ${r.To}`}</span>
                </TableCell>
                <TableCell align="right">
                  <span dir="ltr">{formatRate(r.Rate, locale)}</span>
                </TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" label={t(`exchangeRates.source.${r.Source}`)} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.updatedAt, locale, true)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton
                    size="small"
                    title={t('common.edit')}
                    aria-label={`${t('common.edit')} ${r.From}/${r.To} ${r.Date}`}
                    onClick={() => setEditing(formFromRate(r))}
                  >
                    <Edit fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    title={t('exchangeRates.actions.delete')}
                    aria-label={`${t('exchangeRates.actions.delete')} ${r.From}/${r.To} ${r.Date}`}
                    onClick={() => remove(r)}
                  >
                    <Delete fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {hasMore && (
        <Box sx={{ textAlign: 'center', mt: 1 }}>
          <Button onClick={more} disabled={busy} data-testid="more-rates">
            {t('exchangeRates.actions.more')}
          </Button>
        </Box>
      )}
      {editing && (
        <Suspense fallback={null}>
          <RateDialog initial={editing} onSave={save} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Paper>
  );
}
