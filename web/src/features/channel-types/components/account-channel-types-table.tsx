import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { HistoryButton } from '../../../components/history/history-button';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatPercent } from '../../../lib/format';
import type { AccountChannelType } from '../api/channel-types-api';
import { connectorName } from './rules';
import type { RowSelection } from './use-row-selection';
import { vendorLabel } from './vendor-picker';

/** The account has no channel types yet: an editor can copy the platform's catalogue in. */
export function AccountChannelTypesEmpty({
  canEdit,
  busy,
  onInit,
}: {
  canEdit: boolean;
  busy: boolean;
  onInit: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 4 }} data-testid="channel-types-empty">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('channelTypes.emptyAccount')}
      </Typography>
      {canEdit && (
        <Button
          variant="contained"
          startIcon={<PlaylistAdd />}
          onClick={onInit}
          disabled={busy}
          data-testid="init-channel-types"
        >
          {t('channelTypes.actions.init')}
        </Button>
      )}
    </Box>
  );
}

/** The account's channel types with their fees; editors get a selection checkbox per row. */
export function AccountChannelTypesTable({
  accountId,
  canEdit,
  visible,
  loading,
  noMatch,
  selection,
  vendorNames,
}: {
  accountId: number;
  canEdit: boolean;
  visible: AccountChannelType[];
  loading: boolean;
  noMatch: boolean;
  selection: RowSelection;
  /** The vendors' names (editors, who are agency staff); null: no Default vendor column. */
  vendorNames: ReadonlyMap<number, string> | null;
}) {
  const { t } = useTranslation();
  const { selected, allShownSelected, someShownSelected, toggleAll } = selection;
  return (
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
            {vendorNames && <TableCell>{t('channelTypes.fields.DefaultVendorId')}</TableCell>}
            <TableCell>{t('channelTypes.fields.Active')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={7 + (canEdit ? 1 : 0) + (vendorNames ? 1 : 0)}
            loading={loading}
            empty={noMatch}
            emptyText={t('channelTypes.noMatch')}
          />
          {visible.map((c) => (
            <AccountChannelTypeRow
              key={c.ID}
              c={c}
              accountId={accountId}
              canEdit={canEdit}
              selected={selected.has(c.ID)}
              vendorNames={vendorNames}
              onToggle={() => selection.toggle(c.ID)}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function AccountChannelTypeRow({
  c,
  accountId,
  canEdit,
  selected,
  onToggle,
  vendorNames,
}: {
  c: AccountChannelType;
  accountId: number;
  canEdit: boolean;
  selected: boolean;
  onToggle: () => void;
  vendorNames: ReadonlyMap<number, string> | null;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    <TableRow hover selected={selected} data-testid="channel-type-row" data-id={c.ID}>
      {canEdit && (
        <TableCell padding="checkbox">
          <Checkbox
            checked={selected}
            onChange={onToggle}
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
      {vendorNames && <TableCell data-testid="default-vendor">{vendorLabel(vendorNames, c.DefaultVendorId)}</TableCell>}
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
  );
}
