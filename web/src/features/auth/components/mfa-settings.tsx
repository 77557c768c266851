import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateSession, useSession } from '../../../lib/auth';
import { useSnackbar } from '../../../components/ui/snackbar';
import { beginTotpSetup, disableTotp, finishTotpSetup } from '../api/cognito';
import { FormError } from './form-error';
import { TotpSetup } from './totp-setup';
import { refreshProfile } from '../api/log-in';
import { useAuthRun } from './use-auth-run';
import { useTotpEnabled } from './use-totp-enabled';

/** Turns authenticator-app (TOTP) two-factor sign-in on or off for the signed-in user. */
export function MfaSettings() {
  const { t } = useTranslation();
  const session = useSession();
  const { show } = useSnackbar();
  const [enabled, setEnabled] = useTotpEnabled();
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const { busy, error, run } = useAuthRun();
  /** The company requires MFA: it cannot be turned off here, and turning it on unlocks the API. */
  const required = session?.profile.MfaRequired === true;

  if (enabled === null) return <CircularProgress size={24} aria-label={t('common.loading')} />;

  return (
    <Stack spacing={2} data-testid="mfa-settings">
      <Typography variant="body1" data-testid="mfa-status">
        {enabled ? t('profile.mfa.on') : t('profile.mfa.off')}
      </Typography>
      <FormError message={error} />
      {!enabled && !setup && (
        <>
          <Alert severity="warning" data-testid="mfa-advice">
            {t(required ? 'profile.mfa.required' : 'profile.mfa.recommend')}
          </Alert>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => run(async () => setSetup(await beginTotpSetup(session?.profile.Email ?? '')))}
            data-testid="mfa-enable"
          >
            {t('profile.mfa.enable')}
          </Button>
        </>
      )}
      {!enabled && setup && (
        <TotpSetup
          secret={setup.secret}
          uri={setup.uri}
          busy={busy}
          onCode={(code) =>
            run(
              async () => {
                await finishTotpSetup(code);
                // The API learns of MFA at sign-in: where the company requires it, sign in to the API again.
                if (required) await refreshProfile();
                setSetup(null);
                setEnabled(true);
                updateSession({ mfa: true });
                show({ message: t('profile.mfa.enabled') });
              },
              (reason) => t('auth.errors.mfaFailed', { reason }),
            )
          }
        />
      )}
      {enabled && !required && (
        <Button
          variant="outlined"
          color="warning"
          disabled={busy}
          data-testid="mfa-disable"
          onClick={() =>
            run(async () => {
              await disableTotp();
              setEnabled(false);
              updateSession({ mfa: false });
              show({ message: t('profile.mfa.disabled') });
            })
          }
        >
          {t('profile.mfa.disable')}
        </Button>
      )}
    </Stack>
  );
}
