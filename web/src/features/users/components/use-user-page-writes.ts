import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiError } from '../../../components/ui/use-api-error';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { useSnackbar } from '../../../components/ui/snackbar';
import { updateUser, userAction, type UserAction, type UserView } from '../api/users-api';
import { usersChanged } from '../api/users-queries';
import { toUpdate, type UserForm } from './user-form';

/**
 * The user page's writes: the edit dialog's form and its save, the confirmed actions, and the
 * temporary password a reset answers.
 */
export function useUserPageWrites() {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const showError = useApiError();
  const run = useConfirmedAction();
  const [editing, setEditing] = useState<UserForm | null>(null);
  const [password, setPassword] = useState<string | null>(null);
  const reload = () => void usersChanged();

  const save = async (form: UserForm) => {
    try {
      await updateUser(toUpdate(form));
      show({ message: t('snackbar.saved') });
      setEditing(null);
      reload();
    } catch (err) {
      showError(err, {
        fallback: t('snackbar.saveFailed'),
        reload: () => {
          setEditing(null);
          reload();
        },
      });
      throw err;
    }
  };

  const act = (u: UserView, action: UserAction, destructive: boolean) =>
    run({
      confirm: {
        title: t(`users.confirm.${action}.title`),
        message: t(`users.confirm.${action}.message`, { name: u.Name, email: u.Email }),
        confirmLabel: t(`users.actions.${action}`),
        destructive,
      },
      action: () => userAction(action, u),
      success: t(`users.done.${action}`, { name: u.Name }),
      failure: t('users.actionFailed'),
      reload,
      done: (result) => {
        // ResetUserPassword answers the new temporary password: shown once, to pass on.
        if ('TemporaryPassword' in result) setPassword(result.TemporaryPassword);
        reload();
      },
    });

  return { editing, setEditing, password, setPassword, save, act };
}
