import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import LockOutlined from '@mui/icons-material/LockOutlined';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Pill } from '../../../components/ui/pill';
import { touchTarget } from '../../../lib/display/touch';
import type { MenuItem } from '../navigation';

const isCurrent = (url: string | undefined, pathname: string) =>
  !!url && pathname.toLowerCase().replace(/\/+$/, '') === url.toLowerCase().replace(/\/+$/, '');

/** One menu entry. A locked entry shows a lock and does not navigate. */
export function NavItem({ item, level, onSelect }: { item: MenuItem; level: number; onSelect: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const Icon = item.icon ?? FiberManualRecord;
  const selected = isCurrent(item.url, pathname);
  const text = (
    <>
      <ListItemIcon sx={{ minWidth: 36 }}>
        <Icon fontSize={item.icon ? 'small' : 'inherit'} />
      </ListItemIcon>
      <ListItemText primary={t(item.title)} secondary={item.caption ? t(item.caption) : undefined} />
      {item.locked && (
        <LockOutlined fontSize="small" color="disabled" data-testid="menu-lock" aria-label={t('menu.locked')} />
      )}
      {item.chip && <Pill label={t(item.chip.label)} color={item.chip.color ?? 'default'} />}
      {item.badge && (
        <Suspense fallback={null}>
          <item.badge />
        </Suspense>
      )}
    </>
  );
  // 36 px high with a mouse; 44 where fingers tap.
  const sx = { borderRadius: 1, mb: 0.5, pl: 1.5 + level * 1.5, ...touchTarget };

  if (item.locked || item.disabled || !item.url) {
    return (
      <ListItemButton
        sx={sx}
        disabled={item.disabled}
        aria-disabled="true"
        data-menu-id={item.id}
        onClick={(e) => e.preventDefault()}
      >
        {text}
      </ListItemButton>
    );
  }
  if (item.external) {
    return (
      <ListItemButton
        sx={sx}
        component="a"
        href={item.url}
        target={item.target ? '_blank' : '_self'}
        rel="noreferrer"
        data-menu-id={item.id}
        onClick={onSelect}
      >
        {text}
      </ListItemButton>
    );
  }
  return (
    <ListItemButton
      sx={sx}
      component={RouterLink}
      to={item.url}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      data-menu-id={item.id}
      onClick={onSelect}
    >
      {text}
    </ListItemButton>
  );
}
