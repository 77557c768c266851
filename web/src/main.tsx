import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { wireAuthBackend } from './app/auth-backend';
import { warmRoute } from './app/early-route';
import { FEATURES } from './app/features';
import { createAppRouter, routerReady } from './app/router';
import { loadConfig } from './lib/config';
import { installCrashReporting, reportCrash } from './lib/crash';
import { getSession } from './lib/auth';
import { dropEarly } from './lib/first-frame/early-call';
import { applyDocumentDirection, i18n, setLocale } from './lib/i18n';
import { getSettings } from './lib/display/settings-store';
import { effectiveLocale, effectiveRtl } from './lib/display/use-locale';

const root = createRoot(document.getElementById('root') as HTMLElement, {
  // Render errors, with the component stack, go to MainService.CrashSend.
  onCaughtError: (error, info) => void reportCrash(error, 'render error (caught)', info.componentStack ?? ''),
  onUncaughtError: (error, info) => void reportCrash(error, 'render error (uncaught)', info.componentStack ?? ''),
});

installCrashReporting();
wireAuthBackend();

// The configuration and the first language's catalogue load side by side before the first render,
// and the call of the screen being opened leaves before it.
const config = loadConfig();
const settings = getSettings();
const firstLocale = effectiveLocale(settings, getSession()?.profile.Company?.DefaultLocale);
// The page's direction before the first frame; the theme root keeps it from then on.
applyDocumentDirection(effectiveRtl(settings, firstLocale));
const locale = setLocale(firstLocale);
Promise.all([config, locale, warmRoute(FEATURES, window.location, config)])
  .then(() => {
    const router = createAppRouter();
    return routerReady(router).then(() => {
      dropEarly();
      root.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      );
    });
  })
  .catch((err: Error) => {
    console.error(err);
    const box = document.createElement('p');
    box.setAttribute('role', 'alert');
    box.style.cssText = 'font-family:sans-serif;padding:2rem';
    box.textContent = `${i18n.t('errors.configMissing')} (${err.message})`;
    document.getElementById('root')?.replaceChildren(box);
  });
