import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiError } from '../../../components/ui/use-api-error';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText, issueText } from '../../../lib/api-error-text';
import { inviteUsersCsv, type CsvInviteReport } from '../api/users-api';

/** The largest file sent (the route takes 100,000 characters). */
const MAX_BYTES = 100_000;

function readText(file: Blob): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result ?? ''));
    r.onerror = () => reject(r.error);
    r.readAsText(file);
  });
}

/** The chosen file sent to InviteUsersCsv (one too large refused here): the report, or the problems that refused it. */
export function useCsvInvite(onInvited: () => void) {
  const { t } = useTranslation();
  const showError = useApiError();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<CsvInviteReport | null>(null);
  const [problem, setProblem] = useState<{ file: string; lines: string[] } | null>(null);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProblem(null);
    setReport(null);
    if (file.size > MAX_BYTES) {
      setProblem({
        file: file.name,
        lines: [t('users.csv.tooLarge', { kb: Math.ceil(file.size / 1024), max: MAX_BYTES / 1000 })],
      });
      return;
    }
    setBusy(true);
    try {
      const r = await inviteUsersCsv(await readText(file));
      setReport(r);
      if (r.Invited) onInvited();
    } catch (err) {
      if (err instanceof ApiError && err.code?.startsWith('CSV_')) {
        const listed = err.issues.map((i) => t('users.csv.line', { line: i.line, problem: issueText(i, t) }));
        setProblem({ file: file.name, lines: [apiErrorText(err, t), ...listed] });
      } else if (err instanceof ApiError) {
        setProblem({ file: file.name, lines: [apiErrorText(err, t)] });
      } else showError(err, { fallback: t('users.inviteFailed') });
    } finally {
      setBusy(false);
    }
  };
  return { busy, report, problem, pick };
}
