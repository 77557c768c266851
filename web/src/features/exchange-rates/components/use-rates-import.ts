import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApiError } from '../../../components/ui/use-api-error';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText, issueText } from '../../../lib/api-error-text';
import { importRates, MAX_IMPORT_BYTES } from '../api/exchange-rates-api';

export interface ImportProblem {
  file: string;
  lines: string[];
}

/** Reads a picked file as text (File.text where the browser has it, else FileReader). */
function readText(file: Blob): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result ?? ''));
    r.onerror = () => reject(r.error);
    r.readAsText(file);
  });
}

/**
 * The CSV import: `pickFile` sends the chosen file, `importing` is true meanwhile, and
 * `importProblem` holds why the server (or the size check) refused it, line by line.
 */
export function useRatesImport(reload: () => void) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const showError = useApiError();
  const [importing, setImporting] = useState(false);
  const [importProblem, setImportProblem] = useState<ImportProblem | null>(null);

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

  return { importing, importProblem, setImportProblem, pickFile };
}
