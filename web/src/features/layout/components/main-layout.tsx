import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loader } from '../../../components/ui/loader';
import { StatementFooter } from '../../../components/ui/statement-links';
import { useSnackbarInset } from '../../../components/ui/snackbar';
import { getSettings, useSettings } from '../../../lib/display/settings-store';
import type { Navigation } from '../navigation';
import { AppDrawer, DRAWER_WIDTH } from './app-drawer';
import { Breadcrumbs } from './breadcrumbs';
import { TopBar } from './top-bar';

/**
 * The menu in a bar under the top bar is a display setting few choose (the drawer is the default):
 * its code is not in every signed-in screen's start-up JavaScript. Where it is chosen it loads
 * alongside the layout rather than after it.
 */
const loadHorizontalMenu = () => import('./horizontal-menu').then((m) => ({ default: m.HorizontalMenu }));
if (getSettings().menuType === 'horizontal') void loadHorizontalMenu();
const HorizontalMenu = lazy(loadHorizontalMenu);

/**
 * The signed-in layout: top bar, side drawer, breadcrumbs, the screen, the footer; scrolls to top on
 * each route. The menu and the screens' titles are the features' (`navigation`, from the app). On wide
 * screens the display settings' menu type may put the menu in a bar under the top bar instead of the
 * drawer; below md the drawer stays, whatever the setting.
 */
export function MainLayout({ navigation }: { navigation: Navigation }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const settings = useSettings();
  const topMenu = wide && settings.menuType === 'horizontal';
  const [open, setOpen] = useState(wide && settings.drawerOpen);
  const { pathname } = useLocation();

  // The drawer's default comes from the display settings and is re-applied when the screen size changes.
  useEffect(() => {
    setOpen(wide && settings.drawerOpen);
  }, [wide, settings.drawerOpen]);

  // Messages appear past the open drawer, not over its foot (the user menu and the version).
  useSnackbarInset(wide && open && !topMenu ? DRAWER_WIDTH : 0);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar
        onToggleDrawer={() => setOpen((o) => !o)}
        slots={navigation.appBar}
        topMenu={
          topMenu ? (
            <Suspense fallback={null}>
              <HorizontalMenu items={navigation.menu} />
            </Suspense>
          ) : undefined
        }
      />
      {!topMenu && <AppDrawer menu={navigation.menu} open={open} persistent={wide} onClose={() => setOpen(false)} />}
      {/* The screen, and under it the footer with the statements' links (a landmark of its own, outside main). */}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, md: 3 } }}>
          <Toolbar />
          {topMenu && <Toolbar variant="dense" />}
          <Breadcrumbs navigation={navigation} />
          <Suspense fallback={<Loader />}>
            <Outlet />
          </Suspense>
        </Box>
        <StatementFooter sx={{ pt: 0 }} />
      </Box>
    </Box>
  );
}
