import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONNECTOR_TYPE_NAMES, type ConnectorTypeName } from '@server/shared/connectors';
import { FilterSelect } from '../../../components/ui/filter-field';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import type { CampaignView } from '../api/connectors-api';
import { connectorQueries, useConnectorWrites } from '../api/connectors-queries';

const PAGE = 50;

/** The mapping column: the line actuals go to and how it was chosen, or why there is none. */
function Mapping({ c }: { c: CampaignView }) {
  const { t } = useTranslation();
  if (c.MappedLineId !== null) {
    return (
      <span data-testid="campaign-mapping">
        {c.MappedLineName} <bdi dir="ltr">#{c.MappedLineId}</bdi> · {t(`connectors.mappedBy.${c.MappedBy ?? 'explicit'}`)}
        {c.MappedVersion !== null && <Typography variant="caption" color="text.secondary"> {t('connectors.version', { version: c.MappedVersion })}</Typography>}
      </span>
    );
  }
  if (c.LineRemovedInVersion !== null) {
    return <Typography variant="body2" color="warning.main" data-testid="campaign-mapping">{t('connectors.lineRemoved', { version: c.LineRemovedInVersion })}</Typography>;
  }
  return <Typography variant="body2" color="text.secondary" data-testid="campaign-mapping">{t('connectors.unmapped')}</Typography>;
}

/**
 * /campaigns/list (staff): the platforms' campaigns by platform and mapped / unmapped, each with the
 * plan line its actuals go to (explicit or by the naming rule, followed into the latest approved
 * version); mapping is by the line's id (shown on the plan editor), or cleared to let the rule apply.
 */
export function CampaignsScreen() {
  const { t } = useTranslation();
  const [platform, setPlatform] = useState<'' | ConnectorTypeName>('');
  const [mapped, setMapped] = useState<'' | 'yes' | 'no'>('');
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const [editing, setEditing] = useState<{ id: number; line: string } | null>(null);
  const filter = {
    ...(platform ? { connectorType: platform } : {}), ...(mapped ? { mapped: mapped === 'yes' } : {}),
    pageSize: PAGE, nextToken: tokens[tokens.length - 1],
  };
  const list = useQuery(connectorQueries.campaigns(filter));
  const writes = useConnectorWrites();
  const run = useConfirmedAction();
  const items = list.data?.Items ?? [];
  const reload = () => void list.refetch();
  const restart = () => setTokens([null]);
  const map = (c: CampaignView, lineId: number | null) => run({
    action: () => writes.mapCampaign.mutateAsync({ id: c.ID, lineId, version: c.version }),
    success: t('snackbar.saved'), failure: t('snackbar.saveFailed'), reload, done: () => setEditing(null),
  });
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <FilterSelect label={t('connectors.fields.Type')} name="platform" value={platform} sx={{ minWidth: 180 }} testId="platform-filter"
          onChange={(v) => { setPlatform(v); restart(); }}
          choices={[{ value: '' as const, label: t('connectors.any') }, ...CONNECTOR_TYPE_NAMES.map((p) => ({ value: p, label: t(`connectors.types.${p}`) }))]} />
        <FilterSelect label={t('connectors.fields.Mapped')} name="mapped" value={mapped} sx={{ minWidth: 180 }} testId="mapped-filter"
          onChange={(v) => { setMapped(v); restart(); }}
          choices={[{ value: '' as const, label: t('connectors.any') }, { value: 'yes' as const, label: t('connectors.mappedOnly') }, { value: 'no' as const, label: t('connectors.unmappedOnly') }]} />
      </Stack>
      <LoadError error={list.error} onReload={reload} />
      <Table size="small" aria-label={t('titles.campaigns')} data-testid="campaigns-grid">
        <TableHead>
          <TableRow>
            <TableCell>{t('accounts.fields.Name')}</TableCell>
            <TableCell>{t('connectors.fields.Type')}</TableCell>
            <TableCell>{t('connectors.fields.ExternalAccountIds')}</TableCell>
            <TableCell>{t('connectors.fields.Status')}</TableCell>
            <TableCell>{t('connectors.fields.Line')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows colSpan={6} loading={list.isPending} empty={!list.isPending && !list.error && items.length === 0} emptyText={t('connectors.emptyCampaigns')} emptyTestId="campaigns-empty" />
          {items.map((c) => (
            <TableRow key={c.ID} data-testid="campaign-row">
              <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}><bdi>{c.Name}</bdi></TableCell>
              <TableCell>{t(`connectors.types.${c.ConnectorType}`)}</TableCell>
              <TableCell><bdi dir="ltr">{c.ExternalAccountId}</bdi></TableCell>
              <TableCell><bdi dir="ltr">{c.Status}</bdi></TableCell>
              <TableCell><Mapping c={c} /></TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {editing?.id === c.ID ? (
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <TextField size="small" autoFocus label={t('connectors.lineId')} value={editing.line} sx={{ width: 120 }}
                      onChange={(e) => setEditing({ id: c.ID, line: e.target.value.replace(/\D/g, '') })} slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': 'line-id' } }} />
                    <Button size="small" variant="contained" disabled={!editing.line} onClick={() => map(c, Number(editing.line))} data-testid="save-mapping">{t('common.save')}</Button>
                    <Button size="small" onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
                  </Stack>
                ) : (
                  <>
                    <Button size="small" onClick={() => setEditing({ id: c.ID, line: c.MediaChannelId ? String(c.MediaChannelId) : '' })} data-testid="map-campaign">{t('connectors.actions.map')}</Button>
                    {c.MediaChannelId !== null && <Button size="small" onClick={() => map(c, null)} data-testid="clear-mapping">{t('connectors.actions.clear')}</Button>}
                  </>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        {tokens.length > 1 && <Button size="small" onClick={() => setTokens(tokens.slice(0, -1))}>{t('connectors.previous')}</Button>}
        {list.data?.NextToken && <Button size="small" onClick={() => setTokens([...tokens, list.data.NextToken])} data-testid="next-page">{t('connectors.next')}</Button>}
      </Box>
    </Paper>
  );
}
