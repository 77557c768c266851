import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS, CSV_TEMPLATE_HEADER } from '@server/shared/connectors';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { CsvUploadOutcome, CsvUploadProgress } from './csv-upload-outcome';
import { progressOf, useCsvUpload } from './use-csv-upload';

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`${CSV_TEMPLATE_HEADER}\n`)}`;

/**
 * "Upload CSV" of a CSV upload connection: a file of the daily grain goes straight to
 * storage (its upload's progress from the browser), then one import call checks it whole and writes
 * it (a large file: hands it to a job and answers at once); while either runs, the import's run is
 * read every second (lines checked, rows written of the total) until it ends. A refused file lists each bad line with its reason in the user's language — nothing of it
 * was imported; a good one ends with its summary.
 */
export function CsvUploadDialog({
  connector,
  onClose,
  onImported,
}: {
  connector: { ID: number; Name: string };
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const input = useRef<HTMLInputElement>(null);
  const n = (v: number) => formatNumber(v, locale, { decimals: 0 });

  const { step, file, busy, pick } = useCsvUpload(connector.ID, onImported);
  const progress = progressOf(step, t, n);

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="csv-upload-title">
      <DialogTitle id="csv-upload-title">{t('connectors.csv.title', { name: connector.Name })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('connectors.csv.hint', { maxKb: n(CSV_IMPORT_MAX_BYTES / 1024), maxRows: n(CSV_IMPORT_MAX_ROWS) })}
        </Typography>
        <Box
          component="pre"
          dir="ltr"
          sx={{
            bgcolor: 'action.hover',
            p: 1,
            borderRadius: 1,
            fontSize: 13,
            textAlign: 'left',
            whiteSpace: 'pre-wrap',
          }}
        >
          {`${CSV_TEMPLATE_HEADER}\n2026-01-31,google_ads,1234567890,987,Search [L42],1000,25,12.50,ILS,2,150,0`}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            startIcon={<UploadFile />}
            variant="contained"
            onClick={() => input.current?.click()}
            disabled={busy}
            data-testid="csv-upload-pick"
          >
            {t('connectors.csv.pick')}
          </Button>
          <Button
            startIcon={<Download />}
            href={TEMPLATE_HREF}
            download="mixdesk-daily-stats-template.csv"
            data-testid="csv-template"
          >
            {t('connectors.csv.template')}
          </Button>
        </Box>
        <input ref={input} type="file" accept=".csv,text/csv" hidden onChange={pick} data-testid="csv-upload-file" />
        {progress && <CsvUploadProgress progress={progress} />}
        <CsvUploadOutcome step={step} file={file} n={n} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="csv-upload-close">
          {t('connectors.csv.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
