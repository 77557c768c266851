import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CONNECTOR_TYPE_NAMES, type ConnectorTypeName } from '@server/shared/connectors';
import { FilterSelect } from '../../../components/ui/filter-field';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate, numberFormat } from '../../../lib/format';
import type { CampaignView, LineActualsTotal } from '../api/connectors-api';
import { connectorQueries, useConnectorWrites } from '../api/connectors-queries';
import { MappingKind } from './campaign-mapping-kind';
import { campaignStatusText } from './platform-text';

const LinePickerDialog = lazy(() => import('./line-picker-dialog').then((m) => ({ default: m.LinePickerDialog })));

const PAGE = 50;

type Linked = CampaignView & { AccountId: number };

/** The campaign's own actuals to date (its stored stats, per currency), as the list gives them. */
function CampaignActualsCell({ totals }: { totals: LineActualsTotal[] | undefined }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  if (!totals) return null;
  if (!totals.length)
    return (
      <Typography variant="body2" component="span" color="text.secondary" data-testid="campaign-actuals">
        {t('connectors.actuals.none')}
      </Typography>
    );
  return (
    <Stack data-testid="campaign-actuals" spacing={0.25}>
      {totals.map((x) => (
        <span
          key={x.Currency}
          data-testid="campaign-actuals-total"
          data-currency={x.Currency}
          title={t('connectors.actuals.detail', {
            days: x.Days,
            first: formatDate(x.FirstDay, locale),
            last: formatDate(x.LastDay, locale),
            clicks: numberFormat(locale, {}).format(x.Clicks),
          })}
        >
          <bdi dir="ltr" data-testid="campaign-actuals-spend">
            {numberFormat(locale, {
              style: 'currency',
              currency: x.Currency,
              minimumFractionDigits: 2,
              maximumFractionDigits: 2,
            }).format(x.Spend)}
          </bdi>
          {' · '}
          {t('connectors.actuals.impressions', { formatted: numberFormat(locale, {}).format(x.Impressions) })}
        </span>
      ))}
    </Stack>
  );
}

/** A positive whole number from the URL, or undefined. */
const idParam = (v: string | null) => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * /campaigns/list (staff): the platforms' campaigns by platform and mapped / unmapped, each with the
 * plan line its actuals go to (explicit or by the naming rule, followed into the latest approved
 * version), its client (the account its ad account is linked to) and its own actuals to date; Map picks a line of the campaign's
 * account (line-picker-dialog.tsx), Clear drops an explicit choice so the naming rule applies again.
 * A link may set the filters (`?platform=meta_ads&mapped=no&account=7`) and name a campaign whose
 * picker opens at once (`&campaign=12`): System monitoring's Map on an unmapped campaign.
 */
