import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/ui/text-input';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Authenticator codes are 6 digits. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** One 6-digit code field with its submit button; `onCode` rejects with the reason on a wrong code. */
export function CodeForm({
  onCode,
  submitLabel,
  busy,
}: {
  onCode: (code: string) => Promise<void>;
  submitLabel?: string;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const invalid = touched && !TOTP_CODE_PATTERN.test(code);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!TOTP_CODE_PATTERN.test(code)) return;
    await onCode(code);
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <TextInput
        label={t('auth.fields.code')}
        name="code"
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        onBlur={() => setTouched(true)}
        error={invalid}
        helperText={invalid ? t('auth.errors.codeFormat') : ' '}
        autoComplete="one-time-code"
        autoFocus
        htmlInput={{ inputMode: 'numeric', maxLength: 6 }}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {submitLabel ?? t('auth.actions.verify')}
      </Button>
    </Stack>
  );
}
