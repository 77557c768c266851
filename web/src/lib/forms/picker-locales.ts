import { enUS as pickersEn, frFR, heIL, roRO, zhCN as pickersZh } from '@mui/x-date-pickers/locales';
import type { Locale as DateFnsLocale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { fr } from 'date-fns/locale/fr';
import { he } from 'date-fns/locale/he';
import { ro } from 'date-fns/locale/ro';
import { zhCN } from 'date-fns/locale/zh-CN';
import type { Locale } from '../locale';

type PickerTexts = typeof pickersEn.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * The date pickers' calendar words (date-fns) and their own texts (MUI X: toolbar, buttons, aria
 * labels) in each console language. Only the pickers' chunks import this, never the shell.
 */
export const PICKER_LOCALES: Record<Locale, { adapter: DateFnsLocale; texts: PickerTexts }> = {
  he: { adapter: he, texts: heIL.components.MuiLocalizationProvider.defaultProps.localeText },
  en: { adapter: enUS, texts: pickersEn.components.MuiLocalizationProvider.defaultProps.localeText },
  fr: { adapter: fr, texts: frFR.components.MuiLocalizationProvider.defaultProps.localeText },
  ro: { adapter: ro, texts: roRO.components.MuiLocalizationProvider.defaultProps.localeText },
  zh: { adapter: zhCN, texts: pickersZh.components.MuiLocalizationProvider.defaultProps.localeText },
};

/** The pickers' locale of a console language (English for anything else). */
export const pickerLocale = (locale: string) => PICKER_LOCALES[locale as Locale] ?? PICKER_LOCALES.en;
