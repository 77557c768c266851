import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CHANNEL_GROUPS } from '../api/channel-types-api';

export type ActiveFilter = 'all' | 'active' | 'inactive';

/** The free-text filter above both channel-type lists. */
export function QuickSearchField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('accounts.filters.quick')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      name="quick"
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** One group or any. */
export function GroupFilterField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={t('channelTypes.fields.Group')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      name="group"
      sx={{ minWidth: 150 }}
    >
      <MenuItem value="">{t('channelTypes.anyGroup')}</MenuItem>
      {CHANNEL_GROUPS.map((g) => (
        <MenuItem key={g} value={g}>
          {t(`channelTypes.groups.${g}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Active, inactive or both (the account's copies only). */
export function ActiveFilterField({ value, onChange }: { value: ActiveFilter; onChange: (v: ActiveFilter) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={t('channelTypes.fields.Active')}
      value={value}
      onChange={(e) => onChange(e.target.value as ActiveFilter)}
      name="active"
      sx={{ minWidth: 150 }}
    >
      {(['all', 'active', 'inactive'] as const).map((v) => (
        <MenuItem key={v} value={v}>
          {t(`channelTypes.activeFilter.${v}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
