import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/ui/filter-field';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import type { ConnectorHealth, SyncRunView } from '../api/monitoring-api';
import { monitoringQueries } from '../api/monitoring-queries';
import { SyncRunRow } from './sync-run-row';

const PAGE = 50;
const STATUSES = ['OK', 'Error', 'NoAccess', 'Running'] as const;

/** Sync runs, newest first (kept 90 days): by connection and status, a page at a time. */
export function SyncRunsTab() {
  const { t } = useTranslation();
  const [connector, setConnector] = useState<number | ''>('');
  const [status, setStatus] = useState<'' | SyncRunView['Status']>('');
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  // The connections to filter by: the data health read (shared with its tab through the cache).
  const health = useQuery(monitoringQueries.health());
  const filter = {
    ...(connector ? { agentConnectorId: connector } : {}),
    ...(status ? { status } : {}),
    pageSize: PAGE,
    nextToken: tokens[tokens.length - 1],
  };
  const q = useQuery(monitoringQueries.runs(filter));
  const items = q.data?.Items ?? [];
  const restart = () => setTokens([null]);
  return (
    <Box>
      <SyncRunsFilters
        connector={connector}
        status={status}
        connectors={health.data?.Connectors ?? []}
        onConnector={(v) => {
          setConnector(v);
          restart();
        }}
        onStatus={(v) => {
          setStatus(v);
          restart();
        }}
      />
      <LoadError error={q.error} onReload={() => void q.refetch()} />
      <Table size="small" aria-label={t('monitoring.tabs.runs')} data-testid="runs-grid">
        <TableHead>
          <TableRow>
            <TableCell>{t('monitoring.fields.started')}</TableCell>
            <TableCell>{t('monitoring.fields.connection')}</TableCell>
            <TableCell>{t('monitoring.fields.adAccount')}</TableCell>
            <TableCell>{t('monitoring.fields.status')}</TableCell>
            <TableCell>{t('monitoring.fields.duration')}</TableCell>
            <TableCell>{t('monitoring.fields.days')}</TableCell>
            <TableCell align="right">{t('monitoring.fields.rowsRead')}</TableCell>
            <TableCell align="right">{t('monitoring.fields.rowsWritten')}</TableCell>
            <TableCell>{t('monitoring.fields.error')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={9}
            loading={q.isPending}
            empty={!q.isPending && !q.error && items.length === 0}
            emptyText={t('monitoring.runs.empty')}
            emptyTestId="runs-empty"
          />
          {items.map((r) => (
            <SyncRunRow key={r.RunId} r={r} />
          ))}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        {tokens.length > 1 && (
          <Button size="small" onClick={() => setTokens(tokens.slice(0, -1))}>
            {t('monitoring.previous')}
          </Button>
        )}
        {q.data?.NextToken && (
          <Button size="small" onClick={() => setTokens([...tokens, q.data.NextToken])} data-testid="runs-next">
            {t('monitoring.next')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** The runs' filters: the connection (from the data health read) and the outcome. */
function SyncRunsFilters({
  connector,
  status,
  connectors,
  onConnector,
  onStatus,
}: {
  connector: number | '';
  status: '' | SyncRunView['Status'];
  connectors: ConnectorHealth[];
  onConnector: (v: number | '') => void;
  onStatus: (v: '' | SyncRunView['Status']) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
      <FilterSelect
        label={t('monitoring.fields.connection')}
        name="connector"
        value={connector}
        style={{ minWidth: 220 }}
        testId="runs-connector-filter"
        onChange={onConnector}
        choices={[
          { value: '' as const, label: t('monitoring.any') },
          ...connectors.map((c) => ({ value: c.AgentConnectorId, label: c.Name })),
        ]}
      />
      <FilterSelect
        label={t('monitoring.fields.status')}
        name="status"
        value={status}
        style={{ minWidth: 160 }}
        testId="runs-status-filter"
        onChange={onStatus}
        choices={[
          { value: '' as const, label: t('monitoring.any') },
          ...STATUSES.map((s) => ({ value: s, label: t(`monitoring.status.${s}`) })),
        ]}
      />
    </Stack>
  );
}
