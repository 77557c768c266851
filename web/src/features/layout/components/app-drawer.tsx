import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { DrawerFooter } from './drawer-footer';
import type { MenuItem } from '../navigation';
import { MenuList } from './menu-list';

export const DRAWER_WIDTH = 260;

/** The side drawer: persistent at md and above, temporary below (SPEC §2). */
export function AppDrawer({ menu, open, persistent, onClose }: { menu: readonly MenuItem[]; open: boolean; persistent: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const onSelect = () => { if (!persistent) onClose(); };
  return (
    <Drawer
      variant={persistent ? 'persistent' : 'temporary'}
      anchor="left"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{ width: persistent && open ? DRAWER_WIDTH : 0, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', borderRight: 'none' } }}
      slotProps={{ paper: { 'aria-label': t('layout.navigation') } as object }}
    >
      <Toolbar />
      <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, overflowY: 'auto', pt: 1 }} data-testid="side-menu">
        <MenuList items={menu} onSelect={onSelect} />
        <DrawerFooter onSelect={onSelect} />
      </Box>
    </Drawer>
  );
}
