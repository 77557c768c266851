import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/ui/text-input';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmailAddress } from '@server/shared/text-patterns';

/** Email + password; the submit is disabled while a request is running. */
export function PasswordForm({
  onSubmit,
  busy,
  initialEmail = '',
}: {
  onSubmit: (email: string, password: string) => Promise<void>;
  busy: boolean;
  initialEmail?: string;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const emailError = touched && !isEmailAddress(email.trim());
  const passwordError = touched && password === '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!isEmailAddress(email.trim()) || password === '') return;
    await onSubmit(email.trim(), password);
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <TextInput
        label={t('auth.fields.email')}
        name="email"
        type="email"
        value={email}
        autoComplete="username"
        autoFocus
        onChange={(e) => setEmail(e.target.value)}
        error={emailError}
        helperText={emailError ? t('validation.email') : ' '}
      />
      <TextInput
        label={t('auth.fields.password')}
        name="password"
        type="password"
        value={password}
        autoComplete="current-password"
        onChange={(e) => setPassword(e.target.value)}
        error={passwordError}
        helperText={passwordError ? t('validation.required') : ' '}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {t('auth.actions.signIn')}
      </Button>
    </Stack>
  );
}
