import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { CampaignView } from '../api/connectors-api';
import { CampaignActualsCell } from './campaign-actuals-cell';
import { MappingKind } from './campaign-mapping-kind';
import { campaignStatusText } from './platform-text';

/** A campaign's row: its client, platform, ad account, status, the line it maps to, its actuals; Map (when linked to a client) and Clear (an explicit line). */
export function CampaignRow({
  c,
  onPick,
  onClear,
}: {
  c: CampaignView;
  onPick: (c: CampaignView & { AccountId: number }) => void;
  onClear: (c: CampaignView) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableRow data-testid="campaign-row">
      <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
        <bdi>{c.Name}</bdi>
      </TableCell>
      <TableCell data-testid="campaign-client">{c.AccountName ?? '—'}</TableCell>
      <TableCell>{t(`connectors.types.${c.ConnectorType}`)}</TableCell>
      <TableCell>
        <bdi dir="ltr">{c.ExternalAccountId}</bdi>
      </TableCell>
      <TableCell data-testid="campaign-status">{campaignStatusText(t, c.Status)}</TableCell>
      <TableCell>
        <MappingKind c={c} />
      </TableCell>
      <TableCell>
        <CampaignActualsCell totals={c.Actuals} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Button
          size="small"
          disabled={c.AccountId === null}
          title={c.AccountId === null ? t('connectors.picker.notLinked') : undefined}
          onClick={() => c.AccountId !== null && onPick({ ...c, AccountId: c.AccountId })}
          data-testid="map-campaign"
        >
          {t('connectors.actions.map')}
        </Button>
        {c.MediaChannelId !== null && (
          <Button size="small" onClick={() => onClear(c)} data-testid="clear-mapping">
            {t('connectors.actions.clear')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}
