import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate, numberFormat } from '../../../lib/format';
import type { UnmappedCampaign } from '../api/monitoring-api';
import { monitoringQueries } from '../api/monitoring-queries';

/**
 * Where Map leads: the campaigns screen (the connectors feature), filtered by URL to the campaign's
 * account, platform and unmapped, with the campaign's line picker open (`campaign`).
 */
export const mapCampaignUrl = (c: UnmappedCampaign) => {
  const q = new URLSearchParams({
    platform: c.ConnectorType,
    mapped: 'no',
    account: String(c.AccountId),
    ...(c.CampaignId !== null ? { campaign: String(c.CampaignId) } : {}),
  });
  return `/campaigns/list?${q.toString()}`;
};

/** Spend no plan line owns (the last 30 days), largest first, each with a one-click Map. */
export function UnmappedTab() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const q = useQuery(monitoringQueries.unmapped());
  const items = q.data?.Items ?? [];
  return (
    <Box>
      {q.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="unmapped-window">
          {t('monitoring.unmapped.window', {
            from: formatDate(q.data.From, locale),
            to: formatDate(q.data.To, locale),
          })}
        </Typography>
      )}
      {q.data?.Truncated && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="unmapped-truncated">
          {t('monitoring.unmapped.truncated', { count: q.data.AccountsRead })}
        </Alert>
      )}
      <LoadError error={q.error} onReload={() => void q.refetch()} />
      <Table size="small" aria-label={t('monitoring.tabs.unmapped')} data-testid="unmapped-grid">
        <TableHead>
          <TableRow>
            <TableCell>{t('monitoring.fields.campaign')}</TableCell>
            <TableCell>{t('monitoring.fields.platform')}</TableCell>
            <TableCell>{t('monitoring.fields.adAccount')}</TableCell>
            <TableCell>{t('monitoring.fields.account')}</TableCell>
            <TableCell align="right">{t('monitoring.fields.spend')}</TableCell>
            <TableCell align="right">{t('monitoring.fields.impressions')}</TableCell>
            <TableCell align="right">{t('monitoring.fields.daysWithData')}</TableCell>
            <TableCell>{t('monitoring.fields.lastDay')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={9}
            loading={q.isPending}
            empty={!q.isPending && !q.error && items.length === 0}
            emptyText={t('monitoring.unmapped.empty')}
            emptyTestId="unmapped-empty"
          />
          {items.map((c) => (
            <UnmappedRow
              key={`${c.ConnectorType}#${c.ExternalAccountId}#${c.ExternalCampaignId}#${c.Currency}`}
              c={c}
            />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A campaign's unmapped spend: its platform, ad account, account, spend, impressions, days, last day, and Map. */
function UnmappedRow({ c }: { c: UnmappedCampaign }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const navigate = useNavigate();
  const num = numberFormat(locale, {});
  const money = (c: UnmappedCampaign) =>
    numberFormat(locale, {
      style: 'currency',
      currency: c.Currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(c.Spend);
  return (
    <TableRow data-testid="unmapped-row">
      <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
        <bdi>{c.Name}</bdi>
      </TableCell>
      <TableCell>{t(`monitoring.types.${c.ConnectorType}`)}</TableCell>
      <TableCell>
        <bdi dir="ltr">{c.ExternalAccountId}</bdi>
      </TableCell>
      <TableCell>
        <bdi>{c.AccountName}</bdi>
      </TableCell>
      <TableCell align="right" data-testid="unmapped-spend">
        <bdi dir="ltr">{money(c)}</bdi>
      </TableCell>
      <TableCell align="right">{num.format(c.Impressions)}</TableCell>
      <TableCell align="right">{num.format(c.Days)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.LastDay, locale)}</TableCell>
      <TableCell align="right">
        <Button
          size="small"
          onClick={() => void navigate(mapCampaignUrl(c))}
          data-testid="map-unmapped"
          aria-label={`${t('monitoring.unmapped.map')} ${c.Name}`}
        >
          {t('monitoring.unmapped.map')}
        </Button>
      </TableCell>
    </TableRow>
  );
}
