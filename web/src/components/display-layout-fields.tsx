import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MENU_TYPES, updateSettings, useSettings, type DisplaySettings } from '../lib/display/settings-store';

type Direction = 'auto' | 'ltr' | 'rtl';
const DIRECTIONS: readonly Direction[] = ['auto', 'ltr', 'rtl'];
const directionOf = (rtl: DisplaySettings['rtl']): Direction => (rtl === null ? 'auto' : rtl ? 'rtl' : 'ltr');
const rtlOf = (d: Direction): DisplaySettings['rtl'] => (d === 'auto' ? null : d === 'rtl');

/**
 * The layout's display settings: the menu type (side drawer or top menu, on wide screens) and the
 * text direction (the language's own unless forced either way; choosing a language follows it again).
 */
export function DisplayLayoutFields() {
  const { t } = useTranslation();
  const s = useSettings();
  return (
    <>
      <TextField
        select
        label={t('settings.menuType')}
        value={s.menuType}
        name="menuType"
        helperText={t('settings.menuTypeHint')}
        onChange={(e) => updateSettings({ menuType: e.target.value as DisplaySettings['menuType'] })}
      >
        {MENU_TYPES.map((m) => (
          <MenuItem key={m} value={m}>
            {t(`settings.menuTypes.${m}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('settings.direction')}
        value={directionOf(s.rtl)}
        name="direction"
        onChange={(e) => updateSettings({ rtl: rtlOf(e.target.value as Direction) })}
      >
        {DIRECTIONS.map((d) => (
          <MenuItem key={d} value={d}>
            {t(`settings.directions.${d}`)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
