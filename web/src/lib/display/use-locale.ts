import { useSession } from '../auth';
import { DEFAULT_LOCALE, isLocale, isRtlLocale, type Locale } from '../locale';
import { useSettings, type DisplaySettings } from './settings-store';

/** The user's saved choice, else the company's default locale, else Hebrew. */
export function effectiveLocale(settings: Pick<DisplaySettings, 'locale'>, companyLocale?: string | null): Locale {
  if (settings.locale) return settings.locale;
  if (isLocale(companyLocale)) return companyLocale;
  return DEFAULT_LOCALE;
}

export function effectiveRtl(settings: Pick<DisplaySettings, 'rtl'>, locale: string): boolean {
  return settings.rtl ?? isRtlLocale(locale);
}

export function useLocaleAndDirection(): { locale: Locale; rtl: boolean } {
  const settings = useSettings();
  const session = useSession();
  const locale = effectiveLocale(settings, session?.profile.Company?.DefaultLocale);
  return { locale, rtl: effectiveRtl(settings, locale) };
}
