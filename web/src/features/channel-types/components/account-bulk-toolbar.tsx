import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlined';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FeeKind } from './fee-dialog';

/** The actions on the selected channel types, shown while something is selected. */
export function AccountBulkToolbar({
  count,
  busy,
  onFee,
  onActive,
  onVendor,
}: {
  count: number;
  busy: boolean;
  onFee: (kind: FeeKind) => void;
  onActive: (active: boolean) => void;
  onVendor: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Toolbar
      disableGutters
      sx={{ gap: 1, flexWrap: 'wrap', px: 1, mb: 1, bgcolor: 'action.selected', borderRadius: 1 }}
      data-testid="bulk-toolbar"
    >
      <Typography sx={{ flexGrow: 1 }} aria-live="polite">
        {t('channelTypes.selected', { n: count })}
      </Typography>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => onFee('management')}>
        {t('channelTypes.actions.setManagementFee')}
      </Button>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => onFee('system')}>
        {t('channelTypes.actions.setSystemFee')}
      </Button>
      <Button size="small" variant="outlined" disabled={busy} onClick={onVendor}>
        {t('channelTypes.actions.setDefaultVendor')}
      </Button>
      <Button size="small" startIcon={<CheckCircleOutline />} disabled={busy} onClick={() => onActive(true)}>
        {t('channelTypes.actions.activate')}
      </Button>
      <Button size="small" startIcon={<RemoveCircleOutline />} disabled={busy} onClick={() => onActive(false)}>
        {t('channelTypes.actions.deactivate')}
      </Button>
    </Toolbar>
  );
}
