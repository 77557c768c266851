import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { isEmailAddress } from '@server/shared/text-patterns';
import { confirmRegistration, register, resendCode } from '../api/cognito';
import { AuthCard } from './auth-card';
import { AuthDone } from './auth-done';
import { FormError } from './form-error';
import { RegisterCodeForm, RegisterDetailsForm } from './register-forms';
import { useAuthRun } from './use-auth-run';

type Phase = 'details' | 'confirm' | 'done';

/** Registration with email and name, then the verification code Cognito sends (with "resend"). */
export function RegisterScreen() {
  const { t } = useTranslation();
  const state = (useLocation().state ?? {}) as { email?: string; confirm?: boolean };
  const [phase, setPhase] = useState<Phase>(state.confirm ? 'confirm' : 'details');
  const [email, setEmail] = useState(state.email ?? '');
  const { busy, error, run: runStep } = useAuthRun();
  const [info, setInfo] = useState<string | null>(null);
  const run = (work: () => Promise<void>) => {
    setInfo(null);
    return runStep(work);
  };
  const emailBad = !isEmailAddress(email.trim());

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
        <RegisterDetailsForm
          email={email}
          emailBad={emailBad}
          busy={busy}
          onEmail={setEmail}
          onSubmit={(name, password) =>
            void run(async () => {
              const next = await register(email.trim(), name, password);
              setPhase(next === 'DONE' ? 'done' : 'confirm');
            })
          }
        />
      )}
      {phase === 'confirm' && (
        <RegisterCodeForm
          email={email}
          emailBad={emailBad}
          busy={busy}
          onEmail={setEmail}
          onSubmit={(code) =>
            void run(async () => {
              await confirmRegistration(email.trim(), code);
              setPhase('done');
            })
          }
          onResend={() =>
            void run(async () => {
              await resendCode(email.trim());
              setInfo(t('auth.hints.codeResent'));
            })
          }
        />
      )}
      {phase === 'done' && <AuthDone message={t('auth.hints.registered')} />}
    </AuthCard>
  );
}
