import { useEffect } from 'react';
import { getConfig } from '../config';
import { keepFrame } from './keep';
import type { FrameView } from './screen';

/**
 * Keeps the page as the screen's frame for the next visit, once the browser is idle after the screen
 * shows its first rows as it opens (`view`; null while loading, or once the user has changed what it shows).
 */
export function useKeptFrame(screen: string, view: FrameView | null): void {
  const locale = view?.locale;
  const pageSize = view?.pageSize;
  useEffect(() => {
    if (locale === undefined || pageSize === undefined || typeof requestIdleCallback !== 'function') return;
    const keep = () => keepFrame(screen, getConfig().apiUrl, { locale, pageSize });
    const id = requestIdleCallback(keep, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, [screen, locale, pageSize]);
}
