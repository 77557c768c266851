import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { formatDate } from '../../../lib/format';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import {
  BUY_TYPES,
  CHANNEL_GROUPS,
  CONNECTOR_TYPES,
  saveChannelType,
  updateChannelTypeField,
  type ChannelType,
  type ChannelTypePayload,
  type InlineField,
} from '../api/channel-types-api';
import { channelTypeQueries, mergeById } from '../api/channel-types-queries';
import { CHANNEL_TYPE_NAME_MAX, connectorName } from './rules';
import { InlineText } from './inline-text';
import { HistoryButton } from '../../../components/history/history-button';

const ChannelTypeDialog = lazy(() => import('./channel-type-dialog').then((m) => ({ default: m.ChannelTypeDialog })));

/**
 * /globalSettings/channelTypes/list (system administrators): the platform's channel-type catalogue.
 * Name, Group, DefaultBuyType, ConnectorType and Active are edited in place, one
 * UpdateChannelTypesField call per change; "New channel type" saves through SaveChannelType.
 */
export function GlobalChannelTypesScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const run = useConfirmedAction();
  const qc = useQueryClient();
  const query = channelTypeQueries.global();
  const list = useQuery(query);
  const readAgain = () => void list.refetch();
  /** What a save answered goes into the cached list: no second read. */
  const setItems = (change: (rows: ChannelType[]) => ChannelType[]) =>
    qc.setQueryData(query.queryKey, (old) => old && { ...old, Items: change(old.Items) });
  const [saving, setSaving] = useState<Set<number>>(new Set());
  const [creating, setCreating] = useState(false);
  const [quick, setQuick] = useState('');
  const [group, setGroup] = useState('');
  const q = useDeferredValue(quick).trim().toLocaleLowerCase();
  const items = useMemo(() => list.data?.Items ?? [], [list.data]);
  const visible = useMemo(
    () => items.filter((c) => (!group || c.Group === group) && (!q || c.Name.toLocaleLowerCase().includes(q))),
    [items, group, q],
  );

  const update = async (c: ChannelType, field: InlineField, value: string | boolean) => {
    setSaving((s) => new Set(s).add(c.ID));
    try {
      await run({
        action: () => updateChannelTypeField(c.ID, field, value),
        success: t('snackbar.saved'),
        failure: t('snackbar.saveFailed'),
        reload: readAgain,
        rethrow: true,
        done: (after) => setItems((rows) => mergeById(rows, [after])),
      });
    } finally {
      setSaving((s) => {
        const next = new Set(s);
        next.delete(c.ID);
        return next;
      });
    }
  };
  const quiet = (p: Promise<void>) => p.catch(() => undefined);

  const create = (payload: ChannelTypePayload) =>
    run({
      action: () => saveChannelType(payload),
      success: t('snackbar.saved'),
      failure: t('snackbar.saveFailed'),
      reload: readAgain,
      rethrow: true,
      done: (created) => {
        setItems((rows) => [...rows, created]);
        setCreating(false);
      },
    });

  const nameError = (v: string) =>
    !v ? t('validation.required') : v.length > CHANNEL_TYPE_NAME_MAX ? t('validation.tooLong') : null;
  const cellSelect = (
    c: ChannelType,
    field: 'Group' | 'DefaultBuyType' | 'ConnectorType',
    options: readonly string[],
    label: (o: string) => string,
  ) => (
    <TextField
      select
      variant="standard"
      size="small"
      value={c[field]}
      disabled={saving.has(c.ID)}
      slotProps={{ htmlInput: { 'aria-label': `${t(`channelTypes.fields.${field}`)} ${c.Name}` } }}
      onChange={(e) => void quiet(update(c, field, e.target.value))}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {label(o)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
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
      <TableContainer>
        <Table size="small" aria-label={t('titles.channelTypes')} data-testid="global-channel-types-grid">
          <TableHead>
            <TableRow>
              <TableCell align="right">{t('channelTypes.fields.ID')}</TableCell>
              <TableCell>{t('accounts.fields.Name')}</TableCell>
              <TableCell>{t('channelTypes.fields.Group')}</TableCell>
              <TableCell>{t('channelTypes.fields.DefaultBuyType')}</TableCell>
              <TableCell>{t('channelTypes.fields.ConnectorType')}</TableCell>
              <TableCell>{t('channelTypes.fields.Active')}</TableCell>
              <TableCell>{t('accounts.fields.updatedAt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStateRows
              colSpan={7}
              loading={list.isPending}
              empty={!list.isPending && !list.isFetching && visible.length === 0}
              emptyText={t(items.length ? 'channelTypes.noMatch' : 'channelTypes.emptyGlobal')}
            />
            {visible.map((c) => (
              <TableRow key={c.ID} hover data-testid="channel-type-row" data-id={c.ID}>
                <TableCell align="right">{c.ID}</TableCell>
                <TableCell>
                  <InlineText
                    value={c.Name}
                    label={`${t('common.edit')} ${c.Name}`}
                    disabled={saving.has(c.ID)}
                    validate={nameError}
                    onSave={(v) => update(c, 'Name', v)}
                  />
                </TableCell>
                <TableCell>{cellSelect(c, 'Group', CHANNEL_GROUPS, (o) => t(`channelTypes.groups.${o}`))}</TableCell>
                <TableCell>{cellSelect(c, 'DefaultBuyType', BUY_TYPES, (o) => o)}</TableCell>
                <TableCell>{cellSelect(c, 'ConnectorType', CONNECTOR_TYPES, (o) => connectorName(o, t))}</TableCell>
                <TableCell>
                  <Switch
                    size="small"
                    checked={c.Active}
                    disabled={saving.has(c.ID)}
                    slotProps={{ input: { 'aria-label': `${t('channelTypes.fields.Active')} ${c.Name}` } }}
                    onChange={(e) => void quiet(update(c, 'Active', e.target.checked))}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDate(c.updatedAt, locale)}
                  <HistoryButton entity="channelType" id={c.ID} fields="channelTypes.fields" label={c.Name} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {creating && (
        <Suspense fallback={null}>
          <ChannelTypeDialog onSave={create} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
