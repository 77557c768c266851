import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { answerChallenge, passwordSignIn } from '../api/cognito';
import { AuthCard } from './auth-card';
import { CodeForm } from './code-form';
import { FormError } from './form-error';
import { NewPasswordFields } from './new-password-form';
import { PasswordForm } from './password-form';
import { useAuthRun } from './use-auth-run';
import { useSignInFlow, type LoginStep } from './use-sign-in-flow';

/** The QR code library loads only when Cognito asks for authenticator-app setup. */
const TotpSetup = lazy(() => import('./totp-setup').then((m) => ({ default: m.TotpSetup })));

/**
 * Sign-in: password, then whatever Cognito asks for (a new password, authenticator-app setup, or a
 * TOTP code), then AuthService.LogInByAws. Users without MFA land on their profile to turn it on.
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const { busy, error, run } = useAuthRun();
  const { step, setEmail, follow, verifyCode } = useSignInFlow(run);

  const titles: Record<LoginStep['kind'], string> = {
    password: t('auth.titles.signIn'),
    newPassword: t('auth.titles.newPassword'),
    totpSetup: t('auth.titles.totpSetup'),
    totpCode: t('auth.titles.totpCode'),
  };

  return (
    <AuthCard
      title={titles[step.kind]}
      footer={
        step.kind === 'password' ? (
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Link component={RouterLink} to="/forgot">
              {t('auth.links.forgot')}
            </Link>
            <Link component={RouterLink} to="/register">
              {t('auth.links.register')}
            </Link>
          </Stack>
        ) : undefined
      }
    >
      <FormError message={error} />
      {step.kind === 'password' && (
        <PasswordForm
          busy={busy}
          onSubmit={(e, p) =>
            run(async () => {
              setEmail(e);
              await follow(await passwordSignIn(e, p), false, e);
            })
          }
        />
      )}
      {step.kind === 'newPassword' && (
        <NewPasswordFields
          busy={busy}
          submitLabel={t('auth.actions.setPassword')}
          onSubmit={(p) => run(async () => follow(await answerChallenge(p), false))}
        />
      )}
      {step.kind === 'totpSetup' && (
        <Suspense fallback={<CircularProgress size={24} />}>
          <TotpSetup secret={step.secret} uri={step.uri} busy={busy} onCode={verifyCode} />
        </Suspense>
      )}
      {step.kind === 'totpCode' && <CodeForm busy={busy} onCode={verifyCode} />}
    </AuthCard>
  );
}
