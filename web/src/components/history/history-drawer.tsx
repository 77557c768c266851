import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MEDIA_MIX_STATUS_NAMES, type VersionStatus } from '@server/shared/version-status';
import type { FieldChange, HistoryEntity, HistoryEntry, HistoryValue } from '@server/modules/history/replies';
import { callApi } from '../../lib/api-client';
import { queryKeyOf } from '../../lib/api-query';
import { formatDate, numberFormat } from '../../lib/format';
import { LoadError } from '../ui/load-error';

/** What a History button names: the item, the page's account (x-account-id) and where its field labels are. */
export interface HistoryTarget {
  entity: HistoryEntity;
  id: number | string;
  /** The account of the page: required by the server for an account's items (account, activity, plan). */
  accountId?: number | null;
  /** The catalogue prefix of the item's field labels, e.g. 'accounts.fields'; else the shared ones, else the field's name. */
  fields?: string;
  /** Shown under the drawer's title (the item's name). */
  label?: string;
}

const PAGE_SIZE = 20;

const ACTION_KEYS = {
  create: 'history.actions.create',
  update: 'history.actions.update',
  archive: 'history.actions.archive',
  restore: 'history.actions.restore',
  finalize: 'history.actions.finalize',
  reopen: 'history.actions.reopen',
} as const;

export const historyQueryKey = (target: HistoryTarget) =>
  [
    ...queryKeyOf(
      'AuditService',
      'GetItemHistory',
      { entity: target.entity, id: String(target.id), pageSize: PAGE_SIZE, nextToken: null },
      target.accountId,
    ),
    'pages',
  ] as const;

/**
 * A field's label in the user's language: the item area's `<area>.fields.<Field>`, the shared
 * `history.fields.<Field>`, else its name. A nested field (`PaymentTerms.Days`) is looked up with its
 * path joined (`PaymentTermsDays`): a dot is the catalogue's own separator.
 */
export function fieldLabel(t: TFunction, exists: (key: string) => boolean, field: string, fields?: string): string {
  const key = field.split('.').join('');
  if (fields && exists(`${fields}.${key}`)) return t(`${fields}.${key}`);
  if (exists(`history.fields.${key}`)) return t(`history.fields.${key}`);
  return field;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A value as the user reads it: yes/no and "nothing" translated, numbers and dates in the locale's way, text as it is. */
export function shownValue(v: HistoryValue, t: TFunction, locale: string): string {
  if (v === null || v === '') return t('history.noValue');
  if (typeof v === 'boolean') return t(v ? 'history.yes' : 'history.no');
  if (typeof v === 'number') return numberFormat(locale, { maximumFractionDigits: 6 }).format(v);
  if (ISO_DAY.test(v)) return formatDate(v, locale);
  if (ISO_MOMENT.test(v)) return formatDate(v, locale, true);
  return v;
}

/** A status kept as a number, by its name in the user's language (activities and plan versions number theirs). */
function statusName(
  entity: HistoryEntity,
  v: HistoryValue,
  t: TFunction,
  exists: (key: string) => boolean,
): string | null {
  if (typeof v !== 'number') return null;
  const key =
    entity === 'activity'
      ? `activityStatus.${v}`
      : entity === 'mediaMix' && v in MEDIA_MIX_STATUS_NAMES
        ? `apiErrors.planStatus.${MEDIA_MIX_STATUS_NAMES[v as VersionStatus]}`
        : null;
  return key && exists(key) ? t(key) : null;
}

function ChangeRow({ change, created, target }: { change: FieldChange; created: boolean; target: HistoryTarget }) {
  const { t, i18n } = useTranslation();
  const exists = (key: string) => i18n.exists(key);
  const valueOf = (v: HistoryValue) =>
    (change.Field === 'Status' && statusName(target.entity, v, t, exists)) || shownValue(v, t, i18n.language);
  return (
    <Box
      component="li"
      data-testid="history-change"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', py: 0.25 }}
    >
      <Typography component="span" variant="body2" sx={{ fontWeight: 500, minWidth: 120 }}>
        {fieldLabel(t, exists, change.Field, target.fields)}
      </Typography>
      <Typography component="span" variant="body2" sx={{ display: 'inline-flex', gap: 0.75, flexWrap: 'wrap' }}>
        {!created && (
          <>
            <bdi dir="ltr" data-testid="history-before">
              {valueOf(change.Before)}
            </bdi>
            <span aria-hidden="true">{t('history.arrow')}</span>
          </>
        )}
        <bdi dir="ltr" data-testid="history-after">
          {valueOf(change.After)}
        </bdi>
      </Typography>
    </Box>
  );
}

/** Who made a change: the person by name, an automatic process by what it is ("Automatic schedule"). */
const whoOf = (entry: HistoryEntry, t: TFunction) =>
  entry.System
    ? t(`history.system.${entry.System}`, { defaultValue: t('history.system.other') })
    : entry.WhoName || t('history.unknownUser');

function EntryCard({ entry, target }: { entry: HistoryEntry; target: HistoryTarget }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="li" data-testid="history-entry" sx={{ py: 1.5 }}>
      <Typography variant="subtitle2">{t(ACTION_KEYS[entry.Action] ?? ACTION_KEYS.update)}</Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {t('history.by', { name: whoOf(entry, t), when: formatDate(entry.At, i18n.language, true) })}
      </Typography>
      {entry.Changes.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
          {entry.Changes.map((c) => (
            <ChangeRow key={c.Field} change={c} created={entry.Action === 'create'} target={target} />
          ))}
        </Box>
      )}
      {entry.MoreChanges > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('history.moreFields', { count: entry.MoreChanges })}
        </Typography>
      )}
    </Box>
  );
}

