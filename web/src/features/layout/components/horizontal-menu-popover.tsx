import List from '@mui/material/List';
import Popover from '@mui/material/Popover';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../navigation';
import { MenuEntries } from './menu-list';

/** One group of the top menu, open under its button: its entries as the side menu shows them; a choice closes it. */
export default function GroupPopover({
  group,
  anchor,
  onClose,
}: {
  group: MenuItem;
  anchor: HTMLElement;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Popover places by physical sides: under the button's start edge in either direction.
  const start = useTheme().direction === 'rtl' ? 'right' : 'left';
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: start }}
      transformOrigin={{ vertical: 'top', horizontal: start }}
      slotProps={{ paper: { sx: { minWidth: 240, maxHeight: '70vh' } } }}
    >
      <List dense sx={{ px: 1 }} aria-label={t(group.title)} data-testid={`top-menu-${group.id}`}>
        <MenuEntries items={group.children ?? []} level={0} onSelect={onClose} />
      </List>
    </Popover>
  );
}
