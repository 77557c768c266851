import Add from '@mui/icons-material/Add';
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
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import type { AccountConnector } from '../api/connectors-api';
import { connectorQueries } from '../api/connectors-queries';
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
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" sx={{ mb: 2 }}>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setEditing('new')}
          disabled={!agents.length}
          data-testid="create-account-connector"
        >
          {t('connectors.actions.link')}
        </Button>
      </Stack>
      <LoadError error={list.error} onReload={reload} />
      <Table size="small" aria-label={t('titles.connectors')} data-testid="account-connectors-grid">
        <TableHead>
          <TableRow>
            <TableCell>{t('connectors.fields.AgentConnectorId')}</TableCell>
            <TableCell>{t('connectors.fields.ExternalAccountIds')}</TableCell>
            <TableCell>{t('connectors.fields.NamingRule')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={4}
            loading={list.isPending}
            empty={!list.isPending && !list.error && items.length === 0}
            emptyText={t('connectors.emptyLinks')}
            emptyTestId="account-connectors-empty"
          />
          {items.map((a) => (
            <AccountConnectorRow key={a.ID} a={a} onEdit={() => setEditing(a)} onArchive={() => archive(a)} />
          ))}
        </TableBody>
      </Table>
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
    </Paper>
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
  const { t } = useTranslation();
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
        <IconButton
          size="small"
          title={t('common.edit')}
          aria-label={`${t('common.edit')} ${a.AgentConnectorName}`}
          onClick={onEdit}
        >
          <Edit fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          title={t('accounts.actions.archive')}
          aria-label={`${t('accounts.actions.archive')} ${a.AgentConnectorName}`}
          onClick={onArchive}
        >
          <Archive fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
