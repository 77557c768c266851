import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS, CSV_TEMPLATE_HEADER } from '@server/shared/connectors';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText, issueText } from '../../../lib/api-error-text';
import { formatNumber } from '../../../lib/format';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { StorageRefusal, uploadToStorage } from '../../../lib/storage-upload';
import {
  fetchCsvImport,
  importCsv,
  requestCsvUpload,
  type CsvImportFailure,
  type CsvImportView,
} from '../api/csv-upload-api';

/** What an import that ended in Error says, by its reason (an older run without one: it stopped). */
const FAILURE_TEXT: Record<CsvImportFailure, string> = {
  stopped: 'connectors.csv.failure.stopped',
  gaveUp: 'connectors.csv.failure.gaveUp',
  recheckFailed: 'connectors.csv.failure.recheckFailed',
  noLongerPasses: 'connectors.csv.failure.noLongerPasses',
  notQueued: 'connectors.csv.failure.notQueued',
  unreadable: 'connectors.csv.failure.unreadable',
};

/** How often the import's progress is read while the import call runs. */
const POLL_MS = 1000;

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`${CSV_TEMPLATE_HEADER}\n`)}`;

type Step =
  | { kind: 'idle' }
  | { kind: 'upload'; share: number }
  | { kind: 'import'; run: CsvImportView | null }
  | { kind: 'done'; run: CsvImportView }
  | { kind: 'refused'; lines: string[] };

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
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [file, setFile] = useState('');
  const busy = step.kind === 'upload' || step.kind === 'import';
  const n = (v: number) => formatNumber(v, locale, { decimals: 0 });

  const refuse = (lines: string[]) => setStep({ kind: 'refused', lines });

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen) return;
    setFile(chosen.name);
    if (chosen.size > CSV_IMPORT_MAX_BYTES) {
      refuse([
        t('connectors.csv.tooLarge', { kb: n(Math.ceil(chosen.size / 1024)), maxKb: n(CSV_IMPORT_MAX_BYTES / 1024) }),
      ]);
      return;
    }
    if (chosen.size === 0) {
      refuse([t('connectors.csv.empty')]);
      return;
    }
    let polling = false;
    try {
      setStep({ kind: 'upload', share: 0 });
      const form = await requestCsvUpload(connector.ID, { fileName: chosen.name, size: chosen.size });
      await uploadToStorage(form, chosen, (share) => setStep({ kind: 'upload', share }));
      setStep({ kind: 'import', run: null });
      polling = true;
      const poll = async () => {
        while (polling) {
          await new Promise((r) => setTimeout(r, POLL_MS));
          if (!polling) break;
          const run = await fetchCsvImport(form.ImportId).catch(() => null);
          if (polling && run) setStep({ kind: 'import', run });
        }
      };
      void poll();
      let run = await importCsv(connector.ID, form.ImportId, chosen.name);
      polling = false;
      // A large file is written by a job (the call answered 202, Running): its run is followed to its end.
      while (run.Status === 'Running') {
        setStep({ kind: 'import', run });
        await new Promise((r) => setTimeout(r, POLL_MS));
        run = await fetchCsvImport(form.ImportId).catch(() => run);
      }
      onImported();
      if (run.Status === 'Error') {
        refuse([
          t(FAILURE_TEXT[run.ErrorReason ?? 'stopped'], {
            done: n(run.RowsDone),
            total: n(run.RowsTotal),
            written: n(run.RowsWritten),
            attempts: n(run.Attempts),
          }),
        ]);
      } else setStep({ kind: 'done', run });
    } catch (err) {
      polling = false;
      if (err instanceof StorageRefusal) refuse([t('connectors.csv.storageRefused', { code: err.code })]);
      else if (err instanceof ApiError && err.code === 'CSV_EMPTY') refuse([t('connectors.csv.empty')]);
      else if (err instanceof ApiError) {
        refuse([
          apiErrorText(err, t),
          ...err.issues.map((i) => t('connectors.csv.line', { line: i.line, problem: issueText(i, t) })),
        ]);
      } else refuse([t('connectors.csv.failed')]);
    }
  };

  const progress = (() => {
    if (step.kind === 'upload')
      return {
        value: Math.round(step.share * 100),
        text: t('connectors.csv.uploading', { percent: Math.round(step.share * 100) }),
      };
    if (step.kind !== 'import') return null;
    const run = step.run;
    if (!run || run.Phase === 'check')
      return { value: undefined, text: t('connectors.csv.checking', { lines: n(run?.LinesChecked ?? 0) }) };
    const value = run.RowsTotal ? Math.round((run.RowsDone / run.RowsTotal) * 100) : 0;
    return { value, text: t('connectors.csv.writing', { done: n(run.RowsDone), total: n(run.RowsTotal) }) };
  })();

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
        {progress && (
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
        )}
        {step.kind === 'refused' && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="csv-upload-errors">
            <AlertTitle>{t('connectors.csv.refused', { file })}</AlertTitle>
            <Box component="ul" sx={{ m: 0, ps: 2 }}>
              {step.lines.map((l, i) => (
                <li key={i}>{l}</li>
              ))}
            </Box>
          </Alert>
        )}
        {step.kind === 'done' && (
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
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="csv-upload-close">
          {t('connectors.csv.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
