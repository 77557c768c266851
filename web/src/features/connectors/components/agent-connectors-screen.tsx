import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentConnector } from '../api/connectors-api';
import { connectorQueries } from '../api/connectors-queries';
import { AgentConnectorRow } from './agent-connector-row';
import { ConnectorsTable } from './connectors-table';
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
    <ConnectorsTable
      create={{
        label: t('connectors.actions.create'),
        testId: 'create-agent-connector',
        disabled: !connectors.length,
        onClick: () => setEditing('new'),
      }}
      list={{ isPending: list.isPending, error: list.error, reload, count: items.length }}
      label={t('menu.agentConnectors')}
      testId="agent-connectors-grid"
      headers={[
        t('accounts.fields.Name'),
        t('connectors.fields.Type'),
        t('connectors.fields.Status'),
        t('connectors.fields.ExternalAccounts'),
        t('connectors.fields.LastSyncAt'),
      ]}
      empty={{ text: t('connectors.emptyAgents'), testId: 'agent-connectors-empty' }}
      rows={items.map((a) => (
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
    >
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
    </ConnectorsTable>
  );
}
