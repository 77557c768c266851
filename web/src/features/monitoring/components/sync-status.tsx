import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const COLOUR: Record<string, string> = {
  OK: 'success.main',
  NoAccess: 'warning.main',
  Error: 'error.main',
  Running: 'info.main',
  Untested: 'text.secondary',
  Never: 'text.secondary',
};

/** A connection's or a sync's status, in words and colour. */
export function SyncStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ color: COLOUR[status] ?? 'text.primary', fontWeight: 600 }}
      data-testid="sync-status"
      data-status={status}
    >
      {t(`monitoring.status.${status}`)}
    </Typography>
  );
}
