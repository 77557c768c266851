import type { AlertColor } from '@mui/material/Alert';
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** SPEC §9: auto-hide 1500 ms, bottom-left, filled alert, slide transition. */
export const SNACKBAR_AUTO_HIDE_MS = 1500;

export interface SnackbarMessage {
  message: string;
  severity?: AlertColor;
  /** A button in the message (e.g. "Reload" after a conflict); keeps the message open longer. */
  action?: { label: string; onClick: () => void };
}

interface SnackbarApi {
  show: (m: SnackbarMessage) => void;
}

const SnackbarContext = createContext<SnackbarApi>({ show: () => undefined });
const SnackbarView = lazy(() => import('./snackbar-view'));

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(SnackbarMessage & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((m: SnackbarMessage) => {
    setCurrent({ ...m, key: Date.now() });
    setOpen(true);
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  const close = useCallback(() => setOpen(false), []);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {current && <Suspense fallback={null}><SnackbarView current={current} open={open} onClose={close} /></Suspense>}
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarApi {
  return useContext(SnackbarContext);
}
