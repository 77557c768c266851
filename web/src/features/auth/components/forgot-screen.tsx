import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/ui/text-input';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { isEmailAddress } from '@server/shared/text-patterns';
import { finishPasswordReset, startPasswordReset } from '../api/cognito';
import { AuthCard } from './auth-card';
import { AuthDone } from './auth-done';
import { FormError } from './form-error';
import { NewPasswordFields } from './new-password-form';
import { useAuthRun } from './use-auth-run';

type Phase = 'email' | 'code' | 'done';

/** Forgot password: the email gets a verification code; the code and a new password finish it. */
export function ForgotScreen() {
  const { t, i18n } = useTranslation();
  const state = (useLocation().state ?? {}) as { email?: string };
  const [phase, setPhase] = useState<Phase>('email');
  const [email, setEmail] = useState(state.email ?? '');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const { busy, error, run } = useAuthRun();
  const emailBad = !isEmailAddress(email.trim());

  const sendCode = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (emailBad) return;
    void run(async () => setPhase((await startPasswordReset(email.trim(), i18n.language)) === 1 ? 'done' : 'code'));
  };

  return (
    <AuthCard
      title={t('auth.titles.forgot')}
      subtitle={phase === 'email' ? t('auth.hints.forgot') : undefined}
      footer={
        <Link component={RouterLink} to="/login">
          {t('auth.links.backToSignIn')}
        </Link>
      }
    >
      <FormError message={error} />
      {phase === 'email' && (
        <Stack component="form" spacing={2} onSubmit={sendCode} noValidate>
          <TextInput
            label={t('auth.fields.email')}
            name="email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="username"
            error={touched && emailBad}
            helperText={touched && emailBad ? t('validation.email') : ' '}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('auth.actions.sendCode')}
          </Button>
        </Stack>
      )}
      {phase === 'code' && (
        <Stack spacing={2}>
          <Alert severity="info">{t('auth.hints.codeSent')}</Alert>
          <TextInput
            label={t('auth.fields.verificationCode')}
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
          />
          <NewPasswordFields
            busy={busy}
            submitLabel={t('auth.actions.resetPassword')}
            onSubmit={(p) =>
              run(async () => {
                if (!code.trim()) throw new Error(t('auth.errors.codeRequired'));
                await finishPasswordReset(email.trim(), code.trim(), p);
                setPhase('done');
              })
            }
          />
        </Stack>
      )}
      {phase === 'done' && <AuthDone message={t('auth.hints.passwordReset')} />}
    </AuthCard>
  );
}
