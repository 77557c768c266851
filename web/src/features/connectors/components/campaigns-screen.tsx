import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import type { CampaignView } from '../api/connectors-api';
import { connectorQueries, useConnectorWrites } from '../api/connectors-queries';
import { CampaignsFilters } from './campaigns-filters';
import { CampaignsTable } from './campaigns-table';
import { useAskedCampaign } from './use-asked-campaign';
import { useCampaignsFilter } from './use-campaigns-filter';

const LinePickerDialog = lazy(() => import('./line-picker-dialog').then((m) => ({ default: m.LinePickerDialog })));

type Linked = CampaignView & { AccountId: number };

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
  const {
    platform,
    mapped,
    account,
    askedCampaign,
    tokens,
    setTokens,
    filter,
    choosePlatform,
    chooseMapped,
    allAccounts,
  } = useCampaignsFilter();
  const [picking, setPicking] = useState<Linked | null>(null);
  // Read again every 2 s while a saved mapping's history is still being moved (its job), so the row and its actuals catch up.
  const list = useQuery({
    ...connectorQueries.campaigns(filter),
    refetchInterval: (q) => (q.state.data?.Items.some((c) => c.HistoryMoving) ? 2000 : false),
  });
  useAskedCampaign(askedCampaign, account, setPicking);
  const writes = useConnectorWrites();
  const run = useConfirmedAction();
  const items = useMemo(() => list.data?.Items ?? [], [list.data]);
  const reload = () => void list.refetch();
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
      <CampaignsFilters
        platform={platform}
        mapped={mapped}
        narrowed={account !== undefined}
        onPlatform={choosePlatform}
        onMapped={chooseMapped}
        onAllAccounts={allAccounts}
      />
      <LoadError error={list.error} onReload={reload} />
      <CampaignsTable
        items={items}
        loading={list.isPending}
        failed={!!list.error}
        onPick={setPicking}
        onClear={(x) => void map(x, null).catch(() => undefined)}
      />
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
