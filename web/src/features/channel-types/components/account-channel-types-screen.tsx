import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { useMainAccount } from '../../../lib/account-context';
import {
  saveAccountChannelActive,
  saveAccountDefaultVendor,
  saveManagementFee,
  saveSystemFee,
  type AccountChannelType,
} from '../api/channel-types-api';
import { AccountBulkToolbar } from './account-bulk-toolbar';
import { AccountChannelTypesEmpty, AccountChannelTypesTable } from './account-channel-types-table';
import { ActiveFilterField, GroupFilterField, QuickSearchField, type ActiveFilter } from './channel-type-filters';
import { FeeDialog, type FeeKind } from './fee-dialog';
import { useAccountChannelTypeSaves } from './use-account-channel-type-saves';
import { useRowSelection } from './use-row-selection';
import { DefaultVendorDialog, useVendors } from './vendor-picker';
import { ProgressBar } from '../../../components/ui/progress-bar';

/** The filters above the list and the rows they let through. */
function useFilters(items: AccountChannelType[]) {
  const [quick, setQuick] = useState('');
  const [group, setGroup] = useState('');
  const [active, setActive] = useState<ActiveFilter>('all');
  const q = useDeferredValue(quick).trim().toLocaleLowerCase();
  const visible = useMemo(
    () =>
      items.filter(
        (c) =>
          (!group || c.Group === group) &&
          (active === 'all' || c.Active === (active === 'active')) &&
          (!q || c.Name.toLocaleLowerCase().includes(q) || c.ConnectorType.includes(q)),
      ),
    [items, group, active, q],
  );
  return { quick, setQuick, group, setGroup, active, setActive, visible };
}

/**
 * /accounts/{accountId}/channelTypes/list: the account's copies of the channel types with their fees.
 * Rows are selected with checkboxes; each toolbar action is one all-or-nothing call for the selection.
 */
export function AccountChannelTypesScreen({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const main = useMainAccount(accountId);
  const canEdit = !!main.data?.AccessPermissions.includes('edit');
  const { list, readAgain, busy, bulk, setup } = useAccountChannelTypeSaves(accountId);
  const [fee, setFee] = useState<FeeKind | null>(null);
  const [vendorOpen, setVendorOpen] = useState(false);
  // Vendors are read by agency staff: the editors of the account's channel types.
  const vendors = useVendors(canEdit);
  const items = useMemo(() => list.data?.Items ?? [], [list.data]);
  const { quick, setQuick, group, setGroup, active, setActive, visible } = useFilters(items);
  const selection = useRowSelection(visible);
  const ids = [...selection.selected].filter((id) => items.some((c) => c.ID === id));

  const saveFee = async (pct: number) => {
    await bulk(() =>
      fee === 'management' ? saveManagementFee(accountId, ids, pct) : saveSystemFee(accountId, ids, pct),
    );
    setFee(null);
  };
  const saveVendor = async (vendorId: number | null) => {
    await bulk(() => saveAccountDefaultVendor(accountId, ids, vendorId));
    setVendorOpen(false);
  };
  const saveActive = (on: boolean) => bulk(() => saveAccountChannelActive(accountId, ids, on)).catch(() => undefined);

  const empty = list.isSuccess && !list.isFetching && items.length === 0;

  return (
    <Paper sx={{ p: 2 }}>
      <ChannelTypesFilterBar
        filters={{ quick, setQuick, group, setGroup, active, setActive }}
        onAddNew={canEdit && items.length > 0 ? () => setup(true) : undefined}
        busy={busy}
      />

      {canEdit && ids.length > 0 && (
        <AccountBulkToolbar
          count={ids.length}
          busy={busy}
          onFee={setFee}
          onActive={(on) => void saveActive(on)}
          onVendor={() => setVendorOpen(true)}
        />
      )}

      <LoadError error={list.error} onReload={readAgain} />
      <Box sx={{ height: 4 }}>{busy && <ProgressBar label={t('common.loading')} />}</Box>

      {empty ? (
        <AccountChannelTypesEmpty canEdit={canEdit} busy={busy} onInit={() => setup(false)} />
      ) : (
        <AccountChannelTypesTable
          accountId={accountId}
          canEdit={canEdit}
          visible={visible}
          loading={list.isPending}
          noMatch={!list.isPending && !list.isFetching && visible.length === 0 && items.length > 0}
          selection={selection}
          vendorNames={canEdit ? vendors.names : null}
        />
      )}
      {vendorOpen && (
        <DefaultVendorDialog
          count={ids.length}
          vendors={vendors.active}
          onSave={saveVendor}
          onClose={() => setVendorOpen(false)}
        />
      )}
      {fee && <FeeDialog kind={fee} count={ids.length} onSave={saveFee} onClose={() => setFee(null)} />}
    </Paper>
  );
}

/** The screen's filters, and "Add new" for an editor once the account has its channel types. */
function ChannelTypesFilterBar(props: {
  filters: Pick<ReturnType<typeof useFilters>, 'quick' | 'setQuick' | 'group' | 'setGroup' | 'active' | 'setActive'>;
  onAddNew?: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { quick, setQuick, group, setGroup, active, setActive } = props.filters;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ mb: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }}
    >
      <QuickSearchField value={quick} onChange={setQuick} />
      <GroupFilterField value={group} onChange={setGroup} />
      <ActiveFilterField value={active} onChange={setActive} />
      <Box sx={{ flexGrow: 1 }} />
      {props.onAddNew && (
        <Button
          startIcon={<PlaylistAdd />}
          onClick={props.onAddNew}
          disabled={props.busy}
          data-testid="reload-channel-types"
        >
          {t('channelTypes.actions.addNew')}
        </Button>
      )}
    </Stack>
  );
}
