import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Pill } from '../../../components/ui/pill';
import { useSession } from '../../../lib/auth';
import { APP_VERSION } from '../../../lib/version';
import { containsPath, filterMenu } from '../menu-filter';
import type { MenuItem } from '../navigation';

/** A group's entries open in a pop-over, whose code (MUI's Popover and Modal) loads with the first opening. */
const GroupPopover = lazy(() => import('./horizontal-menu-popover'));

/**
 * The top menu (display setting "menu type": horizontal, wide screens only): the menu's groups as
 * buttons in a bar under the top bar, each opening its entries (the side menu's own, with their
 * locks, badges and permissions); the group holding the current screen is marked. The version,
 * which the drawer's foot shows otherwise, sits at its end.
 */
export function HorizontalMenu({ items }: { items: readonly MenuItem[] }) {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const visible = useMemo(() => filterMenu(items, session?.profile), [items, session?.profile]);
  const [open, setOpen] = useState<{ id: string; anchor: HTMLElement } | null>(null);
  const openGroup = open ? visible.find((g) => g.id === open.id) : undefined;
  return (
    <Toolbar
      variant="dense"
      component="nav"
      aria-label={t('layout.navigation')}
      data-testid="top-menu"
      sx={{ gap: 0.5, borderTop: 1, borderColor: 'divider', overflowX: 'auto' }}
    >
      {visible.map((g) => {
        const current = containsPath(g, pathname) || (!!g.url && g.url === pathname);
        const common = {
          color: current ? ('primary' as const) : ('inherit' as const),
          'data-menu-group': g.id,
          'aria-current': current ? ('page' as const) : undefined,
          sx: { flexShrink: 0, fontWeight: current ? 700 : 500 },
        };
        if (g.type !== 'group' && g.url)
          return (
            <Button key={g.id} {...common} component={RouterLink} to={g.url}>
              {t(g.title)}
            </Button>
          );
        return (
          <Button
            key={g.id}
            {...common}
            endIcon={<ExpandMore />}
            aria-haspopup="true"
            aria-expanded={open?.id === g.id}
            onClick={(e) => setOpen({ id: g.id, anchor: e.currentTarget })}
          >
            {t(g.title)}
          </Button>
        );
      })}
      <Box sx={{ flexGrow: 1 }} />
      <Pill label={`${t('layout.versionNum')} ${APP_VERSION}`} data-testid="version-chip" />
      {open && openGroup && (
        <Suspense fallback={null}>
          <GroupPopover group={openGroup} anchor={open.anchor} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Toolbar>
  );
}
