import { lazy, Suspense } from 'react';
import type { MenuChoice } from './menu-choice';

/**
 * A pop-up menu whose code (MUI's Menu, its list, popover and transitions) loads when it first opens:
 * the app bar's menus are on every signed-in screen but opened rarely (the console's JavaScript
 * budget).
 * Choosing an entry closes the menu, then runs it.
 */
const MenuView = lazy(() => import('./menu-view'));

export function LazyMenu({
  anchor,
  onClose,
  choices,
  minWidth,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  choices: readonly MenuChoice[];
  minWidth?: number;
}) {
  if (!anchor) return null;
  return (
    <Suspense fallback={null}>
      <MenuView anchor={anchor} onClose={onClose} choices={choices} minWidth={minWidth} />
    </Suspense>
  );
}
