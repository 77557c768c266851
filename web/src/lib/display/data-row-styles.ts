import { alpha, darken, lighten, type Theme } from '@mui/material/styles';

/**
 * A table's plain body rows and cells (components/ui/data-row.tsx), drawn as MUI's small TableRow
 * with hover and its body TableCell: one rule set for the console, in the theme's baseline, instead
 * of each cell's own style computation.
 */
export const dataRowStyles = (theme: Theme) => {
  const border = alpha(theme.palette.divider, 1);
  return {
    '.data-row': {
      color: 'inherit',
      display: 'table-row',
      verticalAlign: 'middle',
      outline: 0,
      '&:hover': { backgroundColor: theme.palette.action.hover },
    },
    '.data-cell': {
      ...theme.typography.body2,
      display: 'table-cell',
      verticalAlign: 'inherit',
      borderBottom: `1px solid ${theme.palette.mode === 'light' ? lighten(border, 0.88) : darken(border, 0.68)}`,
      // Flipped with every other rule in a right-to-left page, as MUI's own are.
      textAlign: 'left',
      padding: '6px 16px',
      color: theme.palette.text.primary,
    },
    '.data-cell-right': { textAlign: 'right', flexDirection: 'row-reverse' },
    '.data-cell-center': { textAlign: 'center' },
    '.data-cell-nowrap': { whiteSpace: 'nowrap' },
    // A long name (a vendor's, an account's) breaks inside its column rather than widen the table.
    '.data-cell-wrap': { overflowWrap: 'break-word', minWidth: 120 },
    // A link in a cell (a row's name), as MUI's Link with its default underline.
    '.data-link': {
      color: theme.palette.primary.main,
      textDecoration: 'underline',
      textDecorationColor: alpha(theme.palette.primary.main, 0.4),
      '&:hover': { textDecorationColor: 'inherit' },
    },
    // The same as a button (it opens something on the screen): MUI's Link with component="button".
    'button.data-link': {
      ...theme.typography.body2,
      background: 'transparent',
      border: 0,
      borderRadius: 0,
      padding: 0,
      margin: 0,
      cursor: 'pointer',
      userSelect: 'none',
      verticalAlign: 'middle',
      textAlign: 'inherit',
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    },
  };
};
