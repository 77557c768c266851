import { useEffect } from 'react';
import { getConfig } from '../config';
import { keepFrame } from './keep';
import { callKey, type FrameScreen, type FrameView } from './screen';

/**
 * Keeps the page as the screen's frame for the next visit, once the browser is idle after the screen
 * shows its first rows as it opens (`view`; null while loading, or once the user has changed what it
 * shows), for the call the screen makes at this address (none when the address is not one it draws).
 */
export function useKeptFrame(screen: FrameScreen, view: FrameView | null): void {
  const locale = view?.locale;
  const pageSize = view?.pageSize;
  useEffect(() => {
    if (locale === undefined || pageSize === undefined || typeof requestIdleCallback !== 'function') return;
    const keep = () => {
      const call = screen.call(window.location);
      if (call) keepFrame(screen.id, getConfig().apiUrl, { locale, pageSize }, callKey(call));
    };
    const id = requestIdleCallback(keep, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, [screen, locale, pageSize]);
}
