import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/ui/text-input';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { isEmailAddress } from '@server/shared/text-patterns';
import { confirmRegistration, register, resendCode } from '../api/cognito';
import { AuthCard } from './auth-card';
import { errorText, FormError } from './form-error';
import { MIN_PASSWORD_LENGTH } from './new-password-form';

type Phase = 'details' | 'confirm' | 'done';

/** Registration with email and name, then the verification code Cognito sends (with "resend"). */
export function RegisterScreen() {
  const { t } = useTranslation();
  const state = (useLocation().state ?? {}) as { email?: string; confirm?: boolean };
  const [phase, setPhase] = useState<Phase>(state.confirm ? 'confirm' : 'details');
  const [email, setEmail] = useState(state.email ?? '');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setInfo(null);
    try {
      await work();
    } catch (err) {
      setError(await errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const emailBad = !isEmailAddress(email.trim());
  const submitDetails = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (emailBad || !name.trim() || password.length < MIN_PASSWORD_LENGTH) return;
    void run(async () => {
      const next = await register(email.trim(), name.trim(), password);
      setTouched(false);
      setPhase(next === 'DONE' ? 'done' : 'confirm');
    });
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!code.trim()) return;
    void run(async () => {
      await confirmRegistration(email.trim(), code.trim());
      setPhase('done');
    });
  };

  return (
    <AuthCard
      title={t(
        phase === 'details'
          ? 'auth.titles.register'
          : phase === 'confirm'
            ? 'auth.titles.confirmRegistration'
            : 'auth.titles.registered',
      )}
      footer={
        <Link component={RouterLink} to="/login">
          {t('auth.links.haveAccount')}
        </Link>
      }
    >
      <FormError message={error} />
      {info && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {info}
        </Alert>
      )}
      {phase === 'details' && (
        <Stack component="form" spacing={2} onSubmit={submitDetails} noValidate>
          <TextInput
            label={t('auth.fields.email')}
            name="email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
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
      )}
      {phase === 'confirm' && (
        <Stack component="form" spacing={2} onSubmit={submitCode} noValidate>
          <TextInput
            label={t('auth.fields.email')}
            name="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
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
          <Button
            disabled={busy || emailBad}
            onClick={() =>
              run(async () => {
                await resendCode(email.trim());
                setInfo(t('auth.hints.codeResent'));
              })
            }
          >
            {t('auth.actions.resendCode')}
          </Button>
        </Stack>
      )}
      {phase === 'done' && (
        <Stack spacing={2}>
          <Alert severity="success">{t('auth.hints.registered')}</Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('auth.actions.signIn')}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
