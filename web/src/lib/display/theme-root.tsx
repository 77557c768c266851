import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo, type ReactNode } from 'react';
import { applyDocumentLocale, i18n, setLocale } from '../i18n';
import { emotionCache } from './rtl-cache';
import { useSettings } from './settings-store';
import { buildTheme } from './theme';
import { useLocaleAndDirection } from './use-locale';

/** Theme, direction and language of the whole console, from the display settings and the company. */
export function ThemeRoot({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const { locale, rtl } = useLocaleAndDirection();
  const theme = useMemo(() => buildTheme(settings, rtl), [settings, rtl]);

  useEffect(() => {
    if (i18n.language !== locale) void setLocale(locale);
    applyDocumentLocale(locale);
    document.documentElement.dir = rtl ? 'rtl' : 'ltr';
  }, [locale, rtl]);

  return (
    <CacheProvider value={emotionCache(rtl)}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
