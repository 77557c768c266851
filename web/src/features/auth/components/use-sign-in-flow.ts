import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homePathFor } from '../../../lib/auth';
import { answerChallenge, totpSetupUri, type SignInStep } from '../api/cognito';
import { completeSignIn } from '../api/log-in';
import { errorText } from './form-error';

export type LoginStep =
  | { kind: 'password' }
  | { kind: 'newPassword' }
  | { kind: 'totpSetup'; secret: string; uri: string }
  | { kind: 'totpCode' };

/**
 * The sign-in's way through Cognito's steps: the screen each step needs, DONE finishing the
 * sign-in (AuthService.LogInByAws) and leaving for the user's home; a TOTP code's check.
 */
export function useSignInFlow(run: (work: () => Promise<void>) => Promise<void>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<LoginStep>({ kind: 'password' });
  const [email, setEmail] = useState('');

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
          uri: totpSetupUri(next.totpSetupDetails, username),
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

  return { step, setEmail, follow, verifyCode };
}
