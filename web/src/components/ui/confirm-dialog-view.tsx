import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../../lib/display/phone';
import { touchTarget } from '../../lib/display/touch';
import type { ConfirmOptions } from './confirm-options';

/** The dialog itself; loaded on the first confirmation so the routes do not carry it. Full screen on a phone. */
export default function ConfirmDialogView({
  options,
  onAnswer,
}: {
  options: ConfirmOptions | null;
  onAnswer: (ok: boolean) => void;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <Dialog
      open={!!options}
      onClose={() => onAnswer(false)}
      aria-labelledby="confirm-title"
      maxWidth="xs"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id="confirm-title">{options?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{options?.message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={phone ? { px: 3, pb: 2 } : undefined}>
        <Button onClick={() => onAnswer(false)} sx={touchTarget}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color={options?.destructive ? 'error' : 'primary'}
          onClick={() => onAnswer(true)}
          autoFocus
          sx={touchTarget}
        >
          {options?.confirmLabel ?? t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
