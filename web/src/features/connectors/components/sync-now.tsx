import Sync from '@mui/icons-material/Sync';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import type { AgentConnector } from '../api/connectors-api';
import { useSyncNow } from '../api/sync-now';

/** How long the list is read again after a Sync now, at most, and how often. */
export const SYNC_WATCH_MS = 2 * 60 * 1000;
export const SYNC_POLL_MS = 5000;

interface Watch {
  lastSyncAt: string | null;
  until: number;
}
type Watches = Record<number, Watch>;

/** The watches still open: a connection's LastSyncAt has not moved (when `items` are given) and its time is not up. */
function prune(w: Watches, now: number, items?: readonly AgentConnector[]): Watches {
  const next: Watches = {};
  let changed = false;
  for (const [id, watch] of Object.entries(w)) {
    const item = items?.find((a) => a.ID === Number(id));
    if (now < watch.until && (!items || (item && item.LastSyncAt === watch.lastSyncAt))) next[Number(id)] = watch;
    else changed = true;
  }
  return changed ? next : w;
}

/**
 * The connections being synced after a Sync now: each until its LastSyncAt moves (`settle` with the
 * list as read), or SYNC_WATCH_MS. `refetchInterval` is for the list's query: every SYNC_POLL_MS
 * while one is watched.
 */
export function useSyncWatch() {
  const [watches, setWatches] = useState<Watches>({});
  useEffect(() => {
    const untils = Object.values(watches).map((w) => w.until);
    if (!untils.length) return undefined;
    const timer = setTimeout(
      () => setWatches((w) => prune(w, Date.now())),
      Math.max(0, Math.min(...untils) - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [watches]);
  const start = useCallback(
    (a: AgentConnector) =>
      setWatches((w) => ({ ...w, [a.ID]: { lastSyncAt: a.LastSyncAt, until: Date.now() + SYNC_WATCH_MS } })),
    [],
  );
  const settle = useCallback((items: readonly AgentConnector[]) => setWatches((w) => prune(w, Date.now(), items)), []);
  return {
    isSyncing: (id: number) => id in watches,
    start,
    settle,
    refetchInterval: Object.keys(watches).length ? SYNC_POLL_MS : (false as const),
  };
}

/**
 * A connection's Sync now (GeneralSettings: the screen's access): disabled while its sync runs; says
 * how many ad accounts were queued, or why not (the API's reason: nothing linked, already running…).
 * A CSV upload connection has none: its data comes from files.
 */
export function SyncNowButton({
  connector,
  syncing,
  onStarted,
}: {
  connector: AgentConnector;
  syncing: boolean;
  onStarted: (a: AgentConnector) => void;
}) {
  const { t } = useTranslation();
  const run = useConfirmedAction();
  const syncNow = useSyncNow();
  if (connector.ConnectorType === 'csv_upload') return null;
  const busy = syncing || syncNow.isPending;
  const click = () =>
    run({
      action: () => syncNow.mutateAsync(connector.ID),
      success: (r) =>
        r.Jobs === 1 ? t('connectors.sync.startedOne') : t('connectors.sync.started', { count: r.Jobs }),
      failure: t('connectors.sync.failed'),
      done: () => onStarted(connector),
    });
  return (
    <Button
      size="small"
      onClick={click}
      disabled={busy}
      data-testid="sync-now"
      aria-label={`${t('connectors.sync.action')} ${connector.Name}`}
      startIcon={busy ? <CircularProgress size={14} /> : <Sync fontSize="small" />}
    >
      {busy ? t('connectors.sync.running') : t('connectors.sync.action')}
    </Button>
  );
}
