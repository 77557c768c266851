import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import type { ChannelTypePayload } from '../api/channel-types-api';
import { GroupFilterField, QuickSearchField } from './channel-type-filters';
import { GlobalChannelTypesTable } from './global-channel-types-table';
import { useGlobalChannelTypeSaves } from './use-global-channel-type-saves';

const ChannelTypeDialog = lazy(() => import('./channel-type-dialog').then((m) => ({ default: m.ChannelTypeDialog })));

/**
 * /globalSettings/channelTypes/list (system administrators): the platform's channel-type catalogue.
 * Name, Group, DefaultBuyType, ConnectorType and Active are edited in place, one
 * UpdateChannelTypesField call per change; "New channel type" saves through SaveChannelType.
 */
export function GlobalChannelTypesScreen() {
  const { t } = useTranslation();
  const { list, readAgain, saving, update, create } = useGlobalChannelTypeSaves();
  const [creating, setCreating] = useState(false);
  const [quick, setQuick] = useState('');
  const [group, setGroup] = useState('');
  const q = useDeferredValue(quick).trim().toLocaleLowerCase();
  const items = useMemo(() => list.data?.Items ?? [], [list.data]);
  const visible = useMemo(
    () => items.filter((c) => (!group || c.Group === group) && (!q || c.Name.toLocaleLowerCase().includes(q))),
    [items, group, q],
  );

  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <QuickSearchField value={quick} onChange={setQuick} />
        <GroupFilterField value={group} onChange={setGroup} />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setCreating(true)}
          data-testid="create-channel-type"
        >
          {t('channelTypes.actions.create')}
        </Button>
      </Stack>
      <LoadError error={list.error} onReload={readAgain} />
      <GlobalChannelTypesTable
        visible={visible}
        loading={list.isPending}
        empty={!list.isPending && !list.isFetching && visible.length === 0}
        emptyText={t(items.length ? 'channelTypes.noMatch' : 'channelTypes.emptyGlobal')}
        saving={saving}
        update={update}
      />
      {creating && (
        <Suspense fallback={null}>
          <ChannelTypeDialog
            onSave={(payload: ChannelTypePayload) => create(payload, () => setCreating(false))}
            onClose={() => setCreating(false)}
          />
        </Suspense>
      )}
    </Paper>
  );
}
