import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth';
import { filterMenu } from '../menu-filter';
import type { MenuItem } from '../navigation';
import { NavCollapse } from './nav-collapse';
import { NavGroup } from './nav-group';
import { NavItem } from './nav-item';

/** Entries inside a group or collapse; an unknown type shows "Menu Items Error". */
export function MenuEntries({
  items,
  level,
  onSelect,
}: {
  items: readonly MenuItem[];
  level: number;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {items.map((it) => {
        switch (it.type) {
          case 'collapse':
            return (
              <NavCollapse key={it.id} item={it} level={level}>
                <MenuEntries items={it.children ?? []} level={level + 1} onSelect={onSelect} />
              </NavCollapse>
            );
          case 'item':
            return <NavItem key={it.id} item={it} level={level} onSelect={onSelect} />;
          default:
            return (
              <Typography key={it.id} variant="h6" color="error" align="center">
                {t('menu.itemsError')}
              </Typography>
            );
        }
      })}
    </>
  );
}

/** The whole side menu, filtered by the signed-in user's permissions. */
export function MenuList({ onSelect, items }: { onSelect: () => void; items: readonly MenuItem[] }) {
  const { t } = useTranslation();
  const session = useSession();
  const visible = useMemo(() => filterMenu(items, session?.profile), [items, session?.profile]);
  return (
    <>
      {visible.map((group, i) => (
        <Fragment key={group.id}>
          {i > 0 && <Divider sx={{ my: 1 }} />}
          {group.type === 'group' ? (
            <NavGroup item={group}>
              <MenuEntries items={group.children ?? []} level={0} onSelect={onSelect} />
            </NavGroup>
          ) : (
            <Typography variant="h6" color="error" align="center">
              {t('menu.itemsError')}
            </Typography>
          )}
        </Fragment>
      ))}
    </>
  );
}
