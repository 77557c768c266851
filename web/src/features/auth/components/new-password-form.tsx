import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/ui/text-input';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Cognito's minimum: 8 characters (the pool policy may ask for more; Cognito then says what). */
export const MIN_PASSWORD_LENGTH = 8;

/** New password + repeat; used by the new-password challenge, the reset and the change screens. */
export function NewPasswordFields({
  onSubmit,
  busy,
  submitLabel,
  withCurrent = false,
}: {
  onSubmit: (password: string, current: string) => Promise<void>;
  busy: boolean;
  submitLabel: string;
  withCurrent?: boolean;
}) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState(false);
  const currentError = touched && withCurrent && current === '';
  const shortError = touched && password.length < MIN_PASSWORD_LENGTH;
  const repeatError = touched && repeat !== password;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if ((withCurrent && current === '') || password.length < MIN_PASSWORD_LENGTH || repeat !== password) return;
    await onSubmit(password, current);
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {withCurrent && (
        <TextInput
          label={t('auth.fields.currentPassword')}
          name="currentPassword"
          type="password"
          value={current}
          autoComplete="current-password"
          onChange={(e) => setCurrent(e.target.value)}
          error={currentError}
          helperText={currentError ? t('validation.required') : ' '}
        />
      )}
      <TextInput
        label={t('auth.fields.newPassword')}
        name="newPassword"
        type="password"
        value={password}
        autoComplete="new-password"
        onChange={(e) => setPassword(e.target.value)}
        error={shortError}
        helperText={shortError ? t('auth.errors.passwordShort', { count: MIN_PASSWORD_LENGTH }) : ' '}
      />
      <TextInput
        label={t('auth.fields.repeatPassword')}
        name="repeatPassword"
        type="password"
        value={repeat}
        autoComplete="new-password"
        onChange={(e) => setRepeat(e.target.value)}
        error={repeatError}
        helperText={repeatError ? t('auth.errors.passwordMismatch') : ' '}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