export function CampaignsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [platform, setPlatform] = useState<'' | ConnectorTypeName>(
    () => CONNECTOR_TYPE_NAMES.find((p) => p === params.get('platform')) ?? '',
  );
  const [mapped, setMapped] = useState<'' | 'yes' | 'no'>(
    () => (['yes', 'no'] as const).find((m) => m === params.get('mapped')) ?? '',
  );
  const account = idParam(params.get('account'));
  const askedCampaign = idParam(params.get('campaign'));
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const [picking, setPicking] = useState<Linked | null>(null);
  const filter = {
    ...(account ? { accountId: account } : {}),
    ...(platform ? { connectorType: platform } : {}),
    ...(mapped ? { mapped: mapped === 'yes' } : {}),
    pageSize: PAGE,
    nextToken: tokens[tokens.length - 1],
  };
  // Read again every 2 s while a saved mapping's history is still being moved (its job), so the row and its actuals catch up.
  const list = useQuery({
    ...connectorQueries.campaigns(filter),
    refetchInterval: (q) => (q.state.data?.Items.some((c) => c.HistoryMoving) ? 2000 : false),
  });
  // The campaign a link names: its picker opens once, when the campaign is known to be mappable.
  const asked = useQuery({
    ...connectorQueries.campaign(askedCampaign ?? 0, account),
    enabled: askedCampaign !== undefined,
  });
  const [askedShown, setAskedShown] = useState(false);
  useEffect(() => {
    const c = asked.data;
    if (askedShown || !c) return;
    setAskedShown(true);
    if (c.AccountId !== null) setPicking({ ...c, AccountId: c.AccountId });
  }, [asked.data, askedShown]);
  const writes = useConnectorWrites();
  const run = useConfirmedAction();
  const items = useMemo(() => list.data?.Items ?? [], [list.data]);
  const reload = () => void list.refetch();
  const restart = () => setTokens([null]);
  const map = (c: CampaignView, lineId: number | null) =>
    run({
      action: () => writes.mapCampaign.mutateAsync({ id: c.ID, lineId, version: c.version }),
      success: t('snackbar.saved'),
      failure: t('snackbar.saveFailed'),
      reload,
      done: () => setPicking(null),
      rethrow: true,
    });
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <FilterSelect
          label={t('connectors.fields.Type')}
          name="platform"
          value={platform}
          sx={{ minWidth: 180 }}
          testId="platform-filter"
          onChange={(v) => {
            setPlatform(v);
            restart();
          }}
          choices={[
            { value: '' as const, label: t('connectors.any') },
            ...CONNECTOR_TYPE_NAMES.map((p) => ({ value: p, label: t(`connectors.types.${p}`) })),
          ]}
        />
        <FilterSelect
          label={t('connectors.fields.Mapped')}
          name="mapped"
          value={mapped}
          sx={{ minWidth: 180 }}
          testId="mapped-filter"
          onChange={(v) => {
            setMapped(v);
            restart();
          }}
          choices={[
            { value: '' as const, label: t('connectors.any') },
            { value: 'yes' as const, label: t('connectors.mappedOnly') },
            { value: 'no' as const, label: t('connectors.unmappedOnly') },
          ]}
        />
        {account !== undefined && (
          <Button
            size="small"
            onClick={() => {
              setParams(
                (p) => {
                  p.delete('account');
                  p.delete('campaign');
                  return p;
                },
                { replace: true },
              );
              restart();
            }}
            data-testid="all-accounts"
          >
            {t('connectors.allAccounts')}
          </Button>
        )}
      </Stack>
      <LoadError error={list.error} onReload={reload} />
      <Table size="small" aria-label={t('titles.campaigns')} data-testid="campaigns-grid">
        <TableHead>
          <TableRow>
            <TableCell>{t('accounts.fields.Name')}</TableCell>
            <TableCell>{t('connectors.fields.Client')}</TableCell>
            <TableCell>{t('connectors.fields.Type')}</TableCell>
            <TableCell>{t('connectors.fields.ExternalAccountIds')}</TableCell>
            <TableCell>{t('connectors.fields.Status')}</TableCell>
            <TableCell>{t('connectors.fields.Line')}</TableCell>
            <TableCell>{t('connectors.fields.CampaignActuals')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={8}
            loading={list.isPending}
            empty={!list.isPending && !list.error && items.length === 0}
            emptyText={t('connectors.emptyCampaigns')}
            emptyTestId="campaigns-empty"
          />
          {items.map((c) => (
            <TableRow key={c.ID} data-testid="campaign-row">
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
                  onClick={() => c.AccountId !== null && setPicking({ ...c, AccountId: c.AccountId })}
                  data-testid="map-campaign"
                >
                  {t('connectors.actions.map')}
                </Button>
                {c.MediaChannelId !== null && (
                  <Button
                    size="small"
                    onClick={() => void map(c, null).catch(() => undefined)}
                    data-testid="clear-mapping"
                  >
                    {t('connectors.actions.clear')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        {tokens.length > 1 && (
          <Button size="small" onClick={() => setTokens(tokens.slice(0, -1))}>
            {t('connectors.previous')}
          </Button>
        )}
        {list.data?.NextToken && (
          <Button size="small" onClick={() => setTokens([...tokens, list.data.NextToken])} data-testid="next-page">
            {t('connectors.next')}
          </Button>
        )}
      </Box>
      {picking && (
        <Suspense fallback={null}>
          <LinePickerDialog
            campaign={picking}
            onClose={() => setPicking(null)}
            onSave={(lineId) => map(picking, lineId)}
          />
        </Suspense>
      )}
    </Paper>
  );
}
