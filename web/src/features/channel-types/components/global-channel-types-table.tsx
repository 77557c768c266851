import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { HistoryButton } from '../../../components/history/history-button';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import {
  BUY_TYPES,
  CHANNEL_GROUPS,
  CONNECTOR_TYPES,
  type ChannelType,
  type InlineField,
} from '../api/channel-types-api';
import { InlineText } from './inline-text';
import { CHANNEL_TYPE_NAME_MAX, connectorName } from './rules';

type Update = (c: ChannelType, field: InlineField, value: string | boolean) => Promise<void>;

const quiet = (p: Promise<void>) => p.catch(() => undefined);

/** The catalogue, every editable column changed in place. */
export function GlobalChannelTypesTable({
  visible,
  loading,
  empty,
  emptyText,
  saving,
  update,
}: {
  visible: ChannelType[];
  loading: boolean;
  empty: boolean;
  emptyText: string;
  saving: Set<number>;
  update: Update;
}) {
  const { t } = useTranslation();
  return (
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
          <TableStateRows colSpan={7} loading={loading} empty={empty} emptyText={emptyText} />
          {visible.map((c) => (
            <GlobalChannelTypeRow key={c.ID} c={c} disabled={saving.has(c.ID)} update={update} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function GlobalChannelTypeRow({ c, disabled, update }: { c: ChannelType; disabled: boolean; update: Update }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const nameError = (v: string) =>
    !v ? t('validation.required') : v.length > CHANNEL_TYPE_NAME_MAX ? t('validation.tooLong') : null;
  const cell = { c, disabled, update };
  return (
    <TableRow hover data-testid="channel-type-row" data-id={c.ID}>
      <TableCell align="right">{c.ID}</TableCell>
      <TableCell>
        <InlineText
          value={c.Name}
          label={`${t('common.edit')} ${c.Name}`}
          disabled={disabled}
          validate={nameError}
          onSave={(v) => update(c, 'Name', v)}
        />
      </TableCell>
      <TableCell>
        <CellSelect {...cell} field="Group" options={CHANNEL_GROUPS} label={(o) => t(`channelTypes.groups.${o}`)} />
      </TableCell>
      <TableCell>
        <CellSelect {...cell} field="DefaultBuyType" options={BUY_TYPES} label={(o) => o} />
      </TableCell>
      <TableCell>
        <CellSelect {...cell} field="ConnectorType" options={CONNECTOR_TYPES} label={(o) => connectorName(o, t)} />
      </TableCell>
      <TableCell>
        <Switch
          size="small"
          checked={c.Active}
          disabled={disabled}
          slotProps={{ input: { 'aria-label': `${t('channelTypes.fields.Active')} ${c.Name}` } }}
          onChange={(e) => void quiet(update(c, 'Active', e.target.checked))}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(c.updatedAt, locale)}
        <HistoryButton entity="channelType" id={c.ID} fields="channelTypes.fields" label={c.Name} />
      </TableCell>
    </TableRow>
  );
}

function CellSelect({
  c,
  field,
  options,
  label,
  disabled,
  update,
}: {
  c: ChannelType;
  field: 'Group' | 'DefaultBuyType' | 'ConnectorType';
  options: readonly string[];
  label: (o: string) => string;
  disabled: boolean;
  update: Update;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      variant="standard"
      size="small"
      value={c[field]}
      disabled={disabled}
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
}
