import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { MenuChoice } from './menu-choice';

/** The open menu of a LazyMenu: MUI's Menu, loaded with the first opening. */
export default function MenuView({
  anchor,
  onClose,
  choices,
  minWidth,
}: {
  anchor: HTMLElement;
  onClose: () => void;
  choices: readonly MenuChoice[];
  minWidth?: number;
}) {
  return (
    <Menu
      anchorEl={anchor}
      open
      onClose={onClose}
      slotProps={minWidth ? { paper: { sx: { minWidth, maxWidth: 280 } } } : undefined}
    >
      {choices.map((c) => (
        <MenuItem
          key={c.key}
          lang={c.lang}
          selected={c.selected}
          onClick={() => {
            onClose();
            void c.onChoose();
          }}
        >
          {c.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
