import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { initChannelTypes, type AccountChannelType } from '../api/media-plan-api';
import { planQueries } from '../api/plan-queries';

const NO_TYPES: readonly AccountChannelType[] = [];

/**
 * The account's channel types (read for staff only), and `ensureChannelTypes`: the types, first
 * made from the defaults when the account has none yet (the cache then holds them).
 */
export function usePlanChannelTypes(accountId: number, staff: boolean) {
  const qc = useQueryClient();
  const typesQuery = useMemo(() => planQueries.channelTypes(accountId), [accountId]);
  const types = useQuery({ ...typesQuery, enabled: staff });
  const channelTypes = types.data?.Items ?? NO_TYPES;
  const typesKey = typesQuery.queryKey;
  const ensureChannelTypes = useCallback(async () => {
    if (channelTypes.length > 0) return channelTypes;
    const { Added: _added, ...made } = await initChannelTypes(accountId);
    qc.setQueryData(typesKey, made);
    return made.Items;
  }, [channelTypes, accountId, qc, typesKey]);
  return { channelTypes, ensureChannelTypes };
}
