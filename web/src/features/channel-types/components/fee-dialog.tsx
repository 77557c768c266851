import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isPercent } from './rules';

export type FeeKind = 'management' | 'system';

/** Asks for one fee % to set on every selected channel type (one call, all-or-nothing). */
export function FeeDialog({ kind, count, onSave, onClose }: { kind: FeeKind; count: number; onSave: (pct: number) => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isPercent(value)) {
      setError(true);
      return;
    }
    setBusy(true);
    try {
      await onSave(Number(value.trim()));
    } catch {
      /* shown by the screen; keep the dialog open */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="fee-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="fee-dialog-title">{t(kind === 'management' ? 'channelTypes.actions.setManagementFee' : 'channelTypes.actions.setSystemFee')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('channelTypes.feeFor', { n: count })}</DialogContentText>
          <TextField fullWidth autoFocus required name="fee" label={t(kind === 'management' ? 'channelTypes.fields.ManagementFeePct' : 'channelTypes.fields.SystemFeePct')}
            value={value} onChange={(e) => { setValue(e.target.value); if (error) setError(!isPercent(e.target.value)); }}
            error={error} helperText={error ? t('validation.percent') : ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>{t('common.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
