import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { typeAgain } from '../../../lib/first-frame/type-again';
import { takeTyped } from '../../../lib/first-frame/typed';

/**
 * What was typed into the plan's first frame before the console started (lib/first-frame), typed
 * again into the grid's rows once they first show: through the rows' own handlers, so it is
 * checked, its amounts follow and it saves itself as if typed now. What cannot be entered (the
 * version is no longer editable, a line is gone) is said, never dropped in silence.
 */
export function useTypedAgain(grid: RefObject<HTMLElement | null>, shown: boolean, editable: boolean): void {
  const { show } = useSnackbar();
  const { t } = useTranslation();
  const taken = useRef(false);
  // After the rows' own effects (a cell's first effect, run after typing, would take the typed value
  // for one from outside and write its text anew) and outside React's commit (which puts back a
  // value typed in the middle of it).
  useEffect(() => {
    if (!shown || taken.current) return;
    taken.current = true;
    const typed = takeTyped();
    if (!typed) return;
    const rowOf = (key: string) =>
      Array.from(grid.current?.querySelectorAll('tr[data-line-id]') ?? []).find(
        (r) => r.getAttribute('data-line-id') === key,
      ) ?? null;
    const missed = editable ? typeAgain(typed, rowOf) : typed.edits;
    if (missed.length > 0)
      show({ severity: 'warning', message: t('mediaPlan.typedNotKept', { count: missed.length }) });
  }, [grid, shown, editable, show, t]);
}
