import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { fetchConfigurations, saveConfigurations } from './configurations-api';

/** The company's configuration (GetConfigurations) as TanStack Query options (lib/api-query.ts). */
export const configurationsQuery = () =>
  apiQuery(queryKeyOf('ConfigurationsService', 'GetConfigurations', {}), (signal) => fetchConfigurations(signal));

/**
 * SaveConfigurations as a mutation. Its reply is the whole configuration as saved (new version, who,
 * when), and GetConfigurations has one key (no input, no account), so the reply becomes that read's
 * answer at once: nothing is read again, and the next GetConfigurations anywhere is the saved one.
 */
export function useSaveConfigurations() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveConfigurations,
    onSuccess: (saved) => {
      qc.setQueryData(configurationsQuery().queryKey, saved);
    },
  });
}
