import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CsvUploadStep } from './use-csv-upload';

/** The upload's or import's progress: its text above a bar (indeterminate while lines are checked). */
export function CsvUploadProgress({ progress }: { progress: { value: number | undefined; text: string } }) {
  return (
    <Box sx={{ my: 2 }} data-testid="csv-upload-progress">
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {progress.text}
      </Typography>
      <LinearProgress
        variant={progress.value === undefined ? 'indeterminate' : 'determinate'}
        value={progress.value}
        aria-label={progress.text}
      />
    </Box>
  );
}

/** How the file ended: each bad line of a refused file (nothing imported), or a good one's summary. */
export function CsvUploadOutcome({ step, file, n }: { step: CsvUploadStep; file: string; n: (v: number) => string }) {
  const { t } = useTranslation();
  if (step.kind === 'refused')
    return (
      <Alert severity="error" sx={{ mt: 2 }} data-testid="csv-upload-errors">
        <AlertTitle>{t('connectors.csv.refused', { file })}</AlertTitle>
        <Box component="ul" sx={{ m: 0, ps: 2 }}>
          {step.lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </Box>
      </Alert>
    );
  if (step.kind === 'done')
    return (
      <Alert severity="success" sx={{ mt: 2 }} data-testid="csv-upload-summary">
        <AlertTitle>{t('connectors.csv.done', { file })}</AlertTitle>
        {t('connectors.csv.summary', {
          rows: n(step.run.RowsTotal),
          written: n(step.run.RowsWritten),
          days: n(step.run.Days),
          campaigns: n(step.run.Campaigns),
          accounts: n(step.run.Accounts),
          from: step.run.From,
          to: step.run.To,
        })}
      </Alert>
    );
  return null;
}
