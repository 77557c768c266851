import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { SnackbarMessage } from './snackbar-message';

interface SnackbarApi {
  show: (m: SnackbarMessage) => void;
}

/**
 * The width a layout keeps at the snackbar's side of the screen (the open, persistent side drawer):
 * messages sit past it instead of over the drawer's foot. One value for the app; the
 * layout that shows the drawer reserves it while it is open.
 */
let inset = 0;
const insetListeners = new Set<() => void>();
const subscribeInset = (l: () => void) => {
  insetListeners.add(l);
  return () => {
    insetListeners.delete(l);
  };
};
const getInset = () => inset;

/** Keeps `px` clear at the snackbar's side while the calling component shows something there. */
export function useSnackbarInset(px: number): void {
  useEffect(() => {
    inset = px;
    insetListeners.forEach((l) => l());
    return () => {
      inset = 0;
      insetListeners.forEach((l) => l());
    };
  }, [px]);
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
  const reserved = useSyncExternalStore(subscribeInset, getInset, getInset);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <SnackbarView current={current} open={open} onClose={close} inset={reserved} />
        </Suspense>
      )}
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarApi {
  return useContext(SnackbarContext);
}
