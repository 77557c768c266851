import Paper from '@mui/material/Paper';
import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/**
 * A wide table's frame: it scrolls sideways on a narrow window, so it takes the keyboard's focus
 * (arrow keys scroll it) and is a region named as its table (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function TableRegion({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      sx={{ mb: 3 }}
      tabIndex={0}
      role="region"
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </TableContainer>
  );
}
