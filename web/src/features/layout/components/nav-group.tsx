import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { containsPath } from '../menu-filter';
import type { MenuItem } from '../navigation';

/** A titled section of the menu; it (re)opens when the current path is inside it. */
export function NavGroup({ item, children }: { item: MenuItem; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (containsPath(item, pathname)) setOpen(true);
  }, [item, pathname]);
  const headingId = `menu-group-${item.id}`;
  return (
    <List component="nav" aria-labelledby={headingId} dense sx={{ px: 1 }} data-menu-group={item.id}>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open} sx={{ borderRadius: 1 }}>
        <ListItemText
          id={headingId}
          primary={t(item.title)}
          secondary={item.caption ? t(item.caption) : undefined}
          slotProps={{ primary: { variant: 'subtitle2', sx: { fontWeight: 600 } } }}
        />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto">
        {children}
      </Collapse>
    </List>
  );
}
