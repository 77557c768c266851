import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApiError } from '../../../components/ui/use-api-error';
import { LoadError } from '../../../components/ui/load-error';
import { createCompany } from '../api/companies-api';
import { companiesChanged, useCompaniesList } from '../api/companies-queries';
import { CompaniesTable } from './companies-table';
import { emptyCompanyForm, toPayload, type CompanyForm } from './company-form';
import { ProgressBar } from '../../../components/ui/progress-bar';

const CompanyDialog = lazy(() => import('./company-dialog').then((m) => ({ default: m.CompanyDialog })));

/**
 * /globalSettings/companies/list (system administrators): every agency with how many users and active
 * accounts it has and when it was made; a new one with its first Admin, invited by e-mail.
 */
export function CompaniesScreen() {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const showError = useApiError();
  const [creating, setCreating] = useState<CompanyForm | null>(null);
  const { rows, loading, busy, error, hasMore, more, reload } = useCompaniesList();

  const save = async (form: CompanyForm) => {
    try {
      const made = await createCompany(toPayload(form));
      show({ message: t('companies.done.created', { name: made.Company.Name, email: made.Admin.Email }) });
      setCreating(null);
      void companiesChanged();
    } catch (err) {
      showError(err, { fallback: t('snackbar.saveFailed') });
      throw err;
    }
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" sx={{ mb: 2, justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setCreating(emptyCompanyForm())}
          data-testid="create-company"
        >
          {t('companies.actions.create')}
        </Button>
      </Stack>
      <LoadError error={error} onReload={reload} />
      <Box sx={{ height: 4 }}>{busy && rows.length > 0 && <ProgressBar label={t('common.loading')} />}</Box>
      <CompaniesTable rows={rows} loading={loading} empty={!loading && !error && rows.length === 0} />
      {hasMore && (
        <Box sx={{ textAlign: 'center', mt: 1 }}>
          <Button onClick={more} disabled={busy} data-testid="more-companies">
            {t('companies.actions.more')}
          </Button>
        </Box>
      )}
      {creating && (
        <Suspense fallback={null}>
          <CompanyDialog initial={creating} onSave={save} onClose={() => setCreating(null)} />
        </Suspense>
      )}
    </Paper>
  );
}
