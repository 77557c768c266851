import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useCallback } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { inviteUserInput, updateUserInput } from '@server/modules/users/schemas';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useSession } from '../../../lib/auth';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import { useMainAccounts } from '../api/users-queries';
import { PERMISSION_IDS, ROLE_IDS, ROLE_PRESETS, toInvite, toUpdate, type UserForm } from './user-form';

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
  const allAccounts = useWatch({ control, name: 'allAccounts' });
  const accounts = useMainAccounts();
  const options = accounts.data ?? [];

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
          <FormTextField
            control={control}
            select
            fullWidth
            name="roleId"
            label={labelOf('roleId')}
            parse={Number}
            onChanged={(v) => setValue('permissions', [...(ROLE_PRESETS[Number(v)] ?? [])], { shouldDirty: true })}
            slotProps={{ htmlInput: { 'data-testid': 'user-role' } }}
          >
            {ROLE_IDS.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`roles.${r}`)}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="permissions"
            render={({ field, fieldState }) => (
              <>
                <FormLabel component="legend">{labelOf('permissions')}</FormLabel>
                <FormGroup row data-testid="user-permissions">
                  {PERMISSION_IDS.map((p) => (
                    <FormControlLabel
                      key={p}
                      label={t(`users.permissions.${p}`)}
                      control={
                        <Checkbox
                          size="small"
                          name={`permission-${p}`}
                          checked={field.value.includes(p)}
                          onChange={(e) =>
                            field.onChange(
                              e.target.checked ? [...field.value, p] : field.value.filter((x: number) => x !== p),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
              </>
            )}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="allAccounts"
            render={({ field }) => (
              <FormControlLabel
                label={t('users.fields.allAccounts')}
                control={
                  <Switch name="allAccounts" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                }
              />
            )}
          />
          {!allAccounts && (
            <Controller
              control={control}
              name="accounts"
              render={({ field, fieldState }) => (
                <Autocomplete
                  multiple
                  options={options.map((a) => a.ID)}
                  value={field.value}
                  loading={accounts.isPending}
                  getOptionLabel={(id) => options.find((a) => a.ID === id)?.Name ?? String(id)}
                  onChange={(_e, v) => field.onChange(v)}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      name="accounts"
                      label={labelOf('accounts')}
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message ?? t('users.accountsHint')}
                    />
                  )}
                />
              )}
            />
          )}
        </Grid>
        {session?.profile.IsSystemAdmin && (
          <Grid size={12}>
            <Controller
              control={control}
              name="isSystemAdmin"
              render={({ field }) => (
                <FormControlLabel
                  label={labelOf('isSystemAdmin')}
                  control={
                    <Checkbox
                      name="isSystemAdmin"
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                    />
                  }
                />
              )}
            />
          </Grid>
        )}
      </Grid>
    </FormDialog>
  );
}
