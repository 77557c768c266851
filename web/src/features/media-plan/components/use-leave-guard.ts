import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useConfirm } from '../../../components/ui/confirm-dialog';

/**
 * No edit is lost without a word. While `unsaved` lines hold an edit the server does not have:
 * - a navigation away (another page, another version, Back) waits for the rows to save what they
 *   hold (`flush`); it goes on when nothing is left unsaved, and asks first when a line is still
 *   refused or not valid (Leave loses those edits, Stay keeps the page);
 * - closing or reloading the tab asks the browser's own question (its text is the browser's), and
 *   starts the saves meanwhile, so a planner who stays finds them saved.
 */
export function useLeaveGuard(unsaved: number, countUnsaved: () => number, flush: () => Promise<void>): void {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved > 0 &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void (async () => {
      try {
        await flush().catch(() => undefined);
        const left = countUnsaved();
        const leave =
          left === 0 ||
          (await confirm({
            title: t('mediaPlan.leave.title'),
            message: t('mediaPlan.leave.message', { count: left }),
            confirmLabel: t('mediaPlan.leave.confirm'),
            destructive: true,
          }));
        if (leave) blocker.proceed();
        else blocker.reset();
      } finally {
        asking.current = false;
      }
    })();
  }, [blocker, flush, countUnsaved, confirm, t]);

  const latest = useRef({ unsaved, flush });
  latest.current = { unsaved, flush };
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (latest.current.unsaved === 0) return;
      e.preventDefault();
      e.returnValue = ''; // older browsers ask only when returnValue is set
      void latest.current.flush().catch(() => undefined);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
