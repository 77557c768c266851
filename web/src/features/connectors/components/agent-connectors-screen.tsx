import Add from '@mui/icons-material/Add';
import type { AlertColor } from '@mui/material/Alert';
import Archive from '@mui/icons-material/ArchiveOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { formatDate } from '../../../lib/format';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import type { AgentConnector, AgentConnectorPayload } from '../api/connectors-api';
import { connectorQueries, useConnectorWrites } from '../api/connectors-queries';
import { platformErrorText } from './platform-text';
import { SyncNowButton, useSyncWatch } from './sync-now';

const AgentConnectorDialog = lazy(() =>
  import('./agent-connector-dialog').then((m) => ({ default: m.AgentConnectorDialog })),
);
const CsvUploadDialog = lazy(() => import('./csv-upload-dialog').then((m) => ({ default: m.CsvUploadDialog })));

const NO_ITEMS: AgentConnector[] = [];

const STATUS_COLOUR: Record<AgentConnector['Status'], string> = {
  OK: 'success.main',
  NoAccess: 'warning.main',
  Error: 'error.main',
  Untested: 'text.secondary',
};
/** A test that found no access or failed is not a success: its message warns or errs. */
const TESTED_SEVERITY: Record<AgentConnector['Status'], AlertColor> = {
  OK: 'success',
  NoAccess: 'warning',
  Error: 'error',
  Untested: 'info',
};

/**
 * /agentSettings/connectors/list (GeneralSettings): the company's connections to the ad platforms
 * with their health (status, the platform's reason, last test and sync), the ad accounts each sees,
 * Test connection, Sync now (the list reads again while a sync runs), and a dialog whose credentials
 * are write-only.
 */
export function AgentConnectorsScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const sync = useSyncWatch();
  const list = useQuery({ ...connectorQueries.agents(), refetchInterval: sync.refetchInterval });
  const writes = useConnectorWrites();
  const run = useConfirmedAction();
  const [editing, setEditing] = useState<AgentConnector | 'new' | null>(null);
  const [uploading, setUploading] = useState<AgentConnector | null>(null);
  const items = list.data?.Items ?? NO_ITEMS;
  const { settle } = sync;
  useEffect(() => settle(items), [items, settle]);
  const connectors = list.data?.Connectors ?? [];
  const reload = () => void list.refetch();

  const save = (payload: AgentConnectorPayload) =>
    run({
      action: () => writes.saveAgent.mutateAsync(payload),
      success: t('snackbar.saved'),
      failure: t('snackbar.saveFailed'),
      reload,
      done: () => setEditing(null),
      rethrow: true,
    });
  const test = (a: AgentConnector) =>
    run({
      action: () => writes.testAgent.mutateAsync(a.ID),
      success: (r) => ({ message: t(`connectors.tested.${r.Status}`), severity: TESTED_SEVERITY[r.Status] }),
      failure: t('connectors.testFailed'),
      reload,
    });
  const archive = (a: AgentConnector) =>
    run({
      confirm: {
        title: t('connectors.confirmArchive.title'),
        message: t('connectors.confirmArchive.message', { name: a.Name }),
        confirmLabel: t('accounts.actions.archive'),
        destructive: true,
      },
      action: () => writes.deleteAgent.mutateAsync(a.ID),
      success: t('snackbar.deleted'),
      failure: t('snackbar.deleteFailed'),
      reload,
    });

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
            <TableRow key={a.ID} data-testid="agent-connector-row">
              <TableCell>{a.Name}</TableCell>
              <TableCell>{connectors.find((c) => c.ID === a.ConnectorId)?.Name ?? a.ConnectorType}</TableCell>
              <TableCell>
                <Typography
                  variant="body2"
                  sx={{ color: STATUS_COLOUR[a.Status], fontWeight: 600 }}
                  data-testid="agent-status"
                >
                  {t(`connectors.status.${a.Status}`)}
                </Typography>
                {a.LastError && (
                  <Typography variant="caption" color="text.secondary" data-testid="agent-error">
                    {platformErrorText(t, a)}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                {a.ExternalAccounts.map((e) => (
                  <div key={e.ExternalAccountId}>
                    <bdi dir="ltr">{e.ExternalAccountId}</bdi>
                    {e.Name ? ` — ${e.Name}` : ''}
                  </div>
                ))}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="agent-last-sync">
                {a.LastSyncAt ? formatDate(a.LastSyncAt, locale, true) : '—'}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <SyncNowButton connector={a} syncing={sync.isSyncing(a.ID)} onStarted={sync.start} />
                {a.ConnectorType === 'csv_upload' && (
                  <Button size="small" onClick={() => setUploading(a)} data-testid="upload-csv">
                    {t('connectors.actions.uploadCsv')}
                  </Button>
                )}
                <Button size="small" onClick={() => test(a)} data-testid="test-connection">
                  {t('connectors.actions.test')}
                </Button>
                <IconButton
                  size="small"
                  title={t('common.edit')}
                  aria-label={`${t('common.edit')} ${a.Name}`}
                  onClick={() => setEditing(a)}
                >
                  <Edit fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  title={t('accounts.actions.archive')}
                  aria-label={`${t('accounts.actions.archive')} ${a.Name}`}
                  onClick={() => archive(a)}
                >
                  <Archive fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
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
