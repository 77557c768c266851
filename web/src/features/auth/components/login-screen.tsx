import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { homePathFor } from '../../../lib/auth';
import { answerChallenge, passwordSignIn, type SignInStep } from '../api/cognito';
import { completeSignIn } from '../api/log-in';
import { AuthCard } from './auth-card';
import { CodeForm } from './code-form';
import { errorText, FormError } from './form-error';
import { NewPasswordFields } from './new-password-form';
import { PasswordForm } from './password-form';

/** The QR code library loads only when Cognito asks for authenticator-app setup. */
const TotpSetup = lazy(() => import('./totp-setup').then((m) => ({ default: m.TotpSetup })));

type Step =
  | { kind: 'password' }
  | { kind: 'newPassword' }
  | { kind: 'totpSetup'; secret: string; uri: string }
  | { kind: 'totpCode' };

/**
 * Sign-in: password, then whatever Cognito asks for (a new password, authenticator-app setup, or a
 * TOTP code), then AuthService.LogInByAws. Users without MFA land on their profile to turn it on.
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(await errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  /** Moves to the screen the next Cognito step needs; DONE finishes the sign-in. */
  const follow = async (next: SignInStep, viaCode: boolean, username = email): Promise<void> => {
    switch (next.signInStep) {
      case 'DONE': {
        const session = await completeSignIn(username, viaCode);
        navigate(homePathFor(session), { replace: true });
        return;
      }
      case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
        return setStep({ kind: 'newPassword' });
      case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
        return setStep({
          kind: 'totpSetup',
          secret: next.totpSetupDetails.sharedSecret,
          uri: next.totpSetupDetails.getSetupUri('Mixdesk', username).toString(),
        });
      case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
        return setStep({ kind: 'totpCode' });
      case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
        return follow(await answerChallenge('TOTP'), viaCode, username);
      case 'CONFIRM_SIGN_UP':
        navigate('/register', { state: { email: username, confirm: true } });
        return;
      case 'RESET_PASSWORD':
        navigate('/forgot', { state: { email: username } });
        return;
      default:
        throw new Error(t('auth.errors.unsupportedStep', { step: next.signInStep }));
    }
  };

  const titles: Record<Step['kind'], string> = {
    password: t('auth.titles.signIn'),
    newPassword: t('auth.titles.newPassword'),
    totpSetup: t('auth.titles.totpSetup'),
    totpCode: t('auth.titles.totpCode'),
  };
  /** A wrong code answers "MFA failed: {reason}". */
  const verifyCode = (code: string) =>
    run(async () => {
      let next: SignInStep;
      try {
        next = await answerChallenge(code);
      } catch (err) {
        throw new Error(t('auth.errors.mfaFailed', { reason: await errorText(err, t) }));
      }
      await follow(next, true);
    });

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
