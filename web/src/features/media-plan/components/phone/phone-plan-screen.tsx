import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../../components/ui/filter-field';
import { LoadError } from '../../../../components/ui/load-error';
import { useSession } from '../../../../lib/auth';
import { isStaff } from '../../../../lib/authorization';
import { useLocaleAndDirection } from '../../../../lib/display/use-locale';
import type { VersionListItem } from '../../api/media-plan-api';
import { planQueries } from '../../api/plan-queries';
import { ActivityHeading, NoPlan } from '../media-plan-heading';
import { useVersionParam } from '../use-version-param';
import { PhonePlanView } from './phone-plan-view';
import { ProgressBar } from '../../../../components/ui/progress-bar';

/**
 * The media plan screen on a phone (routes.tsx chooses it below sm): the activity, a choice of
 * version instead of the versions table, and the selected version as cards (phone-plan-view.tsx).
 * The same URL, queries and cache as the desktop screen, so a link to a version opens it either way.
 */
export default function PhonePlanScreen({ accountId, activityId }: { accountId: number; activityId: number }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const staff = isStaff(useSession()?.profile);
  const { askedId, select } = useVersionParam();
  const qc = useQueryClient();
  const listQuery = useMemo(() => planQueries.list(accountId, activityId), [accountId, activityId]);
  const list = useQuery(listQuery);
  const activity = useQuery(planQueries.activity(accountId, activityId));
  const versions = useMemo(() => list.data?.Items ?? [], [list.data]);
  const selectedId = askedId ?? versions[0]?.ID ?? null;
  const reloadList = () => void qc.invalidateQueries({ queryKey: listQuery.queryKey, exact: true });

  return (
    <Stack spacing={1.5} data-testid="phone-plan-screen">
      <Paper sx={{ p: 1.5 }}>
        <ActivityHeading a={activity.data} currency={versions[0]?.Currency ?? 2} locale={locale} />
        <LoadError error={list.error} onReload={reloadList} />
        {list.isPending && <ProgressBar label={t('common.loading')} />}
        {list.data && versions.length === 0 && (
          <NoPlan staff={staff} canCreate={false} creating={false} onCreate={reloadList} />
        )}
        {versions.length > 1 && <VersionChoice versions={versions} selectedId={selectedId} onSelect={select} />}
      </Paper>
      {selectedId !== null && (
        <PhonePlanView
          key={selectedId}
          scope={accountId}
          versionId={selectedId}
          versions={versions}
          locale={locale}
          activityBudget={activity.data?.Budget}
        />
      )}
    </Stack>
  );
}

/** The versions, newest first, as a native select (the phone's own picker): number and status. */
function VersionChoice({
  versions,
  selectedId,
  onSelect,
}: {
  versions: readonly VersionListItem[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const choices = versions.map((v) => ({
    value: v.ID,
    label: `${t('mediaPlan.versions.versionN', { n: v.Version })} · ${t(`mediaPlan.status.${v.Status}`)}`,
  }));
  return (
    <FilterSelect
      label={t('mediaPlan.versions.version')}
      name="version"
      testId="version-choice"
      fullWidth
      value={selectedId ?? versions[0].ID}
      onChange={(id) => onSelect(Number(id))}
      choices={choices}
      style={{ marginTop: 12 }}
      touch
    />
  );
}
