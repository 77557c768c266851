import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import type { GlobalConnector } from '../api/connectors-api';
import { connectorQueries, useConnectorWrites } from '../api/connectors-queries';

/** /globalSettings/connectors/list (system admins): the platform types Mixdesk reads, the credential fields each needs, and Active. */
export function GlobalConnectorsScreen() {
  const { t } = useTranslation();
  const list = useQuery(connectorQueries.globals());
  const writes = useConnectorWrites();
  const run = useConfirmedAction();
  const toggle = (g: GlobalConnector) =>
    run({
      action: () => writes.saveGlobal.mutateAsync({ ID: g.ID, Name: g.Name, Active: !g.Active, version: g.version }),
      success: t('snackbar.saved'),
      failure: t('snackbar.saveFailed'),
      reload: () => void list.refetch(),
      done: () => undefined,
    });
  const items = list.data?.Items ?? [];
  return (
    <Paper sx={{ p: 2 }}>
      <LoadError error={list.error} onReload={() => void list.refetch()} />
      <Table size="small" aria-label={t('menu.globalConnectors')} data-testid="global-connectors-grid">
        <TableHead>
          <TableRow>
            <TableCell>{t('accounts.fields.Name')}</TableCell>
            <TableCell>{t('connectors.fields.Type')}</TableCell>
            <TableCell>{t('connectors.fields.CredentialFields')}</TableCell>
            <TableCell>{t('connectors.fields.Active')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={4}
            loading={list.isPending}
            empty={!list.isPending && !list.error && items.length === 0}
            emptyText={t('connectors.empty')}
            emptyTestId="global-connectors-empty"
          />
          {items.map((g) => (
            <TableRow key={g.ID} data-testid="global-connector-row">
              <TableCell>{g.Name}</TableCell>
              <TableCell>
                <bdi dir="ltr">{g.Type}</bdi>
              </TableCell>
              <TableCell>
                {g.CredentialFields.map(
                  (f) => t(`connectors.credentials.${f.Name}`) + (f.Required ? '' : ` (${t('connectors.optional')})`),
                ).join(', ') || '—'}
              </TableCell>
              <TableCell>
                <Switch
                  checked={g.Active}
                  onChange={() => toggle(g)}
                  slotProps={{ input: { 'aria-label': `${t('connectors.fields.Active')} ${g.Name}` } }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
