import { createTheme, type Theme } from '@mui/material/styles';
import type { DisplaySettings, PresetColor } from './settings-store';

/** Primary/secondary of each preset colour (default + theme1–6). */
const PRESETS: Record<PresetColor, { primary: string; secondary: string }> = {
  default: { primary: '#2196f3', secondary: '#673ab7' },
  theme1: { primary: '#203461', secondary: '#ec407a' },
  theme2: { primary: '#607d8b', secondary: '#009688' },
  theme3: { primary: '#16595a', secondary: '#c77e23' },
  theme4: { primary: '#173e43', secondary: '#3fb0ac' },
  theme5: { primary: '#0a2342', secondary: '#ff5722' },
  theme6: { primary: '#2a5a5b', secondary: '#d28e44' },
};

export function buildTheme(settings: DisplaySettings, rtl: boolean): Theme {
  const preset = PRESETS[settings.presetColor] ?? PRESETS.default;
  return createTheme({
    direction: rtl ? 'rtl' : 'ltr',
    palette: {
      mode: settings.mode,
      primary: { main: preset.primary },
      secondary: { main: preset.secondary },
      background: settings.mode === 'light' ? { default: '#eef2f6' } : undefined,
    },
    shape: { borderRadius: settings.borderRadius },
    typography: { fontFamily: settings.fontFamily },
    components: {
      MuiTextField: { defaultProps: { variant: settings.outlinedFilled ? 'outlined' : 'standard', size: 'small' } },
      // Labels as the catalogues write them (sentence case): Hebrew has no capitals, so MUI's
      // upper-casing made English buttons shout where Hebrew ones did not.
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    },
  });
}
