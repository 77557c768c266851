import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { containsPath } from '../menu-filter';
import type { MenuItem } from '../navigation';
import { NavEntryButton } from './nav-entry';
import { PlainIcon } from '../../../components/ui/plain-icon';

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
    <nav aria-labelledby={headingId} className="nav-group" data-menu-group={item.id}>
      <NavEntryButton
        heading
        textId={headingId}
        primary={t(item.title)}
        secondary={item.caption ? t(item.caption) : undefined}
        end={<PlainIcon of={open ? ExpandLess : ExpandMore} />}
        onClick={() => setOpen((o) => !o)}
        expanded={open}
      />
      <Collapse in={open} timeout="auto">
        {children}
      </Collapse>
    </nav>
  );
}
