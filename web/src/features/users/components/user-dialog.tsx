import Grid from '@mui/material/Grid';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { inviteUserInput, updateUserInput } from '@server/modules/users/schemas';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useSession } from '../../../lib/auth';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import { UserAccountsField, UserPermissionsField, UserRoleField, UserSystemAdminField } from './user-access-fields';
import { ROLE_PRESETS, toInvite, toUpdate, type UserForm } from './user-form';

/** Both dialogs are checked by their route's own schema (InviteUser's and UpdateUser's `user`). */
const fieldOf = (path: string) => (path.startsWith('accountAccess') ? 'accounts' : path.split('.')[0]);
export const INVITE_FORM: RouteForm<UserForm> = {
  schema: inviteUserInput,
  toInput: toInvite,
  inputKey: 'user',
  fieldOf,
};
export const UPDATE_FORM: RouteForm<UserForm> = {
  schema: updateUserInput,
  toInput: toUpdate,
  inputKey: 'user',
  fieldOf,
};

/**
 * Invite a user (no `initial.sub`), or change one: name, role (its preset fills the permissions,
 * which may then be changed), permissions, account access (all, or chosen main accounts). Only a
 * system administrator sees "system administrator". The server refuses what the caller may not
 * grant (CANNOT_GRANT…), and its message is shown.
 */
export function UserDialog({
  initial,
  onSave,
  onClose,
}: {
  initial: UserForm;
  onSave: (f: UserForm) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const editing = !!initial.sub;
  const labelOf = useCallback((field: string) => t(`users.fields.${field}`), [t]);
  const { control, submitWith, setValue } = useRouteForm(editing ? UPDATE_FORM : INVITE_FORM, {
    defaultValues: initial,
    labelOf,
  });

  return (
    <FormDialog
      id="user-dialog"
      title={t(editing ? 'users.dialog.edit' : 'users.dialog.invite')}
      maxWidth="sm"
      onSubmit={submitWith(onSave)}
      onClose={onClose}
      submitLabel={editing ? undefined : t('users.actions.sendInvite')}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        {!editing && (
          <Grid size={12}>
            <FormTextField
              control={control}
              fullWidth
              required
              autoFocus
              name="email"
              label={labelOf('email')}
              type="email"
              slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, 'data-testid': 'user-email' } }}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            fullWidth
            required
            name="name"
            label={labelOf('name')}
            autoFocus={editing}
            slotProps={{ htmlInput: { 'data-testid': 'user-name' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <UserRoleField
            control={control}
            labelOf={labelOf}
            onRole={(r) => setValue('permissions', [...(ROLE_PRESETS[r] ?? [])], { shouldDirty: true })}
          />
        </Grid>
        <Grid size={12}>
          <UserPermissionsField control={control} labelOf={labelOf} />
        </Grid>
        <Grid size={12}>
          <UserAccountsField control={control} labelOf={labelOf} />
        </Grid>
        {session?.profile.IsSystemAdmin && (
          <Grid size={12}>
            <UserSystemAdminField control={control} labelOf={labelOf} />
          </Grid>
        )}
      </Grid>
    </FormDialog>
  );
}
