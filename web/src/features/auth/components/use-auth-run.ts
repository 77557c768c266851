import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './form-error';

/** One auth step at a time: busy while it runs, and its failure's text in the user's language (`wrap` may word it). */
export function useAuthRun() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>, wrap = (m: string) => m) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(wrap(await errorText(err, t)));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
