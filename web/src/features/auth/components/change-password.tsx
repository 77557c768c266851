import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { changePassword } from '../api/cognito';
import { errorText, FormError } from './form-error';
import { NewPasswordFields } from './new-password-form';

/** Change password of the signed-in user (current + new + repeat). */
export function ChangePassword() {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  return (
    <>
      <FormError message={error} />
      <NewPasswordFields
        key={round}
        withCurrent
        busy={busy}
        submitLabel={t('auth.actions.changePassword')}
        onSubmit={async (password, current) => {
          setBusy(true);
          setError(null);
          try {
            await changePassword(current, password);
            show({ message: t('auth.hints.passwordChanged') });
            setRound((r) => r + 1);
          } catch (err) {
            setError(await errorText(err, t));
          } finally {
            setBusy(false);
          }
        }}
      />
    </>
  );
}
