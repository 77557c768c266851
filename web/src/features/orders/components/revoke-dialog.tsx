import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks why an approved order is unlocked (RevokeOrder's reason, required). */
export function RevokeDialog({
  open,
  busy,
  onClose,
  onRevoke,
}: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onRevoke: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('orders.revoke.title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          label={t('orders.revoke.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'revoke-reason' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy || reason.trim() === ''}
          onClick={() => onRevoke(reason.trim())}
          data-testid="revoke-confirm"
        >
          {t('orders.actions.revoke')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
