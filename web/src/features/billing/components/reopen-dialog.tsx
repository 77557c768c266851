import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const MAX_REASON = 500;

/** Reopening a final month asks why (kept in its History); the reason is required, as the API's. */
export function ReopenDialog({
  open,
  monthName,
  busy,
  onCancel,
  onReopen,
}: {
  open: boolean;
  monthName: string;
  busy: boolean;
  onCancel: () => void;
  onReopen: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="sm">
      <DialogTitle>{t('billing.reopen.title', { month: monthName })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('billing.reopen.message')}</DialogContentText>
        <TextField
          label={t('billing.reopen.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          fullWidth
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: MAX_REASON } }}
          data-testid="billing-reopen-reason"
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('billing.reopen.cancel')}</Button>
        <Button
          variant="contained"
          color="warning"
          disabled={!trimmed || busy}
          onClick={() => onReopen(trimmed)}
          data-testid="billing-reopen-confirm"
        >
          {t('billing.reopen.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
