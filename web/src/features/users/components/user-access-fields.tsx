import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMainAccounts } from '../api/users-queries';
import { FormTextField } from '../../../lib/forms/form-text-field';
import { PERMISSION_IDS, ROLE_IDS, type UserForm } from './user-form';

interface FieldProps {
  control: Control<UserForm>;
  labelOf: (field: string) => string;
}

/** The role; choosing one hands its preset permissions to `onRole`. */
export function UserRoleField({ control, labelOf, onRole }: FieldProps & { onRole: (roleId: number) => void }) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      select
      fullWidth
      name="roleId"
      label={labelOf('roleId')}
      parse={Number}
      onChanged={(v) => onRole(Number(v))}
      slotProps={{ htmlInput: { 'data-testid': 'user-role' } }}
    >
      {ROLE_IDS.map((r) => (
        <MenuItem key={r} value={r}>
          {t(`roles.${r}`)}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

/** The permissions as checkboxes (the role's preset fills them; each may then be changed). */
export function UserPermissionsField({ control, labelOf }: FieldProps) {
  const { t } = useTranslation();
  return (
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
  );
}

/** Account access: all accounts, or the main accounts chosen. */
export function UserAccountsField({ control, labelOf }: FieldProps) {
  const { t } = useTranslation();
  const allAccounts = useWatch({ control, name: 'allAccounts' });
  const accounts = useMainAccounts();
  const options = accounts.data ?? [];
  return (
    <>
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
    </>
  );
}

/** "System administrator", offered only to a system administrator. */
export function UserSystemAdminField({ control, labelOf }: FieldProps) {
  return (
    <Controller
      control={control}
      name="isSystemAdmin"
      render={({ field }) => (
        <FormControlLabel
          label={labelOf('isSystemAdmin')}
          control={
            <Checkbox name="isSystemAdmin" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
          }
        />
      )}
    />
  );
}
