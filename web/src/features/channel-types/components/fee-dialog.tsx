import DialogContentText from '@mui/material/DialogContentText';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { NumberTextField } from '../../../lib/forms/number-text-field';
import { isPercent } from './rules';

export type FeeKind = 'management' | 'system';

/** Asks for one fee % to set on every selected channel type (one call, all-or-nothing). */
export function FeeDialog({
  kind,
  count,
  onSave,
  onClose,
}: {
  kind: FeeKind;
  count: number;
  onSave: (pct: number) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState(false);

  const submit = () => {
    if (!isPercent(value)) {
      setError(true);
      return undefined;
    }
    return onSave(Number(value.trim()));
  };

  return (
    <FormDialog
      id="fee-dialog"
      title={t(kind === 'management' ? 'channelTypes.actions.setManagementFee' : 'channelTypes.actions.setSystemFee')}
      maxWidth="xs"
      onSubmit={submit}
      onClose={onClose}
    >
      <DialogContentText sx={{ mb: 2 }}>{t('channelTypes.feeFor', { n: count })}</DialogContentText>
      <NumberTextField
        fullWidth
        autoFocus
        required
        name="fee"
        label={t(kind === 'management' ? 'channelTypes.fields.ManagementFeePct' : 'channelTypes.fields.SystemFeePct')}
        value={value}
        onValue={(v) => {
          setValue(v);
          if (error) setError(!isPercent(v));
        }}
        error={error}
        helperText={error ? t('validation.percent') : ' '}
        slotProps={{
          htmlInput: { inputMode: 'decimal', dir: 'ltr' },
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        }}
      />
    </FormDialog>
  );
}
