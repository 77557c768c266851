import type { Theme } from '@mui/material/styles';
import { contrast, over } from '../../testing/contrast';
import { DEFAULT_SETTINGS, PRESET_COLORS } from './settings-store';
import { buildTheme, FIELD_BORDER } from './theme';

/**
 * WCAG 2.2 AA contrast of every preset in light and dark mode, from the theme the console builds:
 * text 4.5:1 (1.4.3), the parts of controls and the focus ring 3:1 (1.4.11). Disabled controls have
 * no requirement (1.4.3 exempts inactive components) and are not checked.
 */
const TEXT = 4.5;
const UI = 3;
const COLOURS = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

/** The surfaces text sits on: the page, paper, and in dark mode paper raised (cards 1, menus 8, dialogs 24). */
function surfaces(theme: Theme): Record<string, string> {
  const { background, mode } = theme.palette;
  const out: Record<string, string> = { page: background.default, paper: background.paper };
  if (mode === 'dark')
    for (const e of [1, 8, 24]) {
      const alpha = Math.round((4.5 * Math.log(e + 1) + 2) * 10) / 1000;
      out[`paper at elevation ${e}`] = over(`rgba(255, 255, 255, ${alpha})`, background.paper);
    }
  return out;
}

/** Every pair below its minimum, as "what on what: ratio < minimum". */
function failures(theme: Theme): string[] {
  const p = theme.palette;
  const bad: string[] = [];
  const need = (what: string, fg: string, bg: string, min: number) => {
    const r = contrast(fg, bg);
    if (r < min) bad.push(`${what}: ${r.toFixed(2)} < ${min}`);
  };
  for (const [name, bg] of Object.entries(surfaces(theme))) {
    need(`text.primary on ${name}`, p.text.primary, bg, TEXT);
    need(`text.secondary on ${name}`, p.text.secondary, bg, TEXT);
    need(`action.active (toggle buttons' labels) on ${name}`, p.action.active, bg, TEXT);
    // Links, text and outlined buttons, helper and status text are written in these colours.
    for (const c of COLOURS) need(`${c}.main as text on ${name}`, p[c].main, bg, TEXT);
    need(`focus ring on ${name}`, p.primary.main, bg, UI);
    need(`field border on ${name}`, FIELD_BORDER[p.mode], bg, UI);
  }
  for (const c of COLOURS) need(`${c}.contrastText on ${c}.main`, p[c].contrastText, p[c].main, TEXT);
  need('focus ring on primary.main (a contained button)', p.primary.contrastText, p.primary.main, UI);
  return bad;
}

describe('every colour preset meets WCAG AA contrast', () => {
  const cases = PRESET_COLORS.flatMap((preset) => (['light', 'dark'] as const).map((mode) => [preset, mode] as const));

  it.each(cases)('%s in %s mode', (presetColor, mode) => {
    const theme = buildTheme({ ...DEFAULT_SETTINGS, presetColor, mode }, false);
    expect(failures(theme)).toEqual([]);
  });

  it('the check fails on a colour below AA (MUI blue 500 under white text)', () => {
    const theme = buildTheme(DEFAULT_SETTINGS, false);
    const weak = { ...theme, palette: { ...theme.palette, primary: { ...theme.palette.primary, main: '#2196f3' } } };
    expect(failures(weak as Theme)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^primary\.contrastText on primary\.main: 3\.\d+ < 4\.5$/)]),
    );
  });

  it('Bootstrap is the default preset of new settings', () => {
    expect(DEFAULT_SETTINGS.presetColor).toBe('theme_bs');
    expect(PRESET_COLORS[0]).toBe('theme_bs');
  });

  it('reads the ratios as WCAG defines them', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrast('rgba(0, 0, 0, 0.87)', '#ffffff')).toBeGreaterThan(15);
  });
});
