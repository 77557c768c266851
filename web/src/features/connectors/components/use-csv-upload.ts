import { CSV_IMPORT_MAX_BYTES } from '@server/shared/connectors';
import type { TFunction } from 'i18next';
import { useState, type ChangeEvent } from 'react';
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

export type CsvUploadStep =
  | { kind: 'idle' }
  | { kind: 'upload'; share: number }
  | { kind: 'import'; run: CsvImportView | null }
  | { kind: 'done'; run: CsvImportView }
  | { kind: 'refused'; lines: string[] };

/**
 * A CSV file's way through: checked for size here, uploaded straight to storage, imported by one
 * call while its run is read every second, then followed to its end when a job writes it; the step
 * it is at, and the chosen file's name.
 */
export function useCsvUpload(connectorId: number, onImported: () => void) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const [step, setStep] = useState<CsvUploadStep>({ kind: 'idle' });
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
      const form = await requestCsvUpload(connectorId, { fileName: chosen.name, size: chosen.size });
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
      let run = await importCsv(connectorId, form.ImportId, chosen.name);
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

  return { step, file, busy, pick };
}

/** The progress bar's value (none while checking) and text, for an upload or an import under way. */
export function progressOf(step: CsvUploadStep, t: TFunction, n: (v: number) => string) {
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
}
