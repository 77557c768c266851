import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/ui/text-input';
import { MIN_PASSWORD_LENGTH } from './new-password-form';

/** Registration's first step: email, name and password, each checked here before Cognito is asked. */
export function RegisterDetailsForm({
  email,
  emailBad,
  busy,
  onEmail,
  onSubmit,
}: {
  email: string;
  emailBad: boolean;
  busy: boolean;
  onEmail: (email: string) => void;
  onSubmit: (name: string, password: string) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (emailBad || !name.trim() || password.length < MIN_PASSWORD_LENGTH) return;
    onSubmit(name.trim(), password);
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <TextInput
        label={t('auth.fields.email')}
        name="email"
        type="email"
        value={email}
        onChange={(e) => onEmail(e.target.value)}
        autoComplete="email"
        error={touched && emailBad}
        helperText={touched && emailBad ? t('validation.email') : ' '}
      />
      <TextInput
        label={t('auth.fields.name')}
        name="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoComplete="name"
        error={touched && !name.trim()}
        helperText={touched && !name.trim() ? t('auth.errors.nameRequired') : ' '}
      />
      <TextInput
        label={t('auth.fields.password')}
        name="password"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoComplete="new-password"
        error={touched && password.length < MIN_PASSWORD_LENGTH}
        helperText={
          touched && password.length < MIN_PASSWORD_LENGTH
            ? t('auth.errors.passwordShort', { count: MIN_PASSWORD_LENGTH })
            : ' '
        }
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {t('auth.actions.register')}
      </Button>
    </Stack>
  );
}

/** Registration's second step: the code Cognito sent to the email, and "resend". */
export function RegisterCodeForm({
  email,
  emailBad,
  busy,
  onEmail,
  onSubmit,
  onResend,
}: {
  email: string;
  emailBad: boolean;
  busy: boolean;
  onEmail: (email: string) => void;
  onSubmit: (code: string) => void;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!code.trim()) return;
    onSubmit(code.trim());
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <TextInput label={t('auth.fields.email')} name="email" value={email} onChange={(e) => onEmail(e.target.value)} />
      <TextInput
        label={t('auth.fields.verificationCode')}
        name="code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        error={touched && !code.trim()}
        helperText={touched && !code.trim() ? t('validation.required') : t('auth.hints.codeSent')}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {t('auth.actions.confirm')}
      </Button>
      <Button disabled={busy || emailBad} onClick={onResend}>
        {t('auth.actions.resendCode')}
      </Button>
    </Stack>
  );
}
