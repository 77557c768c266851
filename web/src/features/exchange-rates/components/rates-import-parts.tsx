import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import UploadFile from '@mui/icons-material/UploadFile';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportProblem } from './use-rates-import';

/** Why an import was refused, one list item per line the server (or the size check) named. */
export function ImportProblemAlert({ problem, onClose }: { problem: ImportProblem; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert severity="error" sx={{ mb: 2 }} onClose={onClose} data-testid="import-errors">
      <AlertTitle>{t('exchangeRates.import.refused', { file: problem.file })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, ps: 2 }}>
        {problem.lines.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </Box>
    </Alert>
  );
}

/** "Import" opens the browser's file picker, held in a hidden input. */
export function ImportButton({
  importing,
  onPick,
}: {
  importing: boolean;
  onPick: (e: ChangeEvent<HTMLInputElement>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        startIcon={<UploadFile />}
        onClick={() => fileInput.current?.click()}
        disabled={importing}
        data-testid="import-rates"
      >
        {t('exchangeRates.actions.import')}
      </Button>
      <input ref={fileInput} type="file" accept=".csv,text/csv" hidden onChange={onPick} data-testid="import-file" />
    </>
  );
}
