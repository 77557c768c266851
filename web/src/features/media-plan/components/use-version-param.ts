import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The version the URL asks for (`?version=<mediaMixId>`, null when none or not an id), and choosing one (replacing the entry). */
export function useVersionParam() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('version'));
  const askedId = Number.isInteger(asked) && asked > 0 ? asked : null;
  const select = useCallback(
    (id: number) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('version', String(id));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { askedId, select };
}
