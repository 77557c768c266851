import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { containsPath } from '../menu-filter';
import type { MenuItem } from '../navigation';
import { touchTarget } from '../../../lib/display/touch';

/** An expandable entry; it opens by itself when the current path is one of its children. */
export function NavCollapse({ item, level, children }: { item: MenuItem; level: number; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => containsPath(item, pathname));
  useEffect(() => {
    if (containsPath(item, pathname)) setOpen(true);
  }, [item, pathname]);
  const Icon = item.icon ?? FolderOutlined;
  return (
    <>
      <ListItemButton
        sx={{ borderRadius: 1, mb: 0.5, pl: 1.5 + level * 1.5, ...touchTarget }}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t(item.title)} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List component="div" disablePadding>
          {children}
        </List>
      </Collapse>
    </>
  );
}
