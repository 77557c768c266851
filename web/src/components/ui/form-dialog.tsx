import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../../lib/display/phone';
import { touchTarget } from '../../lib/display/touch';

export interface FormDialogProps {
  /** Names the title element (`${id}-title`), which labels the dialog. */
  id: string;
  title: ReactNode;
  maxWidth: DialogProps['maxWidth'];
  /**
   * Checks the form; returns nothing to stay (errors shown), or the save. While the save runs the
   * buttons wait; when it rejects (the screen showed the error) the dialog stays open.
   */
  onSubmit: () => Promise<void> | void;
  onClose: () => void;
  /** The submit button's label; "Save" by default. */
  submitLabel?: string;
  /** The submit button in red (a rejection, say). */
  destructive?: boolean;
  /** The submit button is disabled (besides while saving). */
  submitDisabled?: boolean;
  children: ReactNode;
}

/**
 * A form in a dialog: title, content, Cancel and a submit button; Escape and the backdrop close it
 * unless it is saving. On a phone it fills the screen (the keyboard leaves little room for a centred box).
 */
export function FormDialog({
  id,
  title,
  maxWidth,
  onSubmit,
  onClose,
  submitLabel,
  destructive,
  submitDisabled,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const phone = usePhone();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const saving = onSubmit();
    if (!saving) return;
    setBusy(true);
    try {
      await saving;
    } catch {
      /* the screen showed the error; keep the dialog open */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={phone}
      aria-labelledby={`${id}-title`}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions sx={phone ? { px: 3, pb: 2 } : undefined}>
          <Button onClick={onClose} disabled={busy} sx={touchTarget}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            disabled={busy || !!submitDisabled}
            sx={touchTarget}
          >
            {submitLabel ?? t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