/** The item's history, a page at a time, read while the drawer is open (again on each opening: nothing is kept). */
function useItemHistory(target: HistoryTarget, open: boolean) {
  return useInfiniteQuery({
    queryKey: historyQueryKey(target),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        'AuditService',
        'GetItemHistory',
        {
          entity: target.entity,
          id: String(target.id),
          pageSize: PAGE_SIZE,
          nextToken: pageParam,
        },
        { accountId: target.accountId, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.NextToken ?? undefined,
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * The History drawer: an item's changes, newest first — what was done, who (by name)
 * and when, and each changed field before → after (values isolated left-to-right, so an amount, a
 * date or an e-mail keeps its order in a Hebrew page). Read with TanStack Query when opened (again on
 * each opening: nothing is kept fresh), older pages on demand.
 */
export default function HistoryDrawer({
  open,
  onClose,
  target,
}: {
  open: boolean;
  onClose: () => void;
  target: HistoryTarget;
}) {
  const { t } = useTranslation();
  const q = useItemHistory(target, open);
  const entries = q.data?.pages.flatMap((p) => p.Items) ?? [];
  return (
    // Above the signed-in layout's app bar (which sits over the side menu), like a dialog.
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 } }, 'data-testid': 'history-drawer' } as object }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {t('history.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {target.label ?? t('history.subtitle')}
          </Typography>
        </Box>
        <IconButton onClick={onClose} aria-label={t('history.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ px: 2, py: 1, overflowY: 'auto' }}>
        <LoadError error={q.error} onReload={() => void q.refetch()} />
        {q.isPending && !q.error && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label={t('history.title')} />
          </Box>
        )}
        {q.isSuccess && entries.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t('history.empty')}
          </Typography>
        )}
        {entries.length > 0 && (
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
          >
            {entries.map((e, i) => (
              <EntryCard key={`${e.At}-${i}`} entry={e} target={target} />
            ))}
          </Box>
        )}
        {q.hasNextPage && (
          <Button onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage} sx={{ mt: 1 }}>
            {t('history.more')}
          </Button>
        )}
      </Box>
    </Drawer>
  );
}
