import { callApi, setNetworkFailureHandler } from './api-client';
import { getSession } from './auth';

let reporting = false;

/**
 * MainService.CrashSend: render errors (error boundary), unhandled errors and network failures.
 * Best effort: a report that fails is only logged, and a report never reports itself.
 */
export async function reportCrash(error: unknown, info = '', componentStack = ''): Promise<void> {
  console.error(error);
  if (reporting || !getSession()) return;
  reporting = true;
  try {
    const e = error instanceof Error ? error : new Error(String(error));
    await callApi('MainService', 'CrashSend', {
      Error: `${e.name}: ${e.message}`.slice(0, 4000),
      Info: (info || e.stack || '').slice(0, 16000),
      ComponentStack: componentStack.slice(0, 16000),
      Url: window.location.href.slice(0, 2000),
    });
  } catch (err) {
    console.warn('CrashSend failed', err);
  } finally {
    reporting = false;
  }
}

/** Installs the global reporters once at start-up. */
export function installCrashReporting(): void {
  setNetworkFailureHandler((route, err) => {
    // Report after the network is back: a queued report for the failed call.
    const retry = () => void reportCrash(err, `Network failure calling ${route}`);
    if (navigator.onLine === false) window.addEventListener('online', retry, { once: true });
    else setTimeout(retry, 2000);
  });
  window.addEventListener('error', (e) => void reportCrash(e.error ?? e.message, 'window.onerror'));
  window.addEventListener('unhandledrejection', (e) => {
    if ((e.reason as Error)?.name === 'ApiError') return;
    void reportCrash(e.reason, 'unhandledrejection');
  });
}
