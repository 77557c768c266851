import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export type PillColor = 'default' | 'primary' | 'secondary' | 'error';

/**
 * A small rounded label or count: the menu's chips and counts, the version in the drawer, the bell's
 * unread count. MUI's Chip (and Badge) would do, at ~3.7 kB gzip on every signed-in screen for
 * what is a styled span here (the console's JavaScript budget); screens that need a chip's delete or
 * click behaviour still use Chip.
 */
export function Pill({
  label,
  color = 'default',
  overlay = false,
  ...rest
}: {
  label: ReactNode;
  color?: PillColor;
  /** Sits on the top end corner of its parent (which is `position: relative`), as a badge does on an icon. */
  overlay?: boolean;
  'data-testid'?: string;
  'aria-label'?: string;
  /** A count that changes: a kept frame of the page leaves it out (lib/first-frame). */
  'data-frame-volatile'?: '';
}) {
  return (
    <Box
      component="span"
      {...rest}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
        minWidth: 20,
        height: 20,
        px: 0.75,
        borderRadius: 10,
        fontSize: '0.75rem',
        fontWeight: 500,
        lineHeight: 1,
        whiteSpace: 'nowrap',
        bgcolor: color === 'default' ? 'action.selected' : `${color}.main`,
        color: color === 'default' ? 'text.primary' : `${color}.contrastText`,
        ...(overlay
          ? {
              position: 'absolute',
              top: 2,
              insetInlineEnd: 0,
              minWidth: 18,
              height: 18,
              px: 0.5,
              pointerEvents: 'none',
            }
          : {}),
      }}
    >
      {label}
    </Box>
  );
}
