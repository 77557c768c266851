import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/**
 * The "View: Active / Archived" choice of the lists whose deletes archive (activities, templates,
 * custom columns): archived items are seen — and restored — from here.
 */
export function ArchivedViewSelect({
  archived,
  onChange,
}: {
  archived: boolean;
  onChange: (archived: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={t('accounts.filters.view')}
      value={archived ? 'archived' : 'active'}
      name="view"
      sx={{ minWidth: 140 }}
      onChange={(e) => onChange(e.target.value === 'archived')}
    >
      <MenuItem value="active">{t('accounts.status.active')}</MenuItem>
      <MenuItem value="archived">{t('accounts.status.archived')}</MenuItem>
    </TextField>
  );
}
