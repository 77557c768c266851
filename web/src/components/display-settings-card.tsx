import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SETTINGS, PRESET_COLORS, updateSettings, useSettings } from '../lib/display/settings-store';
import { DisplayLayoutFields } from './display-layout-fields';

const FONTS = [DEFAULT_SETTINGS.fontFamily, `'Inter', sans-serif`, `'Poppins', sans-serif`];

/** Display settings: theme mode, preset colour, font, border radius, outlined fields, drawer. */
export function DisplaySettingsCard() {
  const { t } = useTranslation();
  const s = useSettings();
  return (
    <Card>
      <CardHeader title={t('settings.title')} />
      <CardContent>
        <Stack spacing={2}>
          <SettingSwitch
            name="darkMode"
            label={t('settings.darkMode')}
            checked={s.mode === 'dark'}
            onChange={(checked) => updateSettings({ mode: checked ? 'dark' : 'light' })}
          />
          <TextField
            select
            label={t('settings.presetColor')}
            value={s.presetColor}
            name="presetColor"
            onChange={(e) => updateSettings({ presetColor: e.target.value as typeof s.presetColor })}
          >
            {PRESET_COLORS.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`settings.presets.${c}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('settings.font')}
            value={s.fontFamily}
            name="fontFamily"
            onChange={(e) => updateSettings({ fontFamily: e.target.value })}
          >
            {FONTS.map((f, i) => (
              <MenuItem key={f} value={f}>
                {t(`settings.fonts.${i}`)}
              </MenuItem>
            ))}
          </TextField>
          <div>
            <Typography variant="body2" id="radius-label">
              {t('settings.borderRadius')}
            </Typography>
            <Slider
              value={s.borderRadius}
              min={0}
              max={24}
              step={2}
              valueLabelDisplay="auto"
              aria-labelledby="radius-label"
              onChange={(_, v) => updateSettings({ borderRadius: v as number })}
            />
          </div>
          <SettingSwitch
            name="outlined"
            label={t('settings.outlined')}
            checked={s.outlinedFilled}
            onChange={(checked) => updateSettings({ outlinedFilled: checked })}
          />
          <DisplayLayoutFields />
          <SettingSwitch
            name="drawerOpen"
            label={t('settings.drawerOpen')}
            checked={s.drawerOpen}
            onChange={(checked) => updateSettings({ drawerOpen: checked })}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A setting that is on or off, as a labelled switch. */
function SettingSwitch({
  name,
  label,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} name={name} />}
      label={label}
    />
  );
}
