import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { applyDocumentDirection, applyDocumentLanguage, i18n, setLocale } from '../i18n';
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
  // The labels follow the language. Not `t` itself: it changes too whenever a feature's strings are
  // added, and a new theme re-renders and restyles every component of the page (on a first load, just
  // as the screen's rows arrive); the labels are in the language's first catalogue.
  const { t, i18n: strings } = useTranslation();
  const language = strings.language;
  const theme = useMemo(
    () =>
      buildTheme(settings, rtl, reducedMotion, {
        close: t('common.close'),
        clear: t('common.clear'),
        open: t('common.open'),
        noOptions: t('common.noOptions'),
        loading: t('common.loading'),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `language` stands for `t`, see above
    [settings, rtl, reducedMotion, language],
  );

  useEffect(() => {
    // `lang` turns when the language's strings are in (setLocale), not before: a screen reader would
    // read the old strings in the new language. The direction is the theme's from this frame on.
    if (i18n.language !== locale) void setLocale(locale);
    else applyDocumentLanguage(locale);
    applyDocumentDirection(rtl);
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
