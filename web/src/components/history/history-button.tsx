import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowIconButton } from '../ui/row-icon';
import type { HistoryTarget } from './history-drawer';
import { installHistoryStrings } from './history-strings';

/** The drawer's code, its strings and its reads load on the first opening, never with the screen. */
const HistoryDrawer = lazy(() => Promise.all([import('./history-drawer'), installHistoryStrings()]).then(([m]) => m));

export type { HistoryTarget };

/**
 * Opens the History drawer of one item. Shared by the screens of every area (features
 * may not import each other): `variant` 'icon' for a table row, 'button' for a dialog or a header.
 */
export function HistoryButton({ variant = 'icon', ...target }: HistoryTarget & { variant?: 'icon' | 'button' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const show = () => setOpen(true);
  const trigger =
    variant === 'button' ? (
      <Button size="small" startIcon={<HistoryIcon />} onClick={show} data-testid="history-open">
        {t('history.open')}
      </Button>
    ) : (
      // The browser's own tooltip (title), not MUI's: its Tooltip brings Popper (~11 kB gzip) into every
      // list screen, /accounts/list first, for one word (the console's JavaScript budget).
      <RowIconButton onClick={show} aria-label={t('history.open')} data-testid="history-open" icon={HistoryIcon} />
    );
  return (
    <>
      {trigger}
      <HistoryPanel target={open ? target : null} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * The drawer for a screen that keeps which item it shows itself (a row menu's "History", which
 * closes with its menu): open while `target` is set.
 */
export function HistoryPanel({ target, onClose }: { target: HistoryTarget | null; onClose: () => void }) {
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <HistoryDrawer open onClose={onClose} target={target} />
    </Suspense>
  );
}
