import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { applyDocumentLocale, i18n, setLocale } from '../i18n';
import { REDUCED_MOTION_QUERY } from './motion';
import { dropUnadoptedGlobals } from './kept-styles';
import { emotionCache } from './rtl-cache';
import { useSettings } from './settings-store';
import { buildTheme } from './theme';
import { useLocaleAndDirection } from './use-locale';

/** Theme, direction and language of the whole console, from the display settings and the company. */
export function ThemeRoot({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const { locale, rtl } = useLocaleAndDirection();
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY, { noSsr: true });
  // t changes with the language, so the labels follow it.
  const { t } = useTranslation();
  const theme = useMemo(
    () =>
      buildTheme(settings, rtl, reducedMotion, {
        close: t('common.close'),
        clear: t('common.clear'),
        open: t('common.open'),
        noOptions: t('common.noOptions'),
        loading: t('common.loading'),
      }),
    [settings, rtl, reducedMotion, t],
  );

  useEffect(() => {
    if (i18n.language !== locale) void setLocale(locale);
    applyDocumentLocale(locale);
    const dir = rtl ? 'rtl' : 'ltr';
    // Only a change is written (as applyDocumentLocale does): each write re-derives the whole page's direction.
    if (document.documentElement.dir !== dir) document.documentElement.dir = dir;
  }, [locale, rtl]);

  const cache = emotionCache(rtl);
  // Runs after the first commit's style insertions, before its paint.
  useLayoutEffect(() => dropUnadoptedGlobals(cache.key), [cache]);

  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
