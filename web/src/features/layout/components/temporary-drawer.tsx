import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';

/** The drawer below md: MUI's temporary Drawer, over the screen, closed by a choice or a click outside. */
export default function TemporaryDrawer({
  open,
  onClose,
  width,
  label,
  children,
}: {
  open: boolean;
  onClose: () => void;
  width: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      variant="temporary"
      anchor="left"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{ '& .MuiDrawer-paper': { width, boxSizing: 'border-box', borderRight: 'none' } }}
      slotProps={{ paper: { 'aria-label': label } as object }}
    >
      {children}
    </Drawer>
  );
}
