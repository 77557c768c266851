import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAfterFirstPaint } from '../../../lib/display/after-first-paint';
import { DrawerFooter } from './drawer-footer';
import type { MenuItem } from '../navigation';
import { MenuList } from './menu-list';

export const DRAWER_WIDTH = 260;

/** Below md the drawer is MUI's temporary one (a modal over the screen), loaded only there. */
const TemporaryDrawer = lazy(() => import('./temporary-drawer'));

/**
 * The side drawer: persistent at md and above, temporary below. The persistent one is a
 * fixed panel that slides out of the way (at the screen's start: left, or right in Hebrew): MUI's
 * Drawer would bring its Modal, focus trap, backdrop and transitions to every screen at desktop
 * widths, where they are never used (~4.5 kB gzip; the console's JavaScript budget).
 */
export function AppDrawer({
  menu,
  open,
  persistent,
  onClose,
}: {
  menu: readonly MenuItem[];
  open: boolean;
  persistent: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const entries = useAfterFirstPaint();
  const onSelect = () => {
    if (!persistent) onClose();
  };
  const content = (
    <>
      <Toolbar />
      <Box
        sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, overflowY: 'auto', pt: 1 }}
        data-testid="side-menu"
      >
        {entries && (
          <>
            <MenuList items={menu} onSelect={onSelect} />
            <DrawerFooter onSelect={onSelect} />
          </>
        )}
      </Box>
    </>
  );
  if (!persistent) {
    return (
      <Suspense fallback={null}>
        <TemporaryDrawer open={open} onClose={onClose} width={DRAWER_WIDTH} label={t('layout.navigation')}>
          {content}
        </TemporaryDrawer>
      </Suspense>
    );
  }
  return (
    <Box
      sx={(theme) => ({
        width: open ? DRAWER_WIDTH : 0,
        flexShrink: 0,
        transition: theme.transitions.create('width', { duration: theme.transitions.duration.enteringScreen }),
      })}
    >
      <Box
        component="nav"
        aria-label={t('layout.navigation')}
        aria-hidden={!open}
        inert={!open}
        sx={(theme) => ({
          position: 'fixed',
          top: 0,
          bottom: 0,
          insetInlineStart: 0,
          width: DRAWER_WIDTH,
          zIndex: theme.zIndex.drawer,
          display: 'flex',
          flexDirection: 'column',
          bgcolor: 'background.paper',
          overflowY: 'auto',
          visibility: open ? 'visible' : 'hidden',
          transform: open ? 'none' : theme.direction === 'rtl' ? 'translateX(100%)' : 'translateX(-100%)',
          transition: theme.transitions.create(['transform', 'visibility'], {
            duration: theme.transitions.duration.enteringScreen,
          }),
        })}
      >
        {content}
      </Box>
    </Box>
  );
}
