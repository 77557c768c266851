import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlined';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useMainAccount } from '../../../lib/account-context';
import { formatPercent } from '../../../lib/format';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import {
  CHANNEL_GROUPS,
  initAccountChannelTypes,
  saveAccountChannelActive,
  saveManagementFee,
  saveSystemFee,
  type AccountChannelType,
  type BulkEditResult,
} from '../api/channel-types-api';
import { channelTypeQueries, mergeById } from '../api/channel-types-queries';
import { FeeDialog, type FeeKind } from './fee-dialog';
import { connectorName } from './rules';
import { HistoryButton } from '../../../components/history/history-button';

type ActiveFilter = 'all' | 'active' | 'inactive';

/**
 * /accounts/{accountId}/channelTypes/list: the account's copies of the channel types with their fees.
 * Rows are selected with checkboxes; each toolbar action is one all-or-nothing call for the selection.
 */
export function AccountChannelTypesScreen({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const run = useConfirmedAction();
  const main = useMainAccount(accountId);
  const canEdit = !!main.data?.AccessPermissions.includes('edit');
  const qc = useQueryClient();
  const query = channelTypeQueries.account(accountId);
  const list = useQuery(query);
  const readAgain = () => void list.refetch();
  /** What a save answered goes into the cached list (the plan editor's too: same key), no second read. */
  const setItems = (change: (rows: AccountChannelType[]) => AccountChannelType[]) =>
    qc.setQueryData(query.queryKey, (old) => ({
      AccountId: old?.AccountId ?? accountId,
      Items: change(old?.Items ?? []),
    }));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [fee, setFee] = useState<FeeKind | null>(null);
  const [busy, setBusy] = useState(false);
  const [quick, setQuick] = useState('');
  const [group, setGroup] = useState('');
  const [active, setActive] = useState<ActiveFilter>('all');
  const q = useDeferredValue(quick).trim().toLocaleLowerCase();

  const items = useMemo(() => list.data?.Items ?? [], [list.data]);
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
  const ids = [...selected].filter((id) => items.some((c) => c.ID === id));
  const allShownSelected = visible.length > 0 && visible.every((c) => selected.has(c.ID));
  const someShownSelected = visible.some((c) => selected.has(c.ID));

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((s) => {
      const next = new Set(s);
      for (const c of visible) {
        if (allShownSelected) next.delete(c.ID);
        else next.add(c.ID);
      }
      return next;
    });

  /** Shows the progress bar while `task` runs; the toolbar and the set-up buttons wait for it. */
  const whileBusy = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } finally {
      setBusy(false);
    }
  };

  const bulk = (call: () => Promise<BulkEditResult>) =>
    whileBusy(() =>
      run({
        action: call,
        success: (r) => t('channelTypes.bulkSaved', { n: r.Changed }),
        failure: t('snackbar.saveFailed'),
        reload: readAgain,
        rethrow: true,
        done: (r) => setItems((rows) => mergeById(rows, r.Items)),
      }),
    );

  const saveFee = async (pct: number) => {
    await bulk(() =>
      fee === 'management' ? saveManagementFee(accountId, ids, pct) : saveSystemFee(accountId, ids, pct),
    );
    setFee(null);
  };

  const setup = (reload: boolean) =>
    whileBusy(() =>
      run({
        action: () => initAccountChannelTypes(accountId, reload),
        success: (r) => t('channelTypes.added', { n: r.Added }),
        reload: readAgain,
        done: (r) => setItems(() => r.Items),
      }),
    );

  const empty = list.isSuccess && !list.isFetching && items.length === 0;
  const colCount = 7 + (canEdit ? 1 : 0);

  return (
    <Paper sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }}
      >
        <TextField
          label={t('accounts.filters.quick')}
          value={quick}
          onChange={(e) => setQuick(e.target.value)}
          name="quick"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          label={t('channelTypes.fields.Group')}
          value={group}
          onChange={(e) => setGroup(e.target.value)}
          name="group"
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">{t('channelTypes.anyGroup')}</MenuItem>
          {CHANNEL_GROUPS.map((g) => (
            <MenuItem key={g} value={g}>
              {t(`channelTypes.groups.${g}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('channelTypes.fields.Active')}
          value={active}
          onChange={(e) => setActive(e.target.value as ActiveFilter)}
          name="active"
          sx={{ minWidth: 150 }}
        >
          {(['all', 'active', 'inactive'] as const).map((v) => (
            <MenuItem key={v} value={v}>
              {t(`channelTypes.activeFilter.${v}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        {canEdit && items.length > 0 && (
          <Button
            startIcon={<PlaylistAdd />}
            onClick={() => setup(true)}
            disabled={busy}
            data-testid="reload-channel-types"
          >
            {t('channelTypes.actions.addNew')}
          </Button>
        )}
      </Stack>

      {canEdit && ids.length > 0 && (
        <Toolbar
          disableGutters
          sx={{ gap: 1, flexWrap: 'wrap', px: 1, mb: 1, bgcolor: 'action.selected', borderRadius: 1 }}
          data-testid="bulk-toolbar"
        >
          <Typography sx={{ flexGrow: 1 }} aria-live="polite">
            {t('channelTypes.selected', { n: ids.length })}
          </Typography>
          <Button size="small" variant="outlined" disabled={busy} onClick={() => setFee('management')}>
            {t('channelTypes.actions.setManagementFee')}
          </Button>
          <Button size="small" variant="outlined" disabled={busy} onClick={() => setFee('system')}>
            {t('channelTypes.actions.setSystemFee')}
          </Button>
          <Button
            size="small"
            startIcon={<CheckCircleOutline />}
            disabled={busy}
            onClick={() => bulk(() => saveAccountChannelActive(accountId, ids, true)).catch(() => undefined)}
          >
            {t('channelTypes.actions.activate')}
          </Button>
          <Button
            size="small"
            startIcon={<RemoveCircleOutline />}
            disabled={busy}
            onClick={() => bulk(() => saveAccountChannelActive(accountId, ids, false)).catch(() => undefined)}
          >
            {t('channelTypes.actions.deactivate')}
          </Button>
        </Toolbar>
      )}

      <LoadError error={list.error} onReload={readAgain} />
      <Box sx={{ height: 4 }}>{busy && <LinearProgress aria-label={t('common.loading')} />}</Box>

      {empty ? (
        <Box sx={{ textAlign: 'center', py: 4 }} data-testid="channel-types-empty">
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('channelTypes.emptyAccount')}
          </Typography>
          {canEdit && (
            <Button
              variant="contained"
              startIcon={<PlaylistAdd />}
              onClick={() => setup(false)}
              disabled={busy}
              data-testid="init-channel-types"
            >
              {t('channelTypes.actions.init')}
            </Button>
          )}
        </Box>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('titles.channelTypes')} data-testid="account-channel-types-grid">
            <TableHead>
              <TableRow>
                {canEdit && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allShownSelected}
                      indeterminate={someShownSelected && !allShownSelected}
                      onChange={toggleAll}
                      slotProps={{ input: { 'aria-label': t('channelTypes.selectAll') } }}
                    />
                  </TableCell>
                )}
                <TableCell>{t('accounts.fields.Name')}</TableCell>
                <TableCell>{t('channelTypes.fields.Group')}</TableCell>
                <TableCell>{t('channelTypes.fields.DefaultBuyType')}</TableCell>
                <TableCell>{t('channelTypes.fields.ConnectorType')}</TableCell>
                <TableCell align="right">{t('channelTypes.fields.ManagementFeePct')}</TableCell>
                <TableCell align="right">{t('channelTypes.fields.SystemFeePct')}</TableCell>
                <TableCell>{t('channelTypes.fields.Active')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <TableStateRows
                colSpan={colCount}
                loading={list.isPending}
                empty={!list.isPending && !list.isFetching && visible.length === 0 && items.length > 0}
                emptyText={t('channelTypes.noMatch')}
              />
              {visible.map((c: AccountChannelType) => (
                <TableRow key={c.ID} hover selected={selected.has(c.ID)} data-testid="channel-type-row" data-id={c.ID}>
                  {canEdit && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(c.ID)}
                        onChange={() => toggle(c.ID)}
                        slotProps={{ input: { 'aria-label': t('channelTypes.selectRow', { name: c.Name }) } }}
                      />
                    </TableCell>
                  )}
                  <TableCell>{c.Name}</TableCell>
                  <TableCell>{t(`channelTypes.groups.${c.Group}`)}</TableCell>
                  <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
                    {c.DefaultBuyType}
                  </TableCell>
                  <TableCell>{connectorName(c.ConnectorType, t)}</TableCell>
                  <TableCell align="right">
                    <span dir="ltr">{formatPercent(c.ManagementFeePct, locale)}</span>
                  </TableCell>
                  <TableCell align="right">
                    <span dir="ltr">{formatPercent(c.SystemFeePct, locale)}</span>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant={c.Active ? 'filled' : 'outlined'}
                      color={c.Active ? 'success' : 'default'}
                      label={t(c.Active ? 'channelTypes.active' : 'channelTypes.inactive')}
                    />
                    {canEdit && (
                      <HistoryButton
                        entity="accountChannelType"
                        id={c.ID}
                        accountId={accountId}
                        fields="channelTypes.fields"
                        label={c.Name}
                      />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {fee && <FeeDialog kind={fee} count={ids.length} onSave={saveFee} onClose={() => setFee(null)} />}
    </Paper>
  );
}
