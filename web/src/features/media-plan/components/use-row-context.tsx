import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryTarget } from '../../../components/history/history-button';
import type { AccountChannelType, ActivityView, VersionInfo } from '../api/media-plan-api';
import type { DraftStore } from '../model/draft-store';
import { applyChannelDefaults, type ChannelChange } from '../model/channel-defaults';
import { LINE_FIELDS, type LineForm, type PlanLine } from '../model/line-form';
import { creativeFeesOf, type PlanColumn } from '../model/plan-figures';
import type { UnsavedLines } from '../model/unsaved-lines';
import type { RowContext } from './row-context';
import { planQueries } from '../api/plan-queries';

type VendorItem = { ID: number; Name: string };
const NO_VENDORS: readonly VendorItem[] = [];

/** The company's vendors for the Vendor cells (agency staff only: client users read none). */
function usePlanVendors(staff: boolean, scope: number, t: TFunction) {
  const active = useQuery({ ...planQueries.vendors(scope, false), enabled: staff }).data?.Items ?? NO_VENDORS;
  const archived = useQuery({ ...planQueries.vendors(scope, true), enabled: staff }).data?.Items ?? NO_VENDORS;
  return useMemo(
    () => ({
      vendorNames: new Map([...archived, ...active].map((v) => [v.ID, v.Name])),
      activeVendorIds: new Set(active.map((v) => v.ID)),
      vendorOptions: [
        <option key="none" value="">
          {t('mediaPlan.noVendor')}
        </option>,
        ...active.map((v) => (
          <option key={v.ID} value={String(v.ID)}>
            {v.Name}
          </option>
        )),
      ],
    }),
    [active, archived, t],
  );
}

/** The rows' cell and button labels, translated once per plan, with '#' for the line's number. */
function rowLabels(t: TFunction): RowContext['labels'] {
  const out = {
    delete: t('mediaPlan.actions.deleteLine', { n: '#' }),
    split: t('mediaPlan.split.open', { n: '#' }),
    splitSet: t('mediaPlan.split.openSet', { n: '#' }),
    splitBlocked: t('mediaPlan.split.fixFirst'),
  } as RowContext['labels'];
  for (const f of LINE_FIELDS) out[f] = t('mediaPlan.cellLabel', { field: t(`mediaPlan.fields.${f}`), n: '#' });
  return out;
}

/** A line's History for agency staff: the editor keeps one drawer for every row. */
function useLineHistory(staff: boolean, scope: number, showHistory: (target: HistoryTarget) => void) {
  const { t } = useTranslation();
  return useMemo(
    () =>
      staff
        ? {
            open: (line: PlanLine) =>
              showHistory({
                entity: 'mediaChannel',
                id: line.ID,
                accountId: scope,
                fields: 'mediaPlan.fields',
                label: line.Name,
              }),
            label: `${t('history.open')} #`,
          }
        : undefined,
    [staff, scope, t, showHistory],
  );
}

/** The fields that follow a new channel type, from the type the line had to the one chosen. */
function useChannelChange(channelTypes: readonly AccountChannelType[]) {
  return useCallback(
    (form: LineForm, id: number): ChannelChange => {
      const type = channelTypes.find((c) => c.ID === id);
      if (!type) return { form, changed: [] };
      return applyChannelDefaults(
        form,
        channelTypes.find((c) => String(c.ID) === form.AccountChannelTypeId),
        type,
      );
    },
    [channelTypes],
  );
}

interface RowContextOf {
  info: VersionInfo | undefined;
  editable: boolean;
  staff: boolean;
  scope: number;
  locale: string;
  columns: readonly PlanColumn[];
  channelTypes: readonly AccountChannelType[];
  activity: ActivityView | undefined;
  drafts: DraftStore;
  unsaved: UnsavedLines;
  writes: Pick<RowContext, 'save' | 'remove' | 'register' | 'openSplit'>;
  showHistory: (target: HistoryTarget) => void;
}

/** What every row shares (line-row.tsx RowContext): one object per plan, kept while its parts are the same. */
export function useRowContext(p: RowContextOf): RowContext {
  const { t } = useTranslation();
  const { editable, locale, columns, channelTypes, activity, drafts, unsaved } = p;
  const { save, remove, register, openSplit } = p.writes;
  const pricing = p.info?.Pricing;
  const currency = p.info?.Currency ?? 2;
  const fees = useMemo(() => (pricing ? creativeFeesOf(pricing) : { imageSubmitFee: 0, videoSubmitFee: 0 }), [pricing]);
  const active = useMemo(() => channelTypes.filter((c) => c.Active), [channelTypes]);
  const labels = useMemo(() => rowLabels(t), [t]);
  const dateRange = useMemo(() => (activity ? { min: activity.StartDate, max: activity.EndDate } : null), [activity]);
  const history = useLineHistory(p.staff, p.scope, p.showHistory);
  const onChannelChange = useChannelChange(channelTypes);
  const { vendorNames, vendorOptions, activeVendorIds } = usePlanVendors(p.staff, p.scope, t);
  const showVendors = p.staff;
  return useMemo(
    () => ({
      editable,
      fees,
      labels,
      dateRange,
      currency,
      locale,
      columns,
      drafts,
      t,
      save,
      remove,
      register,
      onChannelChange,
      openSplit,
      channelIds: new Set(active.map((c) => c.ID)),
      unsaved,
      history,
      vendorNames,
      vendorOptions,
      activeVendorIds,
      showVendors,
      channelOptions: active.map((c) => (
        <option key={c.ID} value={String(c.ID)}>
          {c.Name}
        </option>
      )),
    }),
    [
      editable,
      fees,
      labels,
      dateRange,
      currency,
      locale,
      columns,
      drafts,
      t,
      save,
      remove,
      register,
      onChannelChange,
      openSplit,
      active,
      unsaved,
      history,
      vendorNames,
      vendorOptions,
      activeVendorIds,
      showVendors,
    ],
  );
}
