import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import type { RatesFilter } from '../api/exchange-rates-api';
import { ratesChanged, useRatesList } from '../api/rates-queries';
import { ImportButton, ImportProblemAlert } from './rates-import-parts';
import { emptyRateForm, formFromRate, type RateForm } from './rate-form';
import { RatesTable } from './rates-table';
import { codeOk, NO_FILTERS, RatesFilterFields, type Filters } from './rates-filters';
import { useRateSaves } from './use-rate-saves';
import { useRatesImport } from './use-rates-import';
import { ProgressBar } from '../../../components/ui/progress-bar';

const RateDialog = lazy(() => import('./rate-dialog').then((m) => ({ default: m.RateDialog })));

/**
 * /agentSettings/exchange_rates/list (GeneralSettings): the company's rates, newest first, filtered by
 * pair and date range on the server; add, change, delete; CSV import (date,from,to,rate), which the
 * server checks whole before writing anything, its line errors listed here.
 */
export function ExchangeRatesScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [editing, setEditing] = useState<RateForm | null>(null);

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
  const { save, remove } = useRateSaves(reload, () => setEditing(null));
  const { importing, importProblem, setImportProblem, pickFile } = useRatesImport(reload);

  const setFilter = (k: keyof Filters, v: string) =>
    setFilters((f) => ({ ...f, [k]: k === 'from' || k === 'to' ? v.toUpperCase().trim() : v }));

  return (
    <Paper sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { md: 'flex-start' }, flexWrap: 'wrap' }}
      >
        <RatesFilterFields filters={filters} setFilter={setFilter} rangeBad={rangeBad} />
        <Box sx={{ flexGrow: 1 }} />
        <ImportButton importing={importing} onPick={pickFile} />
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
      {importProblem && <ImportProblemAlert problem={importProblem} onClose={() => setImportProblem(null)} />}
      <LoadError error={error} onReload={readAgain} />
      <Box sx={{ height: 4 }}>
        {(importing || (busy && rows.length > 0)) && <ProgressBar label={t('common.loading')} />}
      </Box>
      <RatesTable
        rows={rows}
        loading={firstRead}
        empty={!firstRead && !error && rows.length === 0}
        onEdit={(r) => setEditing(formFromRate(r))}
        onDelete={(r) => void remove(r)}
      />
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
