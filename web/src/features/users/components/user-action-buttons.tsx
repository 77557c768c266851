import Block from '@mui/icons-material/BlockOutlined';
import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Key from '@mui/icons-material/KeyOutlined';
import Logout from '@mui/icons-material/Logout';
import PhonelinkErase from '@mui/icons-material/PhonelinkEraseOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { UserAction, UserView } from '../api/users-api';

/** The user page's actions: edit, disable (not oneself) or enable, reset password, reset MFA, sign out everywhere. */
export function UserActionButtons({
  user,
  self,
  onEdit,
  act,
}: {
  user: UserView;
  self: boolean;
  onEdit: () => void;
  act: (u: UserView, action: UserAction, destructive: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button variant="contained" startIcon={<Edit />} onClick={onEdit} data-testid="edit-user">
        {t('common.edit')}
      </Button>
      {user.Status === 'active' ? (
        <Button
          color="error"
          startIcon={<Block />}
          onClick={() => act(user, 'DisableUser', true)}
          disabled={self}
          data-testid="DisableUser"
        >
          {t('users.actions.DisableUser')}
        </Button>
      ) : (
        <Button startIcon={<CheckCircle />} onClick={() => act(user, 'EnableUser', false)} data-testid="EnableUser">
          {t('users.actions.EnableUser')}
        </Button>
      )}
      <Button startIcon={<Key />} onClick={() => act(user, 'ResetUserPassword', true)} data-testid="ResetUserPassword">
        {t('users.actions.ResetUserPassword')}
      </Button>
      <Button startIcon={<PhonelinkErase />} onClick={() => act(user, 'ResetUserMfa', true)} data-testid="ResetUserMfa">
        {t('users.actions.ResetUserMfa')}
      </Button>
      <Button
        startIcon={<Logout />}
        onClick={() => act(user, 'SignOutUserEverywhere', true)}
        data-testid="SignOutUserEverywhere"
      >
        {t('users.actions.SignOutUserEverywhere')}
      </Button>
    </Stack>
  );
}
