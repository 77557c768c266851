import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useApiError } from '../../../components/ui/use-api-error';
import { companyExportQuery, useStartCompanyExport } from '../api/company-export-api';

/**
 * "Export company data" (Admin only: the card is not shown to others, and the API refuses them):
 * starts the export of all of the company's data into one zip archive, shows its progress while the
 * job runs (read again every few seconds), then a download link valid for a few minutes.
 */
export function CompanyExportCard() {
  const { t } = useTranslation();
  const showError = useApiError();
  const start = useStartCompanyExport();
  const [exportId, setExportId] = useState<string | null>(null);
  const job = useQuery({ ...companyExportQuery(exportId ?? ''), enabled: !!exportId }).data;
  const running = start.isPending || job?.Status === 'Running';

  const onStart = async () => {
    try {
      setExportId((await start.mutateAsync()).ExportId);
    } catch (err) {
      showError(err, { fallback: t('configurations.export.failed') });
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, md: 3 }, mb: 2 }} component="section" aria-labelledby="company-export-title">
      <Typography variant="h6" component="h2" id="company-export-title" sx={{ mb: 1.5 }}>
        {t('configurations.export.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {t('configurations.export.hint')}
        </Typography>
        <Button variant="contained" disabled={running} onClick={onStart} data-testid="company-export-start">
          {t('configurations.export.start')}
        </Button>
      </Stack>
      {job?.Status === 'Running' && (
        <ProgressBar
          label={t('configurations.export.progress', { items: job.ItemsRead, partitions: job.Partitions })}
        />
      )}
      {job?.Status === 'Done' && job.DownloadUrl && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="company-export-done">
          {t('configurations.export.done', { items: job.ItemsRead })}{' '}
          <Link href={job.DownloadUrl} download={job.FileName ?? undefined} data-testid="company-export-download">
            {t('configurations.export.download')}
          </Link>
        </Alert>
      )}
      {job?.Status === 'Error' && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {t('configurations.export.error')}
        </Alert>
      )}
    </Paper>
  );
}
