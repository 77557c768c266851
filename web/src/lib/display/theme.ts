import { createTheme, type Theme } from '@mui/material/styles';
import { FADE_MS, REDUCED_MOTION_QUERY, SLIDE_MS } from './motion';
import { TOUCH_MEDIA } from './touch';
import { dataRowStyles } from './data-row-styles';
import { FIELD_BORDER, fieldStyles } from './field-styles';
import { gridFrameStyles } from './grid-frame-styles';
import { navEntryStyles } from './nav-entry-styles';
import type { DisplaySettings, PresetColor } from './settings-store';

type Pair = { primary: string; secondary: string };

/**
 * Primary/secondary of each preset, one pair per mode: a colour that reads on white reads poorly
 * on the dark background, so dark mode takes a lighter shade of the same hue. Every shade meets
 * WCAG AA as text on the backgrounds and under its contrast text (contrast.test.ts computes it).
 */
export const PRESETS: Record<PresetColor, { light: Pair; dark: Pair }> = {
  // Bootstrap's blue and grey, a shade darker than #0d6efd / #6c757d, which fall short on the grey background.
  theme_bs: { light: { primary: '#0a58ca', secondary: '#5c636a' }, dark: { primary: '#6ea8fe', secondary: '#adb5bd' } },
  default: { light: { primary: '#1565c0', secondary: '#673ab7' }, dark: { primary: '#90caf9', secondary: '#b39ddb' } },
  theme1: { light: { primary: '#203461', secondary: '#ad1457' }, dark: { primary: '#9fa8da', secondary: '#f48fb1' } },
  theme2: { light: { primary: '#455a64', secondary: '#00796b' }, dark: { primary: '#b0bec5', secondary: '#80cbc4' } },
  theme3: { light: { primary: '#16595a', secondary: '#8d5a19' }, dark: { primary: '#6fb7b8', secondary: '#e0a25a' } },
  theme4: { light: { primary: '#173e43', secondary: '#1f6e6b' }, dark: { primary: '#7fb5bb', secondary: '#5cc4c0' } },
  theme5: { light: { primary: '#0a2342', secondary: '#bf360c' }, dark: { primary: '#90b4e0', secondary: '#ff8a65' } },
  theme6: { light: { primary: '#2a5a5b', secondary: '#8a5a22' }, dark: { primary: '#80b8b9', secondary: '#e0a868' } },
};

export { FIELD_BORDER } from './field-styles';

/** WCAG AA for text: MUI picks the dark or light text on a coloured surface by this ratio (its default, 3, is too low). */
const AA_TEXT = 4.5;

/** The names MUI gives its own buttons (an alert's close, an autocomplete's clear and open), in the user's language. */
export interface MuiLabels {
  close: string;
  clear: string;
  open: string;
  noOptions: string;
  loading: string;
}

/**
 * The console's theme from the display settings. `reducedMotion`: the user asked the system for
 * less motion, so transitions end at once (MUI's own, and the console's styles through the
 * baseline's media rule). `labels`: MUI's own button names, translated (MUI writes them in English).
 */
