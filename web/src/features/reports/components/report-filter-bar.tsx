import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/ui/filter-field';
import { DateInput } from '../../../lib/forms/date-input';
import { accountChoicesQuery, accountInfoQuery, activityChoicesQuery } from '../api/reports-api';
import { CHANNEL_GROUPS, GROUPS, PERIOD_CODES, PLATFORMS, type ReportFilters } from './report-filters';

/** The account filter: a main account, then (optionally) one of its sub-accounts; the URL holds the one asked. */
function AccountFilters({ filters, set }: { filters: ReportFilters; set: (f: Partial<ReportFilters>) => void }) {
  const { t } = useTranslation();
  const asked = filters.accountId;
  const mains = useQuery(accountChoicesQuery(-1));
  const info = useQuery({
    ...accountInfoQuery(asked ?? 0),
    enabled: asked !== undefined && !mains.data?.Items.some((a) => a.ID === asked),
  });
  const isMain = asked !== undefined && !!mains.data?.Items.some((a) => a.ID === asked);
  const mainId = isMain ? asked : (info.data?.ParentId ?? (info.data ? info.data.ID : undefined));
  const subs = useQuery({ ...accountChoicesQuery(mainId ?? 0), enabled: mainId !== undefined });
  const subId = asked !== undefined && !isMain && info.data?.ParentId ? asked : undefined;
  const activities = useQuery({
    ...activityChoicesQuery(asked ?? 0, undefined, undefined),
    enabled: asked !== undefined,
  });
  const activityChoices = activities.data?.Items ?? [];
  return (
    <>
      <FilterSelect
        label={t('reports.filters.account')}
        name="accountId"
        testId="report-account"
        style={{ minWidth: 200 }}
        value={mainId ?? 0}
        onChange={(v) => set({ accountId: v || undefined, activityId: undefined })}
        choices={[
          { value: 0, label: t('reports.filters.anyAccount') },
          ...(mains.data?.Items ?? []).map((a) => ({ value: a.ID, label: a.Name })),
        ]}
      />
      {mainId !== undefined && (subs.data?.Items.length ?? 0) > 0 && (
        <FilterSelect
          label={t('reports.filters.subAccount')}
          name="subAccountId"
          testId="report-sub-account"
          style={{ minWidth: 180 }}
          value={subId ?? 0}
          onChange={(v) => set({ accountId: v || mainId, activityId: undefined })}
          choices={[
            { value: 0, label: t('reports.filters.mainOnly') },
            ...(subs.data?.Items ?? []).map((a) => ({ value: a.ID, label: a.Name })),
          ]}
        />
      )}
      {(asked !== undefined || filters.activityId !== undefined) && (
        <FilterSelect
          label={t('reports.filters.activity')}
          name="activityId"
          testId="report-activity"
          style={{ minWidth: 200 }}
          value={filters.activityId ?? 0}
          onChange={(v) => set({ activityId: v || undefined })}
          choices={[
            { value: 0, label: t('reports.filters.any') },
            ...activityChoices.map((a) => ({ value: a.ID, label: a.Name })),
            ...(filters.activityId && !activityChoices.some((a) => a.ID === filters.activityId)
              ? [{ value: filters.activityId, label: `#${filters.activityId}` }]
              : []),
          ]}
        />
      )}
    </>
  );
}

export function Filters({ filters, set }: { filters: ReportFilters; set: (f: Partial<ReportFilters>) => void }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }} data-testid="report-filters">
      <PeriodFilter filters={filters} set={set} />
      <AccountFilters filters={filters} set={set} />
      <FilterSelect
        label={t('reports.filters.channelGroup')}
        name="channelGroup"
        testId="report-channel-group"
        style={{ minWidth: 150 }}
        value={filters.channelGroup ?? ''}
        onChange={(v) => set({ channelGroup: v || undefined })}
        choices={[
          { value: '' as const, label: t('reports.filters.any') },
          ...CHANNEL_GROUPS.map((g) => ({ value: g, label: t(`reports.channelGroups.${g}`) })),
        ]}
      />
      <FilterSelect
        label={t('reports.filters.platform')}
        name="platform"
        testId="report-platform"
        style={{ minWidth: 150 }}
        value={filters.platform ?? ''}
        onChange={(v) => set({ platform: v || undefined })}
        choices={[
          { value: '' as const, label: t('reports.filters.any') },
          ...PLATFORMS.map((p) => ({ value: p, label: t(`reports.platforms.${p}`) })),
        ]}
      />
      <FilterSelect
        label={t('reports.filters.groupBy')}
        name="groupBy"
        testId="report-group-by"
        style={{ minWidth: 150 }}
        value={filters.groupBy ?? 'account'}
        onChange={(v) => set({ groupBy: v === 'account' ? undefined : v })}
        choices={GROUPS.map((g) => ({ value: g, label: t(`reports.groups.${g}`) }))}
      />
      <FormControlLabel
        label={t('reports.filters.compare')}
        control={
          <Switch
            checked={filters.compare}
            onChange={(e) => set({ compare: e.target.checked })}
            slotProps={{ input: { 'data-testid': 'report-compare' } as object }}
          />
        }
      />
    </Stack>
  );
}

/** The period: a preset, or custom with its own from and to dates. */
function PeriodFilter({ filters, set }: { filters: ReportFilters; set: (f: Partial<ReportFilters>) => void }) {
  const { t } = useTranslation();
  const custom = filters.from !== undefined || filters.to !== undefined;
  return (
    <>
      <FilterSelect
        label={t('reports.filters.period')}
        name="period"
        testId="report-period"
        style={{ minWidth: 160 }}
        value={custom ? 'custom' : (filters.period ?? '3')}
        onChange={(v) =>
          set(
            v === 'custom'
              ? { period: undefined, from: '', to: '' }
              : { period: v as ReportFilters['period'], from: undefined, to: undefined },
          )
        }
        choices={[
          ...PERIOD_CODES.map((p) => ({ value: p as string, label: t(`reports.periods.${p}`) })),
          { value: 'custom', label: t('reports.periods.custom') },
        ]}
      />
      {custom && (
        <>
          <Box sx={{ width: 170 }}>
            <DateInput
              label={t('reports.filters.from')}
              name="from"
              value={filters.from ?? ''}
              onlyDates
              testId="report-from"
              max={filters.to || undefined}
              onChange={(v) => set({ from: v })}
            />
          </Box>
          <Box sx={{ width: 170 }}>
            <DateInput
              label={t('reports.filters.to')}
              name="to"
              value={filters.to ?? ''}
              onlyDates
              testId="report-to"
              min={filters.from || undefined}
              onChange={(v) => set({ to: v })}
            />
          </Box>
        </>
      )}
    </>
  );
}
