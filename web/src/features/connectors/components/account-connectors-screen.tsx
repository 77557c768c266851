import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountConnector } from '../api/connectors-api';
import { connectorQueries } from '../api/connectors-queries';
import { ConnectorsTable, EditArchiveButtons } from './connectors-table';
import { useAccountLinkActions } from './use-account-link-actions';

const AccountConnectorDialog = lazy(() =>
  import('./account-connector-dialog').then((m) => ({ default: m.AccountConnectorDialog })),
);

/** /accounts/:accountId/connectors/list (staff): the account's links to external ad accounts and their naming rules. */
export function AccountConnectorsScreen({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const list = useQuery(connectorQueries.accountLinks(accountId));
  const [editing, setEditing] = useState<AccountConnector | 'new' | null>(null);
  const items = list.data?.Items ?? [];
  const agents = list.data?.AgentConnectors ?? [];
  const reload = () => void list.refetch();
  const { save, archive } = useAccountLinkActions(accountId, reload, () => setEditing(null));
  return (
    <ConnectorsTable
      create={{
        label: t('connectors.actions.link'),
        testId: 'create-account-connector',
        disabled: !agents.length,
        onClick: () => setEditing('new'),
      }}
      list={{ isPending: list.isPending, error: list.error, reload, count: items.length }}
      label={t('titles.connectors')}
      testId="account-connectors-grid"
      headers={[
        t('connectors.fields.AgentConnectorId'),
        t('connectors.fields.ExternalAccountIds'),
        t('connectors.fields.NamingRule'),
      ]}
      empty={{ text: t('connectors.emptyLinks'), testId: 'account-connectors-empty' }}
      rows={items.map((a) => (
        <AccountConnectorRow key={a.ID} a={a} onEdit={() => setEditing(a)} onArchive={() => archive(a)} />
      ))}
    >
      {editing && (
        <Suspense fallback={null}>
          <AccountConnectorDialog
            accountId={accountId}
            editing={editing === 'new' ? null : editing}
            agents={agents}
            onSave={save}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </ConnectorsTable>
  );
}

/** A link's row: the connection, its ad accounts, its naming rule, edit and unlink. */
function AccountConnectorRow({
  a,
  onEdit,
  onArchive,
}: {
  a: AccountConnector;
  onEdit: () => void;
  onArchive: () => void;
}) {
  return (
    <TableRow data-testid="account-connector-row">
      <TableCell>{a.AgentConnectorName}</TableCell>
      <TableCell>
        <bdi dir="ltr">{a.ExternalAccountIds.join(', ')}</bdi>
      </TableCell>
      <TableCell>
        <Box component="code" dir="ltr">
          {a.NamingRule || '—'}
        </Box>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <EditArchiveButtons name={a.AgentConnectorName} onEdit={onEdit} onArchive={onArchive} />
      </TableCell>
    </TableRow>
  );
}