export function buildTheme(settings: DisplaySettings, rtl: boolean, reducedMotion = false, labels?: MuiLabels): Theme {
  const preset = (PRESETS[settings.presetColor] ?? PRESETS.default)[settings.mode];
  const light = settings.mode === 'light';
  return createTheme({
    direction: rtl ? 'rtl' : 'ltr',
    motion: { reducedMotion: reducedMotion ? 'always' : 'system' },
    palette: {
      mode: settings.mode,
      contrastThreshold: AA_TEXT,
      primary: { main: preset.primary },
      secondary: { main: preset.secondary },
      // MUI's status colours as text fall short of 4.5:1 on the grey background (light) and on
      // raised paper (dark: menus, dialogs): the next shades.
      ...(light
        ? {
            error: { main: '#c62828' },
            warning: { main: '#a54b00' },
            info: { main: '#01579b' },
            success: { main: '#1b5e20' },
            // Toggle buttons write their labels in it: MUI's 54% black is 4.48:1 on the grey page.
            action: { active: 'rgba(0, 0, 0, 0.6)' },
          }
        : { error: { main: '#f28b82' } }),
      // Spread, not `background: undefined`: that would replace dark mode's own backgrounds with nothing.
      ...(light && { background: { default: '#eef2f6' } }),
    },
    shape: { borderRadius: settings.borderRadius },
    typography: { fontFamily: settings.fontFamily },
    transitions: reducedMotion ? { create: () => 'none', getAutoHeightDuration: () => 0 } : undefined,
    components: {
      MuiTextField: { defaultProps: { variant: settings.outlinedFilled ? 'outlined' : 'standard', size: 'small' } },
      // Labels as the catalogues write them (sentence case): Hebrew has no capitals, so MUI's
      // upper-casing made English buttons shout where Hebrew ones did not.
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
      MuiOutlinedInput: { styleOverrides: { notchedOutline: { borderColor: FIELD_BORDER[settings.mode] } } },
      MuiInput: { styleOverrides: { underline: { '&::before': { borderBottomColor: FIELD_BORDER[settings.mode] } } } },
      MuiButtonBase: { defaultProps: { disableRipple: reducedMotion } },
      MuiDialog: { defaultProps: { transitionDuration: FADE_MS } },
      // Menus keep MUI's Grow (a fade with a touch of scale) at the fade's timings: Fade as their
      // transition would put it, and its transition code, in the first chunk every route loads.
      MuiMenu: { defaultProps: { transitionDuration: FADE_MS } },
      MuiPopover: { defaultProps: { transitionDuration: FADE_MS } },
      MuiSnackbar: { defaultProps: { transitionDuration: SLIDE_MS } },
      MuiCssBaseline: { styleOverrides: baselineStyles },
      ...(labels && {
        MuiAlert: { defaultProps: { closeText: labels.close } },
        MuiAutocomplete: {
          defaultProps: {
            clearText: labels.clear,
            closeText: labels.close,
            openText: labels.open,
            noOptionsText: labels.noOptions,
            loadingText: labels.loading,
          },
        },
      }),
    },
  });
}

/**
 * A focus ring on whatever the keyboard reaches (MUI's own focus ripple is faint), and the
 * console's own CSS transitions and animations off when the system asks for less motion.
 */
const baselineStyles = (theme: Theme) => ({
  '.MuiButtonBase-root.Mui-focusVisible, a:focus-visible, [tabindex="0"]:focus-visible': {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: 2,
  },
  // A table row's plain icon links and buttons (components/ui/row-icon.tsx), shaped as MUI's small IconButton.
  '.row-icon': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    verticalAlign: 'middle',
    boxSizing: 'border-box',
    width: 34,
    height: 34,
    padding: 0,
    border: 0,
    borderRadius: '50%',
    background: 'transparent',
    color: theme.palette.action.active,
    cursor: 'pointer',
    fontSize: 20,
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    '&:disabled': { color: theme.palette.action.disabled, backgroundColor: 'transparent', cursor: 'default' },
    [TOUCH_MEDIA]: { minWidth: 44, minHeight: 44 },
  },
  ...navEntryStyles(theme),
  ...dataRowStyles(theme),
  ...gridFrameStyles(theme),
  ...fieldStyles(theme),
  // An icon drawn as a plain SVG (components/ui/plain-icon.tsx), as MUI's SvgIcon draws one.
  '.plain-icon': {
    userSelect: 'none',
    width: '1em',
    height: '1em',
    display: 'inline-block',
    flexShrink: 0,
    fill: 'currentColor',
    transition: theme.transitions.create('fill', { duration: theme.transitions.duration.shorter }),
  },
  '.plain-icon-small': { fontSize: theme.typography.pxToRem(20) },
  '.plain-icon-medium': { fontSize: theme.typography.pxToRem(24) },
  '.plain-icon-inherit': { fontSize: 'inherit' },
  // Full-width items sit in scrolling lists that would clip a ring drawn outside them.
  '.MuiMenuItem-root.Mui-focusVisible, .MuiListItemButton-root.Mui-focusVisible': { outlineOffset: -2 },
  [`@media ${REDUCED_MOTION_QUERY}`]: {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
});
