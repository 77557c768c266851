import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import Collapse from '@mui/material/Collapse';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { containsPath } from '../menu-filter';
import type { MenuItem } from '../navigation';
import { NavEntryButton } from './nav-entry';
import { PlainIcon } from '../../../components/ui/plain-icon';

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
      <NavEntryButton
        level={level}
        icon={<PlainIcon of={Icon} />}
        primary={t(item.title)}
        end={<PlainIcon of={open ? ExpandLess : ExpandMore} size="medium" />}
        onClick={() => setOpen((o) => !o)}
        expanded={open}
      />
      <Collapse in={open} timeout="auto" unmountOnExit>
        <div>{children}</div>
      </Collapse>
    </>
  );
}
