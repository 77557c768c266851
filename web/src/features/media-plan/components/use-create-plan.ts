import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createVersion } from '../api/media-plan-api';
import { planQueries } from '../api/plan-queries';
import { usePlanError } from './use-plan-error';

/** Creates the activity's first plan (named after the activity), reads the list again and selects it. */
export function useCreatePlan(
  accountId: number,
  activityId: number,
  activityName: string | undefined,
  select: (id: number) => void,
  reloadList: () => void,
) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const showError = usePlanError();
  const [creating, setCreating] = useState(false);
  const createPlan = async () => {
    setCreating(true);
    try {
      const name = activityName ? t('mediaPlan.defaultName', { activity: activityName }) : t('titles.mediaPlan');
      const version = await createVersion(accountId, activityId, name.slice(0, 200));
      await qc.invalidateQueries({ queryKey: planQueries.list(accountId, activityId).queryKey, exact: true });
      select(version.ID);
    } catch (err) {
      showError(err, { reload: reloadList });
    } finally {
      setCreating(false);
    }
  };
  return { creating, createPlan };
}
