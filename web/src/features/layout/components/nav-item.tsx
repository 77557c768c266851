import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Pill } from '../../../components/ui/pill';
import type { MenuItem } from '../navigation';
import { NavEntryAnchor, NavEntryButton, NavEntryLink } from './nav-entry';
import { PlainIcon } from '../../../components/ui/plain-icon';

const isCurrent = (url: string | undefined, pathname: string) =>
  !!url && pathname.toLowerCase().replace(/\/+$/, '') === url.toLowerCase().replace(/\/+$/, '');

/** One menu entry. A locked entry shows a lock and does not navigate. */
export function NavItem({ item, level, onSelect }: { item: MenuItem; level: number; onSelect: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const Icon = item.icon ?? FiberManualRecord;
  const entry = {
    level,
    icon: <PlainIcon of={Icon} size={item.icon ? 'small' : 'inherit'} />,
    primary: t(item.title),
    secondary: item.caption ? t(item.caption) : undefined,
    'data-menu-id': item.id,
    end: (
      <>
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
    ),
  };

  if (item.locked || item.disabled || !item.url)
    return <NavEntryButton {...entry} locked disabled={item.disabled} onClick={() => undefined} />;
  if (item.external) return <NavEntryAnchor {...entry} href={item.url} newTab={!!item.target} onClick={onSelect} />;
  return <NavEntryLink {...entry} to={item.url} current={isCurrent(item.url, pathname)} onClick={onSelect} />;
}
