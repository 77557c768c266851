import { useSyncExternalStore } from 'react';
import { isLocale, type Locale } from '../locale';
import { readJson, writeJson } from '../storage';

/** Display settings, saved in localStorage. */
export type PresetColor = 'theme_bs' | 'default' | 'theme1' | 'theme2' | 'theme3' | 'theme4' | 'theme5' | 'theme6';
export const PRESET_COLORS: readonly PresetColor[] = [
  'theme_bs',
  'default',
  'theme1',
  'theme2',
  'theme3',
  'theme4',
  'theme5',
  'theme6',
];

/** The menu on wide screens: the side drawer, or a bar of drop-down menus under the top bar. */
export type MenuType = 'vertical' | 'horizontal';
export const MENU_TYPES: readonly MenuType[] = ['vertical', 'horizontal'];

export interface DisplaySettings {
  fontFamily: string;
  borderRadius: number;
  outlinedFilled: boolean;
  mode: 'light' | 'dark';
  presetColor: PresetColor;
  /** The user's own choice; null until they choose (the company's default applies). */
  locale: Locale | null;
  /** null: follows the locale (Hebrew is right-to-left); true or false: the user's forced direction. */
  rtl: boolean | null;
  gridPageSize: number;
  /** Whether the drawer opens by default on wide screens. */
  drawerOpen: boolean;
  /** On wide screens only: a phone keeps the drawer either way. */
  menuType: MenuType;
}

export const DEFAULT_SETTINGS: DisplaySettings = {
  fontFamily: `'Roboto', 'Heebo', 'Segoe UI', 'Arial', sans-serif`,
  borderRadius: 8,
  outlinedFilled: true,
  mode: 'light',
  // Bootstrap's palette for new settings; a stored 'default' (the former default) stays as it is.
  presetColor: 'theme_bs',
  locale: null,
  rtl: null,
  gridPageSize: 10,
  drawerOpen: true,
  menuType: 'vertical',
};

const KEY = 'settings';
type Listener = () => void;
const listeners = new Set<Listener>();
let current: DisplaySettings = load();

function load(): DisplaySettings {
  const stored = typeof localStorage === 'undefined' ? null : readJson<Partial<DisplaySettings>>(KEY);
  const merged = { ...DEFAULT_SETTINGS, ...(stored ?? {}) };
  if (!isLocale(merged.locale)) merged.locale = null;
  if (!PRESET_COLORS.includes(merged.presetColor)) merged.presetColor = DEFAULT_SETTINGS.presetColor;
  if (!(merged.gridPageSize > 0)) merged.gridPageSize = DEFAULT_SETTINGS.gridPageSize;
  if (!MENU_TYPES.includes(merged.menuType)) merged.menuType = DEFAULT_SETTINGS.menuType;
  if (typeof merged.rtl !== 'boolean') merged.rtl = null;
  return merged;
}

export function getSettings(): DisplaySettings {
  return current;
}

export function updateSettings(patch: Partial<DisplaySettings>): void {
  current = { ...current, ...patch };
  writeJson(KEY, current);
  listeners.forEach((l) => l());
}

/** Choosing a language also sets the direction it reads in. */
export function chooseLocale(locale: Locale): void {
  updateSettings({ locale, rtl: null });
}

/** Re-reads localStorage (tests; another tab). */
export function reloadSettings(): void {
  current = load();
  listeners.forEach((l) => l());
}

function subscribe(l: Listener) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useSettings(): DisplaySettings {
  return useSyncExternalStore(subscribe, getSettings, getSettings);
}
