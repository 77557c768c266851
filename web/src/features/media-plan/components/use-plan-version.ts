import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { VersionInfo } from '../api/media-plan-api';
import { planQueries } from '../api/plan-queries';

/**
 * The version the editor shows: the cached GetMediaMixInfo, how to read it again, and `round`, bumped
 * when it is read again on request (Reload, after a status change) so the rows remount with the
 * server's values.
 */
export function usePlanVersion(scope: number, versionId: number) {
  const qc = useQueryClient();
  const infoQuery = useMemo(() => planQueries.info(scope, versionId), [scope, versionId]);
  const loaded = useQuery(infoQuery);
  const info = loaded.data;
  const [round, setRound] = useState(0);

  const infoKey = infoQuery.queryKey;
  const refetchInfo = useCallback(
    () => qc.refetchQueries({ queryKey: infoKey, exact: true }).finally(() => setRound((r) => r + 1)),
    [qc, infoKey],
  );
  const reloadInfo = useCallback(() => void refetchInfo(), [refetchInfo]);
  const activityId = info?.ActivityId;
  const reloadAll = useCallback(() => {
    // The version first, then where it is listed and waits: otherwise the versions list could show
    // its new status (signed off, approved) while the editor still offers the old status's buttons.
    void refetchInfo().finally(() => {
      if (activityId !== undefined)
        void qc.invalidateQueries({ queryKey: planQueries.list(scope, activityId).queryKey, exact: true });
      // Where versions wait (the approvals inbox, its badge, My plans) follows a submit, approval or rejection.
      void qc.invalidateQueries({ queryKey: ['ApprovalsService'] });
    });
  }, [refetchInfo, qc, scope, activityId]);
  /** The version's `version` as the server has it after this editor's writes (the cache counts them). */
  const versionNumber = () => qc.getQueryData(infoKey)?.version ?? 0;

  return { loaded, info, round, reloadInfo, reloadAll, versionNumber };
}

/** The name field of the version: the server's name, taken again each time the version is read again. */
export function usePlanName(info: VersionInfo | undefined, round: number) {
  const [name, setName] = useState('');
  const [nameRound, setNameRound] = useState(-1);
  if (info && nameRound !== round) {
    setNameRound(round);
    setName(info.Name);
  }
  return [name, setName] as const;
}
