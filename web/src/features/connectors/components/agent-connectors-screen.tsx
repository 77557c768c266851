import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import type { AgentConnector } from '../api/connectors-api';
import { connectorQueries } from '../api/connectors-queries';
import { AgentConnectorRow } from './agent-connector-row';
import { useSyncWatch } from './sync-now';
import { useAgentConnectorActions } from './use-agent-connector-actions';

const AgentConnectorDialog = lazy(() =>
  import('./agent-connector-dialog').then((m) => ({ default: m.AgentConnectorDialog })),
);
const CsvUploadDialog = lazy(() => import('./csv-upload-dialog').then((m) => ({ default: m.CsvUploadDialog })));

const NO_ITEMS: AgentConnector[] = [];

/**
 * /agentSettings/connectors/list (GeneralSettings): the company's connections to the ad platforms
 * with their health (status, the platform's reason, last test and sync), the ad accounts each sees,
 * Test connection, Sync now (the list reads again while a sync runs), and a dialog whose credentials
 * are write-only.
 */
export function AgentConnectorsScreen() {
  const { t } = useTranslation();
  const sync = useSyncWatch();
  const list = useQuery({ ...connectorQueries.agents(), refetchInterval: sync.refetchInterval });
  const [editing, setEditing] = useState<AgentConnector | 'new' | null>(null);
  const [uploading, setUploading] = useState<AgentConnector | null>(null);
  const items = list.data?.Items ?? NO_ITEMS;
  const { settle } = sync;
  useEffect(() => settle(items), [items, settle]);
  const connectors = list.data?.Connectors ?? [];
  const reload = () => void list.refetch();
  const { save, test, archive } = useAgentConnectorActions(reload, () => setEditing(null));

  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" sx={{ mb: 2 }}>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setEditing('new')}
          disabled={!connectors.length}
          data-testid="create-agent-connector"
        >
          {t('connectors.actions.create')}
        </Button>
      </Stack>
      <LoadError error={list.error} onReload={reload} />
      <Table size="small" aria-label={t('menu.agentConnectors')} data-testid="agent-connectors-grid">
        <TableHead>
          <TableRow>
            <TableCell>{t('accounts.fields.Name')}</TableCell>
            <TableCell>{t('connectors.fields.Type')}</TableCell>
            <TableCell>{t('connectors.fields.Status')}</TableCell>
            <TableCell>{t('connectors.fields.ExternalAccounts')}</TableCell>
            <TableCell>{t('connectors.fields.LastSyncAt')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={6}
            loading={list.isPending}
            empty={!list.isPending && !list.error && items.length === 0}
            emptyText={t('connectors.emptyAgents')}
            emptyTestId="agent-connectors-empty"
          />
          {items.map((a) => (
            <AgentConnectorRow
              key={a.ID}
              a={a}
              platformName={connectors.find((c) => c.ID === a.ConnectorId)?.Name ?? a.ConnectorType}
              syncing={sync.isSyncing(a.ID)}
              onSyncStarted={sync.start}
              onUpload={() => setUploading(a)}
              onTest={() => test(a)}
              onEdit={() => setEditing(a)}
              onArchive={() => archive(a)}
            />
          ))}
        </TableBody>
      </Table>
      {uploading && (
        <Suspense fallback={null}>
          <CsvUploadDialog connector={uploading} onImported={reload} onClose={() => setUploading(null)} />
        </Suspense>
      )}
      {editing && (
        <Suspense fallback={null}>
          <AgentConnectorDialog
            editing={editing === 'new' ? null : editing}
            connectors={connectors}
            onSave={save}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </Paper>
  );
}
