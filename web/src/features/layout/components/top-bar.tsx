import MenuIcon from '@mui/icons-material/Menu';
import MoreVert from '@mui/icons-material/MoreVert';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LazyMenu } from '../../../components/ui/lazy-menu';
import { signOut } from '../../../lib/auth';
import { TOUCH_MEDIA } from '../../../lib/display/touch';
import type { AppBarSlot } from '../navigation';
import { CompanyMark } from './company-mark';
import { LanguageMenu } from './language-menu';

/** One lazy component per slot loader, made once (a new lazy() each render would remount it). */
const lazySlots = new WeakMap<AppBarSlot, LazyExoticComponent<ComponentType>>();
const lazySlot = (load: AppBarSlot) => {
  let c = lazySlots.get(load);
  if (!c) {
    c = lazy(() => load().then((C) => ({ default: C })));
    lazySlots.set(load, c);
  }
  return c;
};

/** The features' app-bar widgets; each shows once it has loaded (nothing in its place meanwhile). */
function AppBarSlots({ slots }: { slots: readonly AppBarSlot[] }) {
  return (
    <>
      {slots.map((load, i) => {
        const Slot = lazySlot(load);
        return (
          <Suspense key={i} fallback={null}>
            <Slot />
          </Suspense>
        );
      })}
    </>
  );
}

/**
 * Top bar: menu toggle, home link, company logo or name (hidden on small screens), the features' widgets
 * (the bell), language menu, small-screen menu. With the top menu (`topMenu`, wide screens) there is
 * no drawer: no toggle, the profile and logout menu at every width, and the menu as its second row.
 */
export function TopBar({
  onToggleDrawer,
  slots = [],
  topMenu,
}: {
  onToggleDrawer: () => void;
  slots?: readonly AppBarSlot[];
  topMenu?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [more, setMore] = useState<HTMLElement | null>(null);
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}
    >
      {/* Where fingers tap, each of the bar's buttons is a 44 px target. */}
      <Toolbar sx={{ [TOUCH_MEDIA]: { '& .MuiIconButton-root, & .MuiButton-root': { minWidth: 44, minHeight: 44 } } }}>
        {!topMenu && (
          <IconButton
            edge="start"
            onClick={onToggleDrawer}
            aria-label={t('layout.toggleMenu')}
            data-testid="drawer-toggle"
            sx={{ mr: 1 }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Link
          component={RouterLink}
          to="/accounts/list"
          underline="none"
          variant="h6"
          sx={{ fontWeight: 700, mr: 2 }}
          aria-label={`${t('app.name')} — ${t('layout.home')}`}
        >
          {t('app.name')}
        </Link>
        <CompanyMark />
        <Box sx={{ flexGrow: 1 }} />
        <AppBarSlots slots={slots} />
        <LanguageMenu />
        <IconButton
          sx={{ display: { xs: 'inline-flex', md: topMenu ? 'inline-flex' : 'none' } }}
          onClick={(e) => setMore(e.currentTarget)}
          aria-label={t('layout.more')}
          aria-haspopup="menu"
        >
          <MoreVert />
        </IconButton>
        <LazyMenu
          anchor={more}
          onClose={() => setMore(null)}
          choices={[
            {
              key: 'profile',
              label: t('layout.userProfile'),
              onChoose: () => navigate('/user/account-profile/profile2'),
            },
            {
              key: 'logout',
              label: t('layout.logout'),
              onChoose: async () => {
                await signOut();
                navigate('/login', { replace: true });
              },
            },
          ]}
        />
      </Toolbar>
      {topMenu}
    </AppBar>
  );
}
