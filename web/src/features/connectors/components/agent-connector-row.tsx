import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import type { AgentConnector } from '../api/connectors-api';
import { EditArchiveButtons } from './connectors-table';
import { platformErrorText } from './platform-text';
import { SyncNowButton } from './sync-now';

const STATUS_COLOUR: Record<AgentConnector['Status'], string> = {
  OK: 'success.main',
  NoAccess: 'warning.main',
  Error: 'error.main',
  Untested: 'text.secondary',
};

/** A connection's row: name, platform, health (status and the platform's reason), ad accounts, last sync, actions. */
export function AgentConnectorRow({
  a,
  platformName,
  syncing,
  onSyncStarted,
  onUpload,
  onTest,
  onEdit,
  onArchive,
}: {
  a: AgentConnector;
  platformName: string;
  syncing: boolean;
  onSyncStarted: (a: AgentConnector) => void;
  onUpload: () => void;
  onTest: () => void;
  onEdit: () => void;
  onArchive: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    <TableRow data-testid="agent-connector-row">
      <TableCell>{a.Name}</TableCell>
      <TableCell>{platformName}</TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ color: STATUS_COLOUR[a.Status], fontWeight: 600 }} data-testid="agent-status">
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
        <SyncNowButton connector={a} syncing={syncing} onStarted={onSyncStarted} />
        {a.ConnectorType === 'csv_upload' && (
          <Button size="small" onClick={onUpload} data-testid="upload-csv">
            {t('connectors.actions.uploadCsv')}
          </Button>
        )}
        <Button size="small" onClick={onTest} data-testid="test-connection">
          {t('connectors.actions.test')}
        </Button>
        <EditArchiveButtons name={a.Name} onEdit={onEdit} onArchive={onArchive} />
      </TableCell>
    </TableRow>
  );
}
